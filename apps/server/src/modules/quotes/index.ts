export { ARRIVAL_BY_NETWORK } from './fee-schedule.ts';
export { createQuoteService, type QuoteService } from './quote.service.ts';
export { createQuotesRepository, type QuoteRow, type QuotesRepository } from './quotes.repository.ts';
