export { accounts } from './chart-of-accounts.ts';
export { createLedgerModule } from './ledger.module.ts';
export { type JournalInput, type Ledger, type LedgerAccountSpec, type PostedJournal } from './ledger.ts';
