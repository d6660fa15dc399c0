export { ARRIVAL_BY_NETWORK } from './fee-schedule.ts';
export { type QuoteService, type Standing } from './quote.service.ts';
export { createQuotesModule } from './quotes.module.ts';
export { type FirmQuote } from './firm-quote.ts';
