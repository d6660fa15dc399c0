import type { Database } from '../../db/client.ts';
import { createCatalogue } from '../reference/index.ts';
import { createQuoteService } from './quote.service.ts';
import { createQuotesRepository } from './quotes.repository.ts';

type QuoteServiceDeps = Parameters<typeof createQuoteService>[0];

/** Firm quotes over their own table and the catalogue's pair offers; the rest (spending, prices, KYC level, merchant transactions) comes in. */
export function createQuotesModule(
  deps: Omit<QuoteServiceDeps, 'reference' | 'quotes'> & {
    db: Database;
    /** Channels switched off on this install (providers/channels-off.ts): never quoted. */
    channelsOff?: readonly string[];
  },
) {
  const { db, channelsOff = [], ...rest } = deps;
  return createQuoteService({ ...rest, reference: createCatalogue(db, { channelsOff }), quotes: createQuotesRepository(db) });
}
