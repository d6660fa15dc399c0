import { isIP } from 'node:net';
import type { GeoProvider } from './geo.ts';

export interface IpinfoOptions {
  token: string;
  baseUrl?: string;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}

/**
 * ipinfo.io's documented "country" endpoint: GET https://ipinfo.io/{ip}/country?token=... answers
 * the two-letter code as plain text. A timeout or error is "unknown", never a failed sign-in.
 */
export function createIpinfoGeo(options: IpinfoOptions): GeoProvider {
  if (!options.token) throw new Error('IPINFO_TOKEN is required for the ipinfo geo provider');
  const fetchImpl = options.fetchImpl ?? fetch;
  const base = (options.baseUrl ?? 'https://ipinfo.io').replace(/\/+$/, '');
  return {
    kind: 'ipinfo',
    async countryOf(ip) {
      if (!isIP(ip)) return null;
      try {
        const response = await fetchImpl(`${base}/${encodeURIComponent(ip)}/country?token=${encodeURIComponent(options.token)}`, {
          signal: AbortSignal.timeout(options.timeoutMs ?? 2_000),
        });
        if (!response.ok) return null;
        const country = (await response.text()).trim().toUpperCase();
        return /^[A-Z]{2}$/.test(country) ? country : null;
      } catch {
        return null;
      }
    },
  };
}
