export { ARRIVAL_BY_NETWORK, type FeeSchedule, type PricedFees, quotedRatesOf } from './fee-schedule.ts';
export {
  type ChannelFee,
  FEE_BOUNDS,
  type FeeListing,
  type FeeScheduleSource,
  type FeeSettings,
  type NetworkFee,
  type Promotion,
  type SpreadRate,
} from './fee-settings.ts';
export { sellPayoutAt } from './quote-pricing.ts';
export { type QuoteService, type Standing } from './quote.service.ts';
export { createQuotesModule } from './quotes.module.ts';
export { type FirmQuote } from './firm-quote.ts';
export { quotesModule, type QuotesFace } from './register.ts';
