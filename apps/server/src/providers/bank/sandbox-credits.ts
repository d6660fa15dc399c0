import type { Clock } from '../../platform/clock.ts';
import { newId } from '../../platform/crypto.ts';
import { type BankProvider, BankRefusedError, type IncomingCredit, type NamedAccount } from './bank.ts';
import { type BankCurrency, checkNamedAccountInput, formatBankAmount, isBankCurrency, parseBankAmount } from './bank-input.ts';
import { electronicIban, isValidIban, isValidUkAccountNumber, sortCodeDigits } from './iban.ts';
import {
  namedAccountNumber,
  SANDBOX_BANK_ADDRESSES,
  SANDBOX_BANK_BIC,
  SANDBOX_BANK_NAME,
  SANDBOX_COLLECTION_ACCOUNTS,
  SANDBOX_SORT_CODE,
  sandboxIban,
} from './sandbox-bank-accounts.ts';
import type { SandboxBankAccountRow, SandboxBankBook, SandboxBankCreditRow } from './sandbox-bank.repository.ts';

/**
 * What the sandbox bank's page and call make arrive (docs/sandbox.md "Bank"). The account is named
 * one way at most: its id, its IBAN, or its sort code and account number; none at all is the
 * collection account of the currency.
 */
export interface SimulateCreditInput {
  accountId?: string | null | undefined;
  iban?: string | null | undefined;
  sortCode?: string | null | undefined;
  accountNumber?: string | null | undefined;
  currency: string;
  /** A positive decimal string with at most 2 decimals. */
  amount: string;
  /** What the sender typed as the payment reference (may be empty, at most 140 characters). */
  reference: string;
  payerName: string;
  /** The sender's IBAN or UK account, as their bank passes it on (optional, at most 64 characters). */
  payerAccount?: string | null | undefined;
}

/** A sandbox-only input the page or call should not have let through: the field, and what is wrong with it. */
export class SandboxBankInputError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'SandboxBankInputError';
  }
}

/** Draws of an account number before giving up: with 10^8 numbers a second draw is already a rarity. */
const NUMBER_DRAWS = 5;
const NAME = /^[^\p{Cc}]{1,140}$/u;
const PAYER_ACCOUNT = /^[A-Za-z0-9 -]{1,64}$/;

type CreditMethods = Pick<BankProvider, 'openNamedAccount' | 'listCredits' | 'getCredit'>;

export interface SandboxCredits extends CreditMethods {
  /**
   * Sandbox only: a transfer arrives now, as someone's bank would send it, and is RECEIVED at once.
   * Throws SandboxBankInputError for a bad field, BankRefusedError INVALID_ACCOUNT for an account the
   * sandbox bank does not hold, UNSUPPORTED_CURRENCY for a currency the account does not take.
   */
  simulateIncomingCredit(input: SimulateCreditInput): Promise<IncomingCredit>;
  /** Sandbox only: the sender's bank recalls a credit: RETURNED from now on (again is a no-op). Throws BankRefusedError UNKNOWN_CREDIT. */
  returnCredit(creditId: string): Promise<IncomingCredit>;
  /** Sandbox only: the latest credits, newest first. */
  recentCredits(limit: number): Promise<IncomingCredit[]>;
}

const creditOf = (row: SandboxBankCreditRow): IncomingCredit => ({
  creditId: row.id,
  accountId: row.accountId,
  currency: row.currency,
  // numeric(38, 18) answers trailing zeros: the amount in the currency's precision.
  amount: formatBankAmount(row.amount),
  reference: row.reference,
  payerName: row.payerName,
  payerAccount: row.payerAccount,
  status: row.status === 'RETURNED' ? 'RETURNED' : 'RECEIVED',
  receivedAt: row.receivedAt,
});

const accountOf = (row: SandboxBankAccountRow): NamedAccount => {
  const currency = row.currency as BankCurrency;
  return {
    accountId: row.id,
    holderReference: row.holderReference,
    holderName: row.holderName,
    currency,
    scheme: currency === 'EUR' ? 'SEPA' : 'FPS',
    iban: row.iban,
    bic: row.iban ? SANDBOX_BANK_BIC : null,
    sortCode: row.sortCode,
    accountNumber: row.accountNumber,
    bankName: SANDBOX_BANK_NAME,
    bankAddress: SANDBOX_BANK_ADDRESSES[currency],
  };
};

export const checkLimit = (limit: number): number => {
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new Error('a list limit is a whole number from 1 to 1000');
  return limit;
};

