import { type BootCheck, BootCheckFailure, messageOf, recordingStatus } from '../boot-check.ts';
import { createChainalysisScreening } from './chainalysis.ts';

/**
 * Chainalysis's boot check: one screening through the adapter, GET /api/v1/address/{address} with
 * X-API-Key (https://auth-developers.chainalysis.com/sanctions-screening/api-reference/reference/check-if-an-address-is-sanctioned),
 * of the address the documentation's own example screens. The API has no cheaper authenticated
 * read; whatever the verdict, an answer proves the key.
 */
const DOCUMENTED_EXAMPLE = { network: 'ETH', address: '0x1da5821544e25c636c1417ba96ade4cf6d2f9b5a' };
const CHAINALYSIS_URL = 'https://public.chainalysis.com';

export interface ChainalysisBootCheckSettings {
  apiKey: string;
  /** CHAINALYSIS_API_URL. */
  baseUrl?: string | undefined;
}

export function chainalysisBootCheck(settings: ChainalysisBootCheckSettings): BootCheck {
  const baseUrl = (settings.baseUrl ?? CHAINALYSIS_URL).replace(/\/+$/, '');
  return {
    vendor: 'Chainalysis',
    target: `CHAINALYSIS_API_URL (${baseUrl})`,
    async run(context) {
      const recorded = recordingStatus(context.fetch);
      const screening = createChainalysisScreening({
        apiKey: settings.apiKey,
        baseUrl,
        fetchImpl: recorded.fetch,
        timeoutMs: context.timeoutMs,
      });
      try {
        await screening.screen(DOCUMENTED_EXAMPLE);
        return 'CHAINALYSIS_API_KEY accepted (one address screened)';
      } catch (error) {
        const status = recorded.lastStatus();
        if (status === 401 || status === 403)
          throw new BootCheckFailure(
            `Chainalysis refused CHAINALYSIS_API_KEY (HTTP ${status}): check the key (the free sanctions screening key from Chainalysis's sign-up)`,
          );
        throw new BootCheckFailure(`Chainalysis: ${messageOf(error)}`);
      }
    },
  };
}
