export { accounts, CUSTOMER_BALANCE_PREFIX } from './chart-of-accounts.ts';
export { createLedgerModule } from './ledger.module.ts';
export { type JournalInput, type Ledger, type LedgerAccountSpec, type PostedJournal, type TrialBalanceLine } from './ledger.ts';
export { isOverdraftError } from './overdraft.ts';
export { movement } from './movement.ts';
