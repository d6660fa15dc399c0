import { isIPv4, isIPv6 } from 'node:net';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * What every per-IP rate limit counts this request's client as (clientIpKey of request.ip).
     * Logs and anything that needs the real address (geo, the bot check) keep using request.ip.
     */
    readonly ipKey: string;
  }
}

/**
 * Gives every request `ipKey`, so all per-IP limits key a client the same way. A getter: computed
 * only by the requests that are limited, not on every request.
 */
export function registerClientIpKey(app: FastifyInstance): void {
  if (app.hasRequestDecorator('ipKey')) return;
  app.decorateRequest('ipKey', {
    getter(this: { ip: string }) {
      return clientIpKey(this.ip);
    },
  });
}

/**
 * What a per-IP rate limit counts a client address as. An IPv4 address counts alone. An IPv6
 * address counts as its /64: one home or phone is usually handed a whole /64, so keying by the
 * full address would give its holder 2^64 fresh counters. An IPv4-mapped IPv6 address
 * (::ffff:192.0.2.1, what a dual-stack socket reports for an IPv4 client) counts as its IPv4
 * address. Anything else (not an address) is kept as it is.
 */
export function clientIpKey(ip: string): string {
  if (isIPv4(ip)) return ip;
  const address = ip.split('%')[0] ?? ip; // a zone (fe80::1%eth0) names the local link, not the client
  if (!isIPv6(address)) return ip;
  const groups = ipv6Groups(address);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address, with :: expanded and a dotted IPv4 tail as two groups. */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((group) => Number.parseInt(group, 16)));
  const before = parse(head);
  const after = tail === undefined ? [] : parse(tail);
  return [...before, ...Array<number>(8 - before.length - after.length).fill(0), ...after];
}
