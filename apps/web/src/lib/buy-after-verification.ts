import { COOKIE_NAMES, getSharedCookie } from './cookies';
import { storage } from './storage';
import { isTradePage, tradePageFor, tradeTargetOf } from './trade-routing';

/** The trade page (and query) a person was on when the trade page sent them to verify. */
export const BUY_TARGET_STORAGE_KEY = 'causeway.buyAfterVerification';

/** A review takes 1-2 working days at most (docs/rules/limits.md); a week covers a weekend and a slow return. */
const KEEP_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Remembers the trade page a person was on, with its query (`buy-crypto?fiatCurrency=EUR`), when
 * it sends them to verify: verification goes through the vendor's own pages and back, which no
 * query parameter survives.
 */
export function rememberBuyTarget(target: string): void {
  storage.setItem(BUY_TARGET_STORAGE_KEY, target, KEEP_MS);
}

/**
 * Where a person who has just been verified continues (locale-free, no leading slash): the trade
 * page they were sent from, with its query, once (only a trade page: tradeTargetOf checks it);
 * else the trade page their stored payment method leads to (docs/rules/order-states.md trade routing: a merchant's
 * entry stores it), card-buy-sell when none. The trade page itself puts the risk reminder first.
 */
export function takeBuyTarget(): string {
  const remembered = storage.getItem<string>(BUY_TARGET_STORAGE_KEY);
  storage.removeItem(BUY_TARGET_STORAGE_KEY);
  if (remembered) return tradeTargetOf(remembered);
  return tradePageFor(getSharedCookie(COOKIE_NAMES.paymentMethod), getSharedCookie(COOKIE_NAMES.transactionType));
}

/**
 * The trade page (and query) a sign-in page's `next` names, where the sign-in continues: the
 * start page's Continue sends a signed-out buyer to sign in with
 * `next=card-buy-sell?fiatCurrency=EUR&cryptoCurrency=BTC&network=BTC&fiatAmount=100`. Only a trade
 * page (tradeTargetOf: `next` is anyone's to write, so it never leads elsewhere); undefined when
 * there is none, or it names another page.
 */
export function signInNextOf(next: string | null | undefined): string | undefined {
  const path = (next ?? '').split('?')[0];
  return isTradePage(path) ? tradeTargetOf(next ?? null) : undefined;
}
