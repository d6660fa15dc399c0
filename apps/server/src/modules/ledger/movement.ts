import type Decimal from 'decimal.js';
import type { JournalInput, LedgerAccountSpec } from './ledger.ts';

/** One amount moved from one account to another: `debit` takes it, `credit` gives it. */
export function movement(
  journal: Pick<JournalInput, 'kind' | 'reference' | 'idempotencyKey'>,
  debit: LedgerAccountSpec,
  credit: LedgerAccountSpec,
  amount: Decimal,
): JournalInput {
  return {
    ...journal,
    entries: [
      { account: debit, amount },
      { account: credit, amount: amount.negated() },
    ],
  };
}