/** The sandbox bank's named accounts and the credits that arrive on them, kept in the database. */
export function createSandboxCredits(deps: { book: SandboxBankBook; clock: Clock }): SandboxCredits {
  const { book, clock } = deps;

  async function openAccount(holderReference: string, holderName: string, currency: BankCurrency): Promise<SandboxBankAccountRow> {
    for (let draw = 0; draw < NUMBER_DRAWS; draw += 1) {
      const number = namedAccountNumber(holderReference, currency, draw, currency === 'EUR' ? 11 : 8);
      const row: SandboxBankAccountRow = {
        id: newId('bac'),
        holderReference,
        holderName,
        currency,
        iban: currency === 'EUR' ? sandboxIban(number) : null,
        sortCode: currency === 'GBP' ? SANDBOX_SORT_CODE : null,
        accountNumber: currency === 'GBP' ? number : null,
        createdAt: clock.now(),
      };
      await book.insertAccount(row);
      // Not kept: a racing call opened this holder's account first (answer it), or the number is taken (draw again).
      const stored = await book.findAccountByHolder(holderReference, currency);
      if (stored) return stored;
    }
    throw new Error('sandbox bank: no free account number after several draws');
  }

  /** The named account a credit is for, or null for the collection account; checks it takes the currency. */
  async function accountFor(input: SimulateCreditInput, currency: BankCurrency): Promise<string | null> {
    const takes = (row: SandboxBankAccountRow | undefined, what: string) => {
      if (!row) throw new BankRefusedError('INVALID_ACCOUNT', `the sandbox bank holds no account with this ${what}`);
      if (row.currency !== currency) throw new BankRefusedError('UNSUPPORTED_CURRENCY', `this account takes ${row.currency} only`);
      return row.id;
    };
    if (input.accountId) return takes(input.accountId.length <= 40 ? await book.findAccountById(input.accountId) : undefined, 'id');
    if (input.iban) {
      const iban = electronicIban(input.iban);
      if (!isValidIban(iban)) throw new SandboxBankInputError('iban', 'The IBAN is not valid: check its country, length and check digits');
      if (currency !== 'EUR') throw new BankRefusedError('UNSUPPORTED_CURRENCY', 'an IBAN of the sandbox bank takes EUR only');
      return iban === SANDBOX_COLLECTION_ACCOUNTS.EUR.iban ? null : takes(await book.findAccountByIban(iban), 'IBAN');
    }
    if (input.sortCode || input.accountNumber) {
      const sortCode = sortCodeDigits(input.sortCode ?? '');
      const accountNumber = (input.accountNumber ?? '').trim();
      if (!sortCode || !isValidUkAccountNumber(accountNumber))
        throw new SandboxBankInputError('sortCode', 'Enter a six-digit sort code and an eight-digit account number');
      if (currency !== 'GBP') throw new BankRefusedError('UNSUPPORTED_CURRENCY', 'a UK account of the sandbox bank takes GBP only');
      const collection = SANDBOX_COLLECTION_ACCOUNTS.GBP;
      if (sortCode === collection.sortCode && accountNumber === collection.accountNumber) return null;
      return takes(await book.findAccountByUk(sortCode, accountNumber), 'sort code and account number');
    }
    return null;
  }

  return {
    async openNamedAccount(input) {
      const { holderReference, holderName, currency } = checkNamedAccountInput(input);
      const stored =
        (await book.findAccountByHolder(holderReference, currency)) ?? (await openAccount(holderReference, holderName, currency));
      return accountOf(stored);
    },

    async listCredits(since, limit) {
      return (await book.listCredits(since, checkLimit(limit))).map(creditOf);
    },

    async getCredit(creditId) {
      const row = typeof creditId === 'string' && creditId.length <= 40 ? await book.findCredit(creditId) : undefined;
      if (!row) throw new BankRefusedError('UNKNOWN_CREDIT', 'the sandbox bank has no credit with this id');
      return creditOf(row);
    },

    async simulateIncomingCredit(input) {
      if (!isBankCurrency(input.currency)) throw new SandboxBankInputError('currency', 'The currency is EUR or GBP');
      const amount = parseBankAmount(input.amount);
      if (!amount) throw new SandboxBankInputError('amount', 'The amount is a positive number with at most 2 decimals, such as 100.00');
      const reference = typeof input.reference === 'string' ? input.reference.trim() : '';
      if (reference.length > 140 || /\p{Cc}/u.test(reference))
        throw new SandboxBankInputError('reference', 'The reference is at most 140 characters');
      const payerName = typeof input.payerName === 'string' ? input.payerName.trim() : '';
      if (!NAME.test(payerName)) throw new SandboxBankInputError('payerName', "Enter the payer's name (at most 140 characters)");
      const payerAccount = input.payerAccount?.trim() ? input.payerAccount.trim() : null;
      if (payerAccount !== null && !PAYER_ACCOUNT.test(payerAccount))
        throw new SandboxBankInputError('payerAccount', "The payer's account is at most 64 letters, digits, spaces and dashes");
      const row = await book.insertCredit({
        id: newId('bcr'),
        accountId: await accountFor(input, input.currency),
        currency: input.currency,
        amount: amount.toFixed(2),
        reference,
        payerName,
        payerAccount: payerAccount && isValidIban(electronicIban(payerAccount)) ? electronicIban(payerAccount) : payerAccount,
        status: 'RECEIVED',
        receivedAt: clock.now(),
        returnedAt: null,
      });
      return creditOf(row);
    },

    async returnCredit(creditId) {
      const returned = typeof creditId === 'string' && creditId.length <= 40 ? await book.returnCredit(creditId, clock.now()) : undefined;
      const row = returned ?? (typeof creditId === 'string' && creditId.length <= 40 ? await book.findCredit(creditId) : undefined);
      if (!row) throw new BankRefusedError('UNKNOWN_CREDIT', 'the sandbox bank has no credit with this id');
      return creditOf(row);
    },

    async recentCredits(limit) {
      return (await book.recentCredits(checkLimit(limit))).map(creditOf);
    },
  };
}
