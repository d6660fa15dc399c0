import Decimal from 'decimal.js';
import { type BankBeneficiary, BankRefusedError, type BankScheme, type NamedAccountInput, type PaymentInput } from './bank.ts';
import { electronicIban, isValidBic, isValidIban, isValidUkAccountNumber, sortCodeDigits } from './iban.ts';

/**
 * What every bank adapter checks before anything leaves, the same way for the sandbox and a vendor:
 * the holder, the amount (a decimal string, never a JS number), the reference and the beneficiary's
 * account for the scheme. A beneficiary the person could correct is a BankRefusedError
 * (INVALID_ACCOUNT, UNSUPPORTED_CURRENCY); a key, amount or reference out of shape is a bug upstream,
 * which no refusal reason fits, so it is a plain Error.
 */

/** Arithmetic here never depends on the global Decimal settings. */
export const BankDecimal = Decimal.clone({ precision: 40 });

export const BANK_CURRENCIES = ['EUR', 'GBP'] as const;
export type BankCurrency = (typeof BANK_CURRENCIES)[number];
export const schemeOf = (currency: BankCurrency): BankScheme => (currency === 'EUR' ? 'SEPA' : 'FPS');
export const isBankCurrency = (value: unknown): value is BankCurrency => value === 'EUR' || value === 'GBP';

/** Positive, at most 2 decimals, at most 13 whole digits (more than any scheme's limit): what the books' numeric(38, 18) keeps. */
const AMOUNT = /^(?:0|[1-9]\d{0,12})(?:\.\d{1,2})?$/;
/** A payment's statement reference (bank.ts PaymentInput.reference): what SEPA and Faster Payments both carry unchanged. */
const PAYMENT_REFERENCE = /^[A-Z0-9 /-]{1,18}$/;
const HOLDER_REFERENCE = /^[A-Za-z0-9_-]{1,64}$/;
/** Names as banks carry them: printable, no control characters, 1 to 140 characters. */
const NAME = /^[^\p{Cc}]{1,140}$/u;

/** The amount as an exact Decimal, or undefined when it is not a positive decimal string with at most 2 decimals. */
export function parseBankAmount(amount: unknown): Decimal | undefined {
  if (typeof amount !== 'string' || !AMOUNT.test(amount)) return undefined;
  const value = new BankDecimal(amount);
  return value.isPositive() && !value.isZero() ? value : undefined;
}

/** "100.5" → "100.50": the currency's minor-unit precision, as the interface promises. */
export const formatBankAmount = (amount: Decimal.Value): string => new BankDecimal(amount).toFixed(2);

export const isValidName = (name: unknown): name is string => typeof name === 'string' && NAME.test(name) && name.trim() !== '';

/** A named account's holder, checked; throws a plain Error (the caller's bug) or UNSUPPORTED_CURRENCY. */
export function checkNamedAccountInput(input: NamedAccountInput): NamedAccountInput {
  if (typeof input.holderReference !== 'string' || !HOLDER_REFERENCE.test(input.holderReference))
    throw new Error('a holder reference is 1 to 64 of A-Z a-z 0-9 _ -');
  if (!isValidName(input.holderName)) throw new Error('a holder name is 1 to 140 printable characters');
  if (!isBankCurrency(input.currency)) throw new BankRefusedError('UNSUPPORTED_CURRENCY', 'named accounts are opened in EUR or GBP');
  return { holderReference: input.holderReference, holderName: input.holderName.trim(), currency: input.currency };
}

/** A beneficiary in the scheme's own terms: an IBAN (and BIC) for SEPA, a sort code and account number for Faster Payments. */
export type CheckedBeneficiary =
  | { scheme: 'SEPA'; name: string; iban: string; bic: string | null }
  | { scheme: 'FPS'; name: string; sortCode: string; accountNumber: string };

export interface CheckedPayment {
  idempotencyKey: string;
  currency: BankCurrency;
  amount: Decimal;
  beneficiary: CheckedBeneficiary;
  reference: string;
}

/** Checks a payment before it is sent (bank.ts PaymentInput). */
export function checkPaymentInput(input: PaymentInput): CheckedPayment {
  const key = input.idempotencyKey;
  if (typeof key !== 'string' || key.length === 0 || key.length > 64) throw new Error('the idempotency key must be 1 to 64 characters');
  if (!isBankCurrency(input.currency))
    throw new BankRefusedError('UNSUPPORTED_CURRENCY', 'payments are sent in EUR (SEPA) or GBP (Faster Payments)');
  const amount = parseBankAmount(input.amount);
  if (!amount) throw new Error('the amount must be a positive decimal string with at most 2 decimals');
  if (typeof input.reference !== 'string' || !PAYMENT_REFERENCE.test(input.reference))
    throw new Error('the payment reference is 1 to 18 of A-Z 0-9 space - /');
  return {
    idempotencyKey: key,
    currency: input.currency,
    amount,
    beneficiary: checkBeneficiary(input.currency, input.beneficiary),
    reference: input.reference,
  };
}

function checkBeneficiary(currency: BankCurrency, beneficiary: BankBeneficiary): CheckedBeneficiary {
  if (!isValidName(beneficiary?.name))
    throw new BankRefusedError('INVALID_ACCOUNT', "the beneficiary's name is 1 to 140 printable characters");
  const name = beneficiary.name.trim();
  if (currency === 'EUR') {
    const iban = typeof beneficiary.iban === 'string' ? electronicIban(beneficiary.iban) : '';
    if (!isValidIban(iban)) throw new BankRefusedError('INVALID_ACCOUNT', 'a SEPA payment needs a valid IBAN of a SEPA country');
    const bic = beneficiary.bic ? beneficiary.bic.trim().toUpperCase() : null;
    if (bic !== null && !isValidBic(bic))
      throw new BankRefusedError('INVALID_ACCOUNT', 'the BIC is not valid (8 or 11 letters and digits)');
    return { scheme: 'SEPA', name, iban, bic };
  }
  const sortCode = typeof beneficiary.sortCode === 'string' ? sortCodeDigits(beneficiary.sortCode) : undefined;
  const accountNumber = typeof beneficiary.accountNumber === 'string' ? beneficiary.accountNumber.trim() : '';
  if (!sortCode || !isValidUkAccountNumber(accountNumber))
    throw new BankRefusedError(
      'INVALID_ACCOUNT',
      'a Faster Payments payment needs a six-digit sort code and an eight-digit account number',
    );
  return { scheme: 'FPS', name, sortCode, accountNumber };
}

/** "LT..." or "04-00-75 12345678": how an account is shown in messages and the sandbox page. */
export const describeBeneficiary = (beneficiary: CheckedBeneficiary): string =>
  beneficiary.scheme === 'SEPA' ? beneficiary.iban : `${beneficiary.sortCode} ${beneficiary.accountNumber}`;
