import { type BootCheck, BootCheckFailure, messageOf, recordingStatus } from '../boot-check.ts';
import { createKlarnaHttp } from './klarna-http.ts';
import { KlarnaRefusedError } from './klarna-provider.ts';

/**
 * Klarna's boot check. Klarna has no "who am I" read; the cheapest authenticated one is reading a
 * payment session ("Check the details of a payment session", GET /payments/v1/sessions/{session_id},
 * https://docs.klarna.com/klarna-payments/other-actions/check-the-details-of-a-payment-session/)
 * of an id no session has. Credentials are checked first: "If the credentials are missing or
 * incorrect, Klarna responds with 401 Unauthorized" (https://docs.klarna.com/acquirer/klarna/get-started/integration-resilience/authentication/),
 * so a 404 (no such session) proves them, for the environment and region of KLARNA_API_URL.
 */
const NO_SESSION = '00000000-0000-4000-8000-000000000000';

export interface KlarnaBootCheckSettings {
  username: string;
  password: string;
  /** KLARNA_API_URL. */
  baseUrl: string;
}

export function klarnaBootCheck(settings: KlarnaBootCheckSettings): BootCheck {
  const baseUrl = settings.baseUrl.replace(/\/+$/, '');
  return {
    vendor: 'Klarna',
    target: `KLARNA_API_URL (${baseUrl})`,
    async run(context) {
      const recorded = recordingStatus(context.fetch);
      const call = createKlarnaHttp({
        baseUrl,
        username: settings.username,
        password: settings.password,
        fetchImpl: recorded.fetch,
        timeoutMs: context.timeoutMs,
      });
      try {
        await call('boot check', 'GET', `/payments/v1/sessions/${NO_SESSION}`);
      } catch (error) {
        if (error instanceof KlarnaRefusedError && error.httpStatus === 404)
          return `KLARNA_USERNAME and KLARNA_PASSWORD accepted at ${baseUrl}`;
        const status = recorded.lastStatus();
        if (status === 401)
          throw new BootCheckFailure(
            `Klarna refused KLARNA_USERNAME / KLARNA_PASSWORD (HTTP 401): check the credentials (Merchant portal, Settings > Klarna API keys) and that KLARNA_API_URL is their environment and region (playground or live; Europe api, North America api-na, Oceania api-oc)`,
          );
        if (status === 403)
          throw new BootCheckFailure(
            'Klarna accepted the credentials but refused Klarna Payments (HTTP 403): ask Klarna to enable Klarna Payments for this merchant ID',
          );
        throw new BootCheckFailure(`Klarna: ${messageOf(error)}`);
      }
      // A session of the all-zero id exists only on a stand-in; the credentials were accepted either way.
      return `KLARNA_USERNAME and KLARNA_PASSWORD accepted at ${baseUrl}`;
    },
  };
}
