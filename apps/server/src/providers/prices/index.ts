import type { Clock } from '../../platform/clock.ts';
import { createKrakenPriceFeed } from './kraken.ts';
import type { PriceFeed } from './price-feed.ts';
import { createSandboxPriceFeed } from './sandbox.ts';
import { PROVIDER_KINDS } from '../provider-kinds.ts';

export type { CurrencyPair, PriceFeed, PriceResult, ReferencePrice } from './price-feed.ts';
export { PriceUnavailableError } from './price-feed.ts';

/** The vendors, as the registry declares them (provider-kinds.ts). */
export const PRICE_FEED_KINDS = PROVIDER_KINDS.prices.vendors;

export interface PriceFeedOptions {
  /** PRICES_PROVIDER (or PRICE_FEED): `sandbox` (seeded, offline) or `kraken` (Kraken's public ticker, no key needed). */
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

/** One vendor's price feed, the one the registry (providers/registry.ts) chose. Bad options stop the boot with the variable's name. */
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
      throw new Error(
        `PRICE_FEED must be one of ${PRICE_FEED_KINDS.join(', ')} (got ${JSON.stringify((options as { kind: unknown }).kind)})`,
      );
  }
}
