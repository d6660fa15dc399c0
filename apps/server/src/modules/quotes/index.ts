export { ARRIVAL_BY_NETWORK, ourFeeRate } from './fee-schedule.ts';
export { sellPayoutAt } from './quote-pricing.ts';
export { type QuoteService, type Standing } from './quote.service.ts';
export { createQuotesModule } from './quotes.module.ts';
export { type FirmQuote } from './firm-quote.ts';
export { quoteEstimateModule } from './register.ts';
