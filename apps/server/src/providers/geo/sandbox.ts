import { isIP } from 'node:net';
import type { GeoProvider } from './geo.ts';

/** Loopback and private ranges (RFC 1918), tested on the plain address. */
const isLocal = (ip: string) =>
  ip === '::1' || /^127\./.test(ip) || /^10\./.test(ip) || /^192\.168\./.test(ip) || /^172\.(1[6-9]|2\d|3[01])\./.test(ip);

/**
 * Loopback and private addresses (a laptop, a test) are in SANDBOX_GEO_COUNTRY. The documentation
 * ranges of RFC 5737 stand for fixed countries so tests can reach each rule:
 * 192.0.2.x → GB (UK rules), 198.51.100.x → KP (blocked), 203.0.113.x → US. Anything else is unknown.
 * An IPv4-mapped IPv6 address (::ffff:a.b.c.d, as a dual-stack socket reports IPv4) counts as its IPv4 address.
 */
export function createSandboxGeo(localCountry: string): GeoProvider {
  return {
    kind: 'sandbox',
    async countryOf(ip) {
      const plain = ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
      if (!isIP(plain)) return null;
      if (isLocal(plain)) return localCountry;
      if (plain.startsWith('192.0.2.')) return 'GB';
      if (plain.startsWith('198.51.100.')) return 'KP';
      if (plain.startsWith('203.0.113.')) return 'US';
      return null;
    },
  };
}
