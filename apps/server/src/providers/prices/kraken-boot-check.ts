import { type BootCheck, BootCheckFailure, messageOf } from '../boot-check.ts';
import { readEnvelope } from './kraken-ticker.ts';

/**
 * Kraken's boot check. The ticker is public (no key, nothing to prove), so this checks only that
 * Kraken answers from here: GET /0/public/Time ("Get server time",
 * https://docs.kraken.com/api/docs/rest-api/get-server-time), in the {error: [], result} envelope
 * every public call answers (kraken-ticker.ts readEnvelope).
 */
const KRAKEN_URL = 'https://api.kraken.com';

export interface KrakenBootCheckSettings {
  /** KRAKEN_API_URL. */
  baseUrl?: string | undefined;
}

export function krakenBootCheck(settings: KrakenBootCheckSettings): BootCheck {
  const baseUrl = (settings.baseUrl ?? KRAKEN_URL).replace(/\/+$/, '');
  return {
    vendor: 'Kraken',
    target: `KRAKEN_API_URL (${baseUrl})`,
    async run(context) {
      let response: Response;
      let body: unknown;
      try {
        response = await context.fetch(`${baseUrl}/0/public/Time`, {
          headers: { accept: 'application/json' },
          signal: AbortSignal.timeout(context.timeoutMs),
        });
        body = await response.json().catch(() => undefined);
      } catch (error) {
        throw new BootCheckFailure(`Kraken could not be reached at KRAKEN_API_URL (${baseUrl}): ${messageOf(error)}`);
      }
      const envelope = readEnvelope(body);
      if (response.status !== 200 || !envelope)
        throw new BootCheckFailure(
          `Kraken answered HTTP ${response.status} without its JSON envelope at ${baseUrl}/0/public/Time: check KRAKEN_API_URL`,
        );
      if (envelope.errors.length > 0) throw new BootCheckFailure(`Kraken answered an error: ${envelope.errors.join(', ').slice(0, 200)}`);
      return 'public ticker reachable (no key to check)';
    },
  };
}
