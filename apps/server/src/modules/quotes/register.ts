import { defineLeafModule } from '../../platform/server-module.ts';
import { channelsOffOf } from '../../providers/channels-off.ts';
import { createCatalogue } from '../reference/index.ts';
import { registerEstimateRoutes } from './estimate.routes.ts';
import { createQuoteEstimator } from './quote-estimate.ts';

/**
 * The public buy estimate (order/estimate-buy): the quote arithmetic over the catalogue and the
 * price feed, for anyone. Its own module, beside the firm quotes the orders module builds.
 */
export const quoteEstimateModule = defineLeafModule('quote-estimate', ({ app, db, providers, rateLimiter, clock }) => {
  const estimator = createQuoteEstimator({
    catalogue: createCatalogue(db, { channelsOff: channelsOffOf(providers) }),
    prices: providers.prices.provider,
  });
  registerEstimateRoutes(app, { estimator, rateLimiter, clock });
});
