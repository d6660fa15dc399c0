import type { Clock } from '../../platform/clock.ts';
import { createKrakenPriceFeed } from './kraken.ts';
import type { PriceFeed } from './price-feed.ts';
import { createSandboxPriceFeed } from './sandbox.ts';

export type { CurrencyPair, PriceFeed, PriceResult, ReferencePrice } from './price-feed.ts';
export { PriceUnavailableError } from './price-feed.ts';

export const PRICE_FEED_KINDS = ['sandbox', 'kraken'] as const;

export interface PriceFeedOptions {
  /** PRICE_FEED: `sandbox` (seeded, offline) or `kraken` (Kraken's public ticker, no key needed). */
  kind: (typeof PRICE_FEED_KINDS)[number];
  clock: Clock;
  /** SANDBOX_PRICE_SEED: the sandbox's walk (required with `sandbox`). */
  seed?: string;
  /** PRICE_MAX_AGE_MS: the oldest price a real feed answers (60000). */
  maxAgeMs?: number;
  /** KRAKEN_API_URL: Kraken's API base (https://api.kraken.com). */
  krakenBaseUrl?: string;
  /** A stand-in fetch for tests. */
  fetchImpl?: typeof fetch;
}

/** The price feed PRICE_FEED names (the only place that chooses). Bad options stop the boot with the variable's name. */
export function createPriceFeed(options: PriceFeedOptions): PriceFeed {
  switch (options.kind) {
    case 'sandbox':
      return createSandboxPriceFeed({ seed: options.seed ?? '', clock: options.clock });
    case 'kraken':
      return createKrakenPriceFeed({
        clock: options.clock,
        ...(options.krakenBaseUrl ? { baseUrl: options.krakenBaseUrl } : {}),
        ...(options.maxAgeMs !== undefined ? { maxAgeMs: options.maxAgeMs } : {}),
        ...(options.fetchImpl ? { fetchImpl: options.fetchImpl } : {}),
      });
    default:
      throw new Error(`PRICE_FEED must be one of ${PRICE_FEED_KINDS.join(', ')} (got ${JSON.stringify((options as { kind: unknown }).kind)})`);
  }
}
