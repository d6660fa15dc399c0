import { createHash } from 'node:crypto';
import { makeIban } from './iban.ts';

/**
 * docs/sandbox.md "Bank": the sandbox bank's own details and the beneficiary accounts whose
 * payments end a documented way. Every other valid IBAN or UK account is paid: PENDING for
 * SANDBOX_BANK_SETTLE_MS, then SETTLED.
 *
 * The bank: "Causeway Sandbox Bank", a Lithuanian-style bank (as many EU e-money banks are), BIC
 * CWSBLT21, bank code 99990 in its IBANs; for sterling, sort code 99-00-10.
 *
 * Named accounts (openNamedAccount): EUR  LTkk 99990 + 11 digits (at least 00001000000), GBP  99-00-10 +
 * 8 digits (at least 01000000), both drawn from a hash of the holder reference and currency, so a
 * holder keeps the same numbers on every install; the numbers below 1000000 are kept for the
 * accounts listed here.
 *
 * The collection account (where a credit lands when the sender names no account of a person):
 *   EUR  LT53 9999 0000 0000 0001 (BIC CWSBLT21)
 *   GBP  sort code 99-00-10, account 00000001
 *
 * Payments to these beneficiaries (bank.ts sendPayment):
 *   EUR IBAN                  GBP sort code / account   what happens
 *   LT36 9999 0000 0000 0404  99-00-10 00000404         REJECTED at once: "AC04 account closed" (the money never leaves)
 *   LT79 9999 0000 0000 0406  99-00-10 00000406         SETTLED, then RETURNED one SANDBOX_BANK_SETTLE_MS later: "AC06 account blocked"
 *   LT79 9999 0000 0000 0503  99-00-10 00000503         the bank is unavailable: every send throws BankUnavailableError and nothing is sent (findPayment answers null)
 *   LT52 9999 0000 0000 0504  99-00-10 00000504         the payment is made but its answer is lost: every send throws BankUnavailableError; findPayment and getPayment find it, and it settles as usual
 */

export const SANDBOX_BANK_NAME = 'Causeway Sandbox Bank';
export const SANDBOX_BANK_BIC = 'CWSBLT21';
/** The bank code in the sandbox bank's IBANs (a Lithuanian IBAN: LT, 2 check digits, 5-digit bank code, 11-digit account). */
export const SANDBOX_BANK_CODE = '99990';
export const SANDBOX_SORT_CODE = '990010';
export const SANDBOX_BANK_ADDRESSES = {
  EUR: 'Sandbox avenue 1, LT-01100 Vilnius, Lithuania',
  GBP: '1 Sandbox Street, London EC1A 1AA, United Kingdom',
} as const;

/** The sandbox bank's IBAN of an 11-digit account number. */
export const sandboxIban = (account: string): string => makeIban('LT', `${SANDBOX_BANK_CODE}${account.padStart(11, '0')}`);

export const SANDBOX_COLLECTION_ACCOUNTS = {
  EUR: { iban: sandboxIban('1'), bic: SANDBOX_BANK_BIC },
  GBP: { sortCode: SANDBOX_SORT_CODE, accountNumber: '00000001' },
} as const;

/** What a payment to a listed beneficiary does; PAY is everyone else. */
export const SANDBOX_PAYMENT_OUTCOMES = ['PAY', 'REJECT', 'RETURN', 'UNAVAILABLE', 'TIMEOUT'] as const;
export type SandboxPaymentOutcome = (typeof SANDBOX_PAYMENT_OUTCOMES)[number];

/** The vendor's words for a rejection or return (ISO 20022 reason codes, as SEPA and Faster Payments pass them on). */
export const SANDBOX_OUTCOME_REASONS: Partial<Record<SandboxPaymentOutcome, string>> = {
  REJECT: 'AC04 account closed',
  RETURN: 'AC06 account blocked',
};

/** The documented beneficiaries, by the last digits of their account, as listed above. */
const OUTCOME_ACCOUNTS: ReadonlyArray<{ digits: string; outcome: Exclude<SandboxPaymentOutcome, 'PAY'>; note: string }> = [
  { digits: '404', outcome: 'REJECT', note: 'rejected at once: AC04 account closed' },
  { digits: '406', outcome: 'RETURN', note: 'settles, then returned: AC06 account blocked' },
  { digits: '503', outcome: 'UNAVAILABLE', note: 'the bank is unavailable: nothing is sent' },
  { digits: '504', outcome: 'TIMEOUT', note: 'sent, but the answer is lost: find it by its key' },
];

/** The outcome accounts, spelled out for the sandbox page and tests. */
export const SANDBOX_OUTCOME_ACCOUNTS = OUTCOME_ACCOUNTS.map(({ digits, outcome, note }) => ({
  outcome,
  note,
  iban: sandboxIban(digits),
  sortCode: SANDBOX_SORT_CODE,
  accountNumber: digits.padStart(8, '0'),
}));

/** The outcome of a payment to this beneficiary (an IBAN in electronic format, or a sort code and account number). */
export function sandboxOutcomeOf(beneficiary: { iban: string } | { sortCode: string; accountNumber: string }): SandboxPaymentOutcome {
  const found = SANDBOX_OUTCOME_ACCOUNTS.find((account) =>
    'iban' in beneficiary
      ? account.iban === beneficiary.iban
      : account.sortCode === beneficiary.sortCode && account.accountNumber === beneficiary.accountNumber,
  );
  return found?.outcome ?? 'PAY';
}

/**
 * A named account's number: `digits` digits from a hash of the holder, the currency and the draw,
 * never below 10^6 (those are the listed accounts'). The draw changes only when two holders' hashes
 * meet, which the accounts table's unique index tells.
 */
export function namedAccountNumber(holderReference: string, currency: string, draw: number, digits: 8 | 11): string {
  const hash = BigInt(`0x${createHash('sha256').update(`causeway-sandbox-bank:${currency}:${holderReference}:${draw}`).digest('hex')}`);
  const floor = 10n ** 6n;
  return String(floor + (hash % (10n ** BigInt(digits) - floor))).padStart(digits, '0');
}
