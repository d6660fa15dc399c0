import type Decimal from 'decimal.js';

export interface LedgerAccountSpec {
  /** Unique and readable, e.g. `inventory:BTC` or `order:ord_x:EUR`. */
  code: string;
  currency: string;
  normalSide: 'debit' | 'credit';
  /** The account may never go below zero in its normal direction (inventory, customer balances). */
  noOverdraft?: boolean;
  description?: string;
}

export interface JournalInput {
  kind: string;
  reference: string;
  /** The same key posts once: a retried settlement step finds its journal instead of posting twice. */
  idempotencyKey: string;
  reverses?: string;
  description?: string;
  /** Debit positive, credit negative; each currency must sum to zero. */
  entries: Array<{ account: LedgerAccountSpec; amount: Decimal }>;
}

/** A posted journal, with its entries by account code. */
export interface PostedJournal {
  id: string;
  kind: string;
  reference: string;
  idempotencyKey: string;
  reverses: string | null;
  description: string | null;
  postedAt: Date;
  entries: Array<{ code: string; currency: string; amount: Decimal }>;
}

/**
 * The double-entry ledger (docs/trust.md "Money"), as other modules use it: balanced journals in,
 * balances and journals out, plain data. The database refuses an unbalanced posting whatever the code does.
 */
export interface Ledger {
  /** The account's id, created on first use. */
  accountId(spec: LedgerAccountSpec): Promise<string>;
  /**
   * Locks the accounts of the journals a transaction is about to post, in the one order every
   * posting takes them (by id), until it ends: a transaction that posts several journals takes all
   * their balances at once, so two of them never each hold one the other waits for (a deadlock).
   */
  lockAccounts(accounts: LedgerAccountSpec[]): Promise<void>;
  /** Posts one journal inside the caller's transaction; the same key posts once. */
  post(input: JournalInput): Promise<{ journalId: string; posted: boolean }>;
  /** Posts the mirror of the journal of `key` (null when there is none). */
  reverse(key: string, reversal: { kind: string; idempotencyKey: string }): Promise<{ journalId: string; posted: boolean } | null>;
  hasJournal(key: string): Promise<boolean>;
  /** The account's balance in its normal direction. */
  balance(code: string): Promise<Decimal>;
  /** Every account whose code starts with `prefix` (taken literally, e.g. a person's `balance:usr_x:`), by code. */
  balancesStartingWith(prefix: string): Promise<Array<{ code: string; currency: string; balance: Decimal }>>;
  /** The journals of a reference (e.g. an order), oldest first. */
  journalsOf(reference: string): Promise<PostedJournal[]>;
  /** Per currency, the sum of every account's balance: zero for each, always. */
  trialBalance(): Promise<Map<string, Decimal>>;
  /**
   * The trial balance line by line (the operator's desk): each account's balance, debit positive, by
   * code and currency; the people's balances (`balance:<user>:<currency>`) summed into one line per
   * currency, `balance:*`, with how many accounts it sums.
   */
  trialBalanceLines(): Promise<TrialBalanceLine[]>;
}

export interface TrialBalanceLine {
  account: string;
  currency: string;
  accounts: number;
  /** Debits minus credits: positive stands on the debit side, negative on the credit side. */
  balance: Decimal;
}
