import { isIP } from 'node:net';
import type { GeoProvider } from './geo.ts';

/**
 * Loopback and private addresses (a laptop, a test) are in SANDBOX_GEO_COUNTRY. The documentation
 * ranges of RFC 5737 stand for fixed countries so tests can reach each rule:
 * 192.0.2.x → GB (UK rules), 198.51.100.x → KP (blocked), 203.0.113.x → US. Anything else is unknown.
 */
export function createSandboxGeo(localCountry: string): GeoProvider {
  const isLocal = (ip: string) =>
    ip === '::1' || /^127\./.test(ip) || /^10\./.test(ip) || /^192\.168\./.test(ip) || /^172\.(1[6-9]|2\d|3[01])\./.test(ip) || ip.startsWith('::ffff:127.');
  return {
    kind: 'sandbox',
    async countryOf(ip) {
      if (!isIP(ip.replace(/^::ffff:/, ''))) return null;
      const plain = ip.replace(/^::ffff:/, '');
      if (isLocal(ip)) return localCountry;
      if (plain.startsWith('192.0.2.')) return 'GB';
      if (plain.startsWith('198.51.100.')) return 'KP';
      if (plain.startsWith('203.0.113.')) return 'US';
      return null;
    },
  };
}
