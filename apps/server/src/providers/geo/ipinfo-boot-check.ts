import { type BootCheck, BootCheckFailure, messageOf } from '../boot-check.ts';

/**
 * ipinfo.io's boot check: GET /me?token=… (the token's own plan and request counts, ipinfo's MeResponse:
 * {token, requests: {day, month, limit, remaining}, features}), which answers only a valid token.
 * The token travels in the query, as the adapter (ipinfo.ts) sends it to /{ip}/country.
 */
const IPINFO_URL = 'https://ipinfo.io';

export interface IpinfoBootCheckSettings {
  token: string;
  /** ipinfo.io unless set (a stand-in for tests). */
  baseUrl?: string;
}

export function ipinfoBootCheck(settings: IpinfoBootCheckSettings): BootCheck {
  const baseUrl = (settings.baseUrl ?? IPINFO_URL).replace(/\/+$/, '');
  return {
    vendor: 'ipinfo.io',
    target: baseUrl,
    async run(context) {
      let response: Response;
      let body: unknown;
      try {
        response = await context.fetch(`${baseUrl}/me?token=${encodeURIComponent(settings.token)}`, {
          headers: { accept: 'application/json' },
          signal: AbortSignal.timeout(context.timeoutMs),
        });
        body = await response.json().catch(() => undefined);
      } catch (error) {
        throw new BootCheckFailure(`ipinfo.io could not be reached: ${messageOf(error)}`);
      }
      if (response.status === 401 || response.status === 403)
        throw new BootCheckFailure(
          `ipinfo.io refused IPINFO_TOKEN (HTTP ${response.status}): check the token (ipinfo.io, Account > Token)`,
        );
      if (response.status === 429)
        throw new BootCheckFailure("ipinfo.io answered HTTP 429: IPINFO_TOKEN's request quota is used up (see the plan's limits)");
      if (response.status !== 200) throw new BootCheckFailure(`ipinfo.io answered HTTP ${response.status} to the token check`);
      const requests = (body as { requests?: { remaining?: unknown } } | undefined)?.requests;
      if (typeof requests?.remaining === 'number' && requests.remaining <= 0)
        throw new BootCheckFailure(
          'ipinfo.io accepted IPINFO_TOKEN, but its request quota is used up: every country would read as unknown',
        );
      return 'IPINFO_TOKEN accepted';
    },
  };
}
