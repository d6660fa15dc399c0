export { accounts } from './chart-of-accounts.ts';
export { createLedger, type JournalInput, type Ledger, type LedgerAccountSpec } from './ledger.repository.ts';
