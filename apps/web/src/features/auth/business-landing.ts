import { CALL_ROUTES, type AccountOverview } from '@causeway/contracts';
import { accountLinkingFailurePage, checksMerchantOrder } from '@/lib/account-linking';
import { businessLandingPage } from '@/lib/business-verification';
import { COOKIE_NAMES, getSharedCookie } from '@/lib/cookies';
import { PORTAL_HOME } from '@/lib/gating';
import type { HttpClient } from '@/lib/http-client';
import { storedTranId } from '@/lib/merchant-transaction';
import { PORTAL_TRANSACTION } from '@/lib/portal-links';
import { tradePageFor } from '@/lib/trade-routing';

/**
 * Where a business's sign-in lands (docs/rules/kyb.md gating). Loaded by the sign-in only once a
 * business signed in: an individual's sign-in page never downloads it (issue 16's first-load budget).
 */

/**
 * A business's home: the portal's transaction page when it came for a bank transfer (a merchant's link
 * stored the method), else the portal home (the portal has no card side of its own to come for).
 */
export function businessHome(): string {
  const transactionType = getSharedCookie(COOKIE_NAMES.transactionType);
  const paymentMethod = getSharedCookie(COOKIE_NAMES.paymentMethod);
  const page = paymentMethod ? tradePageFor(paymentMethod, transactionType) : null;
  if (page === 'banktransfer-sell') return `${PORTAL_TRANSACTION}?type=sell`;
  if (page === 'banktransfer-buy') return `${PORTAL_TRANSACTION}?type=${transactionType === 'deposit' ? 'deposit' : 'buy'}`;
  return PORTAL_HOME;
}

/**
 * After sign-in: the business is linked to the merchant's customer its link's orderToken names; a merchant's
 * order whose linking failed leads to account-linking-failed; then
 * an account not active, or a review under way or failed, to business-status, one yet to start or asked
 * to resubmit to the portal home (businessLandingPage); else `home`.
 */
export async function businessTarget(http: HttpClient, info: AccountOverview, home: string): Promise<string> {
  // A merchant's link carried its transaction's orderToken: this business asks to be that customer
  // (docs/rules/merchant-linking.md). A refusal is recorded on the transaction, read just below.
  const orderToken = getSharedCookie(COOKIE_NAMES.orderToken);
  if (orderToken) await http.call(CALL_ROUTES.kybMerchantBind, { orderToken }).catch(() => undefined);
  const tranId = storedTranId();
  if (tranId && checksMerchantOrder(info.kybInfo)) {
    const order = await http.call(CALL_ROUTES.queryOrderByTranId, { tranId }).catch(() => undefined);
    const failed = order ? accountLinkingFailurePage(order) : null;
    if (failed) return failed;
  }
  return businessLandingPage(info.accountStatus, info.kybInfo) ?? home;
}
