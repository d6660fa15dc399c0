import { ADDRESS_REJECTION_REASONS, type AddressRejectionReason, errorEnvelopeSchema } from '@causeway/contracts';
import { errorText, isApiError } from '@/lib/http-errors';

/** The named values a failed call's envelope may carry (e.g. the min and max of a limit), or {}. */
export function errorDataOf(error: unknown): Record<string, string> {
  if (!isApiError(error)) return {};
  const parsed = errorEnvelopeSchema.shape.data.safeParse(error.data);
  return parsed.success && parsed.data ? parsed.data : {};
}

export const codeOf = (error: unknown): string | undefined => (isApiError(error) ? error.code : undefined);

/** Spec §8 "payment method unavailable or under maintenance": the page's unavailableCallback state. */
export const UNAVAILABLE_CODES: readonly string[] = ['CRD0000009', 'ODR00001003'];
export const LIMIT_CODE = 'ODR00001001';
export const QUOTE_EXPIRED_CODE = 'ODR00001013';
export const STALE_QUOTE_CODE = 'ODR00001008';
export const ADDRESS_CODES: readonly string[] = ['ODR00001005', 'ODR00001006'];
export const OTP_REQUIRED_CODE = 'ODR00001009';
/** A wrong authenticator code on a call that carries one. */
export const WRONG_OTP_CODES: readonly string[] = ['ODR00001009', 'USE003000011'];
export const STILL_PROCESSING_CODE = 'IDM0000409';
export const ALREADY_SUBMITTED_CODE = 'ODR00001011';

export interface LimitRange {
  min: string;
  max: string;
  currency: string;
}

/** The limit of an ODR00001001 answer, from its data; `fallback` (the pair's) fills what is missing. */
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

/** The refusal of an address (ODR00001005/6), by its reason when the answer names one. */
export function addressRejectionOf(error: unknown): AddressRejection | null {
  const code = codeOf(error);
  if (!code || !ADDRESS_CODES.includes(code)) return null;
  const data = errorDataOf(error);
  const reason = isReason(data.reason) ? data.reason : code === 'ODR00001006' ? 'SCREENING_FLAGGED' : null;
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
const ORDER_TEXT_KEYS: Record<string, string> = {
  ODR00001002: 'trade.errors.pairUnsupported',
  ODR00001004: 'trade.errors.kycRequired',
  ODR00001008: 'trade.errors.priceChanged',
  ODR00001013: 'trade.errors.quoteExpired',
  ODR00001015: 'trade.errors.transactionMismatch',
  CRD0000006: 'trade.errors.cardMissing',
  CRD0000007: 'trade.errors.cardRefused',
  IDM0000422: 'trade.errors.orderConflict',
};

export function tradeErrorText(error: unknown, t: T): string {
  const key = ORDER_TEXT_KEYS[codeOf(error) ?? ''];
  return key ? t(key) : errorText(error, t);
}
