import { ErrorCode, type ErrorName } from '@causeway/contracts';
import { apiErrorName, errorText, isApiError, isError } from '@/lib/http-errors';

type T = (key: string, values?: Record<string, string>) => string;

/** A wrong or missing authenticator code on submit-withdraw: the code modal asks again. */
export const WRONG_CODE_ERRORS: readonly ErrorName[] = [ErrorCode.AuthenticatorCodeRequiredForOrder, ErrorCode.AuthenticatorCodeWrong];

/** The refusals worded by a fixed text of ours. */
const FIXED_TEXTS: Partial<Record<ErrorName, string>> = {
  [ErrorCode.WithdrawalAccountUnsupported]: 'banking.withdraw.errors.accountUnsupported',
  [ErrorCode.InsufficientBalance]: 'banking.withdraw.errors.insufficientBalance',
  [ErrorCode.AuthenticatorCodeRequiredForOrder]: 'banking.withdraw.errors.codeRequired',
  [ErrorCode.AuthenticatorCodeWrong]: 'banking.withdraw.errors.codeWrong',
  [ErrorCode.IdentityVerificationRequired]: 'banking.withdraw.errors.verify',
  [ErrorCode.BankAccountNotFound]: 'banking.withdraw.errors.accountGone',
  [ErrorCode.IdempotencyKeyReused]: 'banking.withdraw.errors.alreadySent',
};

/** A string field of the refusal's `data` (e.g. a limit's minAmount), checked by hand: this page loads no Zod. */
function dataField(error: unknown, name: string): string | undefined {
  const data: unknown = isApiError(error) ? error.data : undefined;
  const value = typeof data === 'object' && data !== null ? (data as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? value : undefined;
}

/**
 * What the withdraw form says for a refusal of submit-withdraw, in the page language: each code the
 * server answers has its own words; the limit says its amount (the minimum, or what the tier still
 * allows). Anything else: the lock, network or server text of lib/http-errors.
 */
export function withdrawErrorText(error: unknown, t: T, money: (amount: string, currency: string) => string): string {
  if (isError(error, ErrorCode.TransactionLimitExceeded)) {
    const currency = dataField(error, 'currency') ?? '';
    const min = dataField(error, 'minAmount');
    if (min) return t('banking.withdraw.errors.minimum', { amount: money(min, currency) });
    const max = dataField(error, 'maxAmount');
    if (max && /^0+(\.0+)?$/.test(max)) return t('banking.withdraw.errors.limitReached');
    if (max) return t('banking.withdraw.errors.maximum', { amount: money(max, currency) });
    return t('banking.withdraw.errors.limitReached');
  }
  const name = apiErrorName(error);
  const key = name && FIXED_TEXTS[name];
  return key ? t(key) : errorText(error, t);
}
