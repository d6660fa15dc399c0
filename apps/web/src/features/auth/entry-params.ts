import { COOKIE_NAMES, setSharedCookie } from '@/lib/cookies';
import { isOrderUuid, PRE_ORDER_ID_STORAGE_KEY, PRE_ORDER_ID_TTL_MS, TRAN_ID_STORAGE_KEY } from '@/lib/merchant-transaction';
import { storage } from '@/lib/storage';

/** business-login's query (docs/rules/screens.md) → where the rest of the flow reads it. */
const COOKIE_PARAMS = {
  tranType: COOKIE_NAMES.transactionType,
  fiatCurrency: COOKIE_NAMES.fiatCurrency,
  paymentMethod: COOKIE_NAMES.paymentMethod,
  orderToken: COOKIE_NAMES.orderToken,
} as const;

const SAFE_VALUE = /^[\w.:-]{1,128}$/;
/** docs/rules/screens.md: the Roma variant is chosen by its flag or by a Roma payment method ({product}_ROMA, _ROMA_CORPORATE). */
const ROMA_METHOD = /_ROMA(_CORPORATE)?$/;

/**
 * Keeps tranType, tranId, preOrderId, orderToken, fiatCurrency and paymentMethod from a sign-in URL so they
 * survive the sign-in steps: the cookie ones in the shared cookies, tranId in storage. A Roma payment
 * method or isRoma=true chooses the Roma variant (the isRoma cookie): no help widget, its own copyright. Values that
 * are not plain identifiers are ignored (they end up in headers and URLs later).
 */
export async function keepEntryParams(params: URLSearchParams): Promise<void> {
  const writes = Object.entries(COOKIE_PARAMS).flatMap(([param, cookie]) => {
    const value = params.get(param);
    return value && SAFE_VALUE.test(value) ? [setSharedCookie(cookie, value)] : [];
  });
  const paymentMethod = params.get('paymentMethod') ?? '';
  if (params.get('isRoma') === 'true' || ROMA_METHOD.test(paymentMethod)) writes.push(setSharedCookie(COOKIE_NAMES.isRoma, 'true'));
  const tranId = params.get('tranId');
  if (tranId && SAFE_VALUE.test(tranId)) storage.setItem(TRAN_ID_STORAGE_KEY, tranId);
  const preOrderId = params.get('preOrderId');
  // Kept a day at most: a link's order id that was never used does not name a later, unrelated buy.
  if (isOrderUuid(preOrderId)) storage.setItem(PRE_ORDER_ID_STORAGE_KEY, preOrderId.toLowerCase(), PRE_ORDER_ID_TTL_MS);
  await Promise.all(writes);
}
