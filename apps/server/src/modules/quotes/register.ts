import { defineModule } from '../../platform/server-module.ts';
import { registerEstimateRoutes } from './estimate.routes.ts';
import { createFeeSettings, type FeeScheduleSource, type FeeSettings } from './fee-settings.ts';
import { createFeeSettingsRepository } from './fee-settings.repository.ts';
import { createQuoteEstimator } from './quote-estimate.ts';

/** What the quotes module offers: the fee schedule quotes price with, and the fees as an operator changes them. */
export interface QuotesFace {
  /** One per process, cached (decision 003): the firm quotes (built by the orders module) price with it. */
  feeSchedule: FeeScheduleSource;
  /** The operator's desk: list the fees and change them (each change answers its before and after). */
  fees: FeeSettings;
}

declare module '../../platform/server-module.ts' {
  interface ModuleFaces {
    quotes: QuotesFace;
  }
}

/**
 * The fee schedule as data, and the public buy estimate (order/estimate-buy): the quote arithmetic over the
 * catalogue and the price feed, for anyone. The firm quotes are built by the orders module over this face.
 */
export const quotesModule = defineModule('quotes', ({ app, db, providers, rateLimiter, clock, unitOfWork, faces }) => {
  const fees = createFeeSettings({ repository: createFeeSettingsRepository(db), transaction: unitOfWork.transaction, clock });
  const estimator = createQuoteEstimator({
    catalogue: faces.get('reference').catalogue,
    fees,
    prices: providers.prices.provider,
  });
  registerEstimateRoutes(app, { estimator, rateLimiter, clock });
  return { feeSchedule: fees, fees };
});
