import { ADDRESS_REJECTION_REASONS, type AddressRejectionReason, ErrorCode, type ErrorName } from '@causeway/contracts';
import { apiErrorName, errorText, isApiError, isError } from '@/lib/http-errors';

/**
 * The named values a failed call's envelope may carry (e.g. the min and max of a limit), or {}:
 * errorEnvelopeSchema's `data` (strings by name, or null), checked by hand so the trade page loads
 * without Zod.
 */
export function errorDataOf(error: unknown): Record<string, string> {
  if (!isApiError(error)) return {};
  const { data } = error;
  const isStringRecord =
    typeof data === 'object' &&
    data !== null &&
    [Object.prototype, null].includes(Object.getPrototypeOf(data)) &&
    Object.values(data).every((value) => typeof value === 'string');
  return isStringRecord ? (data as Record<string, string>) : {};
}

/** docs/rules/errors.md "payment method unavailable or under maintenance": the page's unavailableCallback state. */
export const UNAVAILABLE_ERRORS: readonly ErrorName[] = [ErrorCode.PaymentMethodUnavailable, ErrorCode.PricesUnavailable];
/** An address the server refused: not valid for the network, or one we may not pay. */
export const ADDRESS_ERRORS: readonly ErrorName[] = [ErrorCode.WalletAddressInvalid, ErrorCode.WalletAddressRefused];
/** A wrong authenticator code on a call that carries one. */
export const WRONG_OTP_ERRORS: readonly ErrorName[] = [ErrorCode.AuthenticatorCodeRequiredForOrder, ErrorCode.AuthenticatorCodeWrong];

export interface LimitRange {
  min: string;
  max: string;
  currency: string;
}

/** The limit of a TransactionLimitExceeded answer, from its data; `fallback` (the pair's) fills what is missing. */
export function limitOf(error: unknown, fallback: LimitRange): LimitRange {
  const data = errorDataOf(error);
  return { min: data.minAmount ?? fallback.min, max: data.maxAmount ?? fallback.max, currency: data.currency ?? fallback.currency };
}

export interface AddressRejection {
  reason: AddressRejectionReason | null;
  /** Which input the message belongs under. */
  field: 'address' | 'memo';
  detectedNetwork?: string;
}

const isReason = (value: string | undefined): value is AddressRejectionReason =>
  value !== undefined && (ADDRESS_REJECTION_REASONS as readonly string[]).includes(value);

/** The refusal of an address (WalletAddressInvalid or WalletAddressRefused), by its reason when the answer names one. */
export function addressRejectionOf(error: unknown): AddressRejection | null {
  if (!isError(error, ...ADDRESS_ERRORS)) return null;
  const data = errorDataOf(error);
  const reason = isReason(data.reason) ? data.reason : isError(error, ErrorCode.WalletAddressRefused) ? 'SCREENING_FLAGGED' : null;
  const field = data.field === 'memo' || (reason?.startsWith('MEMO_') ?? false) ? 'memo' : 'address';
  return { reason, field, ...(data.detectedNetwork ? { detectedNetwork: data.detectedNetwork } : {}) };
}

type T = (key: string, values?: Record<string, string>) => string;

/** The words for an address refusal: each reason has its own en and zh text. */
export function addressRejectionText(rejection: AddressRejection, t: T, memoName: string): string {
  if (!rejection.reason) return t('trade.address.rejected.generic');
  return t(`trade.address.rejected.${rejection.reason}`, { network: rejection.detectedNetwork ?? '', memoName });
}

/** Texts of the order and card codes the page words itself; anything else: the server's message or the generic one. */
const ORDER_TEXT_KEYS: Partial<Record<ErrorName, string>> = {
  [ErrorCode.TradingPairUnsupported]: 'trade.errors.pairUnsupported',
  [ErrorCode.IdentityVerificationRequired]: 'trade.errors.kycRequired',
  [ErrorCode.RiskStepsRequired]: 'trade.errors.riskStepsRequired',
  [ErrorCode.QuoteNotCurrent]: 'trade.errors.priceChanged',
  [ErrorCode.QuoteExpired]: 'trade.errors.quoteExpired',
  [ErrorCode.MerchantTransactionMismatch]: 'trade.errors.transactionMismatch',
  [ErrorCode.CardNotFound]: 'trade.errors.cardMissing',
  [ErrorCode.CardRefused]: 'trade.errors.cardRefused',
  [ErrorCode.CardBuysPausedByDispute]: 'trade.errors.cardBuysPaused',
  [ErrorCode.IdempotencyKeyReused]: 'trade.errors.orderConflict',
};

export function tradeErrorText(error: unknown, t: T): string {
  const name = apiErrorName(error);
  const key = name && ORDER_TEXT_KEYS[name];
  return key ? t(key) : errorText(error, t);
}
