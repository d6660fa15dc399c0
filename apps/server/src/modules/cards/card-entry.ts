import { ErrorCode, type CardFieldsSession } from '@causeway/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../platform/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import { newId } from '../../platform/crypto.ts';
import type { RateLimiter } from '../../platform/rate-limit.repository.ts';
import { RateLimitedError } from '../../platform/rate-limited.ts';
import {
  type CardProcessorProvider,
  ProcessorTimeoutError,
  ProcessorUnavailableError,
} from '../../providers/card-processor/card-processor.ts';
import type { GeoProvider } from '../../providers/geo/geo.ts';
import type { Principal } from '../identity/index.ts';

/**
 * Sessions per person and hour: each opening of the add-card form makes one (and a retry after a
 * failure another). Each is a call to the processor on our secret key, so a stranger with a session
 * must not be able to make them without end.
 */
export const CARD_ENTRY_SESSIONS_PER_HOUR = 30;
const HOUR_MS = 60 * 60 * 1000;

/** The session's currency: its amount is 0, so it only tells the processor which currency's rules to show the card under. */
const CARD_ENTRY_CURRENCY = 'EUR';
/**
 * Where the person is unknown (no geo answer): the processor chooses payment methods by the billing
 * country, and only the card is enabled, so any country opens the same card fields.
 */
const FALLBACK_BILLING_COUNTRY = 'GB';

/**
 * card/card-fields-session: opens the processor's browser card fields for one signed-in person
 * (Checkout.com Flow's Payment Session), or answers null when its fields need no session (the
 * sandbox processor's page). Limited per person; the session's token and secret go to that
 * person's browser only, never to a log.
 */
export function createCardEntry(deps: {
  processor: CardProcessorProvider;
  geo: GeoProvider;
  rateLimiter: RateLimiter;
  clock: Clock;
  publicUrl: string;
  log: FastifyBaseLogger;
}) {
  return {
    async start(user: Principal, ip: string): Promise<CardFieldsSession> {
      const verdict = await deps.rateLimiter.hit(`card-entry:user:${user.id}`, CARD_ENTRY_SESSIONS_PER_HOUR, HOUR_MS, deps.clock.now());
      if (!verdict.allowed)
        throw new RateLimitedError(
          verdict.retryAfterMs,
          `Too many card entry sessions: try again in ${Math.ceil(verdict.retryAfterMs / 60_000)} minutes.`,
        );
      const billingCountry = (await deps.geo.countryOf(ip)) ?? FALLBACK_BILLING_COUNTRY;
      try {
        const session = await deps.processor.startCardEntry({
          reference: newId('cfs'),
          billingCountry,
          currency: CARD_ENTRY_CURRENCY,
          // Tokenising never redirects; were the processor to, the person lands back on the app.
          // CARD_PROCESSOR=checkout requires PUBLIC_URL (config.ts); the sandbox does not read it.
          returnUrl: `${deps.publicUrl}/`,
        });
        return { paymentSession: session && { id: session.id, paymentSessionToken: session.token, paymentSessionSecret: session.secret } };
      } catch (error) {
        if (error instanceof ProcessorUnavailableError || error instanceof ProcessorTimeoutError) {
          // The operator's clue (scopes, processing channel); the adapter keeps keys out of it.
          deps.log.warn({ processor: deps.processor.kind, reason: error.message }, 'card entry session refused');
          throw new AppError(ErrorCode.PaymentMethodUnavailable);
        }
        throw error;
      }
    },
  };
}

export type CardEntry = ReturnType<typeof createCardEntry>;
