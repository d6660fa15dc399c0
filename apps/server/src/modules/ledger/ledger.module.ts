import type { Database } from '../../db/client.ts';
import type { Ledger } from './ledger.ts';
import { createLedger } from './ledger.repository.ts';

/** The ledger over its tables: the one service the module offers (modules/ledger/index.ts). */
export function createLedgerModule(db: Database): Ledger {
  return createLedger(db);
}
