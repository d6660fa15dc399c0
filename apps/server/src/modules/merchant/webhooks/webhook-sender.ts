import type { LookupAddress } from 'node:dns';
import { lookup as dnsLookup } from 'node:dns/promises';
import { type Agent as HttpAgent, request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** How long an endpoint has to answer; a slow merchant must not hold a worker. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
export const WEBHOOK_USER_AGENT = 'Causeway-Webhooks/1';

export interface SendOutcome {
  /** The HTTP status the endpoint answered, or null when there was no answer. */
  statusCode: number | null;
  /** Why it did not succeed, in a few words (never the endpoint's answer body, which we do not keep). */
  error: string | null;
  durationMs: number;
}

export interface WebhookRequest {
  url: string;
  /** The endpoint's `whsec_…` secret. */
  secret: string;
  messageId: string;
  body: string;
  at: Date;
}

/**
 * Addresses a production install never posts to: a merchant's URL naming (or resolving to) our own
 * network would let anyone with a merchant account probe it (server-side request forgery).
 */
const PRIVATE_NETWORKS = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const)
  PRIVATE_NETWORKS.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const)
  PRIVATE_NETWORKS.addSubnet(network, prefix, 'ipv6');
// No rule for IPv4-mapped IPv6 (::ffff:0:0/96): BlockList checks a mapped address against the IPv4 rules
// above, and such a rule would match every IPv4 address, public ones included.

const isPrivateAddress = (address: string) => PRIVATE_NETWORKS.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');

/** Resolves a host name to every address it has (the system resolver by default; tests answer for it). */
export type ResolveHost = (hostname: string) => Promise<LookupAddress[]>;
const systemResolve: ResolveHost = (hostname) => dnsLookup(hostname, { all: true });

/** A refusal of the destination itself: said as is in the attempt's log. */
class RefusedDestination extends Error {}

/**
 * The `lookup` handed to the connection: it resolves once, refuses the host if any address is private
 * (on a production install), and gives the socket only addresses it checked. The socket connects to
 * what this answers and resolves nothing else, so a second, different answer from DNS (rebinding)
 * never reaches it; TLS still names the host (SNI, certificate, Host header).
 */
function checkedLookup(resolve: ResolveHost, privateNetworks: boolean): LookupFunction {
  return (hostname, options, callback) => {
    const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
    resolve(hostname)
      .then((all) => {
        if (!privateNetworks && all.some((entry) => isPrivateAddress(entry.address)))
          throw new RefusedDestination('the endpoint resolves to a private address');
        const usable = family === 4 || family === 6 ? all.filter((entry) => entry.family === family) : all;
        if (usable.length === 0) throw Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' });
        return usable;
      })
      .then(
        (addresses) => (options.all ? callback(null, addresses) : callback(null, addresses[0]!.address, addresses[0]!.family)),
        (error: NodeJS.ErrnoException) => callback(error, ''),
      );
  };
}

export interface WebhookSenderOptions {
  /** Whether loopback and private addresses, and plain http, may be posted to (sandbox installs). */
  privateNetworks: boolean;
  /** Resolves the endpoint's host, once an attempt. Default: the system resolver, every address. */
  resolve?: ResolveHost;
  /** Opens the connections; tests stand in for the network with one. Default: a fresh one per attempt (no pooled sockets). */
  agent?: HttpAgent;
}

/**
 * Sends one signed attempt (Standard Webhooks: webhook-id, webhook-timestamp, webhook-signature, signed
 * by the maintained `standardwebhooks` library). Any 2xx is success; a redirect is not followed and
 * counts as a failure, as every other answer. The answer's body is never read: the connection is
 * closed once the status is in.
 */
export function createWebhookSender(options: WebhookSenderOptions) {
  const lookup = checkedLookup(options.resolve ?? systemResolve, options.privateNetworks);

  /** A refusal that needs no connection: the scheme, or an address written in the URL itself. */
  function refusedUrl(url: URL): string | null {
    if (url.protocol !== 'https:' && !(options.privateNetworks && url.protocol === 'http:'))
      return options.privateNetworks ? 'the endpoint is not http(s)' : 'the endpoint is not https';
    const host = url.hostname.replace(/^\[|\]$/g, '');
    return !options.privateNetworks && isIP(host) && isPrivateAddress(host) ? 'the endpoint resolves to a private address' : null;
  }

  /** Posts and answers the status, with the connection closed before the body is read. */
  function post(url: URL, headers: Record<string, string>, body: string, signal: AbortSignal): Promise<number> {
    return new Promise((resolve, reject) => {
      const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(url, {
        method: 'POST',
        headers,
        signal,
        lookup,
        agent: options.agent ?? false,
      });
      request.on('response', (response) => {
        resolve(response.statusCode ?? 0);
        response.destroy();
      });
      request.on('error', reject);
      request.end(body);
    });
  }

  return async function sendWebhook(request: WebhookRequest): Promise<SendOutcome> {
    const started = performance.now();
    const outcome = (statusCode: number | null, error: string | null): SendOutcome => ({
      statusCode,
      error,
      durationMs: Math.round(performance.now() - started),
    });
    // The whole attempt, the name's resolution included.
    const signal = AbortSignal.timeout(WEBHOOK_TIMEOUT_MS);
    try {
      const url = new URL(request.url);
      const refused = refusedUrl(url);
      if (refused) return outcome(null, refused);
      const signature = new Webhook(request.secret).sign(request.messageId, request.at, request.body);
      const status = await post(
        url,
        {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(request.body)),
          'user-agent': WEBHOOK_USER_AGENT,
          'webhook-id': request.messageId,
          'webhook-timestamp': String(Math.floor(request.at.getTime() / 1000)),
          'webhook-signature': signature,
        },
        request.body,
        signal,
      );
      return status >= 200 && status < 300 ? outcome(status, null) : outcome(status, `answered ${status}`);
    } catch (error) {
      if (error instanceof RefusedDestination) return outcome(null, error.message);
      if (signal.aborted) return outcome(null, `no answer within ${WEBHOOK_TIMEOUT_MS / 1000} s`);
      // The socket's own message names the cause (refused, unknown host) without any secret in it.
      const cause = error instanceof Error ? error.message : String(error);
      return outcome(null, `could not reach the endpoint: ${cause}`.slice(0, 200));
    }
  };
}

export type WebhookSender = ReturnType<typeof createWebhookSender>;
