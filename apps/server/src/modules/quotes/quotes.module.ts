import type { Database } from '../../db/client.ts';
import { createQuoteService } from './quote.service.ts';
import { createQuotesRepository } from './quotes.repository.ts';

type QuoteServiceDeps = Parameters<typeof createQuoteService>[0];

/**
 * Firm quotes over their own table; the catalogue (the reference module's), the fee schedule (this module's
 * face) and the tiers' limits (the kyc module's), each one cached copy per process, come in with the rest
 * (spending, prices, KYC level, merchant transactions).
 */
export function createQuotesModule(deps: Omit<QuoteServiceDeps, 'quotes'> & { db: Database }) {
  const { db, ...rest } = deps;
  return createQuoteService({ ...rest, quotes: createQuotesRepository(db) });
}
