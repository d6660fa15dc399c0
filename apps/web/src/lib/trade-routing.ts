/**
 * docs/rules/order-states.md trade routing: "risk check next step other than OK goes to risk-reminder first.
 * Otherwise stored payment method card or online banking goes to the card page; bank transfer or
 * Roma goes to banktransfer-buy when stored transaction type is buy or deposit, else
 * banktransfer-sell." Pure: the callers read the cookies and the risk check. The business portal's
 * transaction page is a trade page too: its risk reminder and verification lead back to it.
 */
export const TRADE_PAGES = [
  'card-buy-sell',
  'buy-crypto',
  'banktransfer-buy',
  'banktransfer-sell',
  'corporation-portal/transaction',
] as const;
export type TradePage = (typeof TRADE_PAGES)[number];

export const isTradePage = (value: string | null | undefined): value is TradePage =>
  (TRADE_PAGES as readonly string[]).includes(value ?? '');

/** The trade page a stored payment method and transaction type lead to (no method stored: the card page). */
export function tradePageFor(paymentMethod: string | undefined, transactionType: string | undefined): TradePage {
  const bankTransfer = paymentMethod === 'BANK_TRANSFER' || /ROMA/.test(paymentMethod ?? '');
  if (!bankTransfer) return 'card-buy-sell';
  return transactionType === 'buy' || transactionType === 'deposit' ? 'banktransfer-buy' : 'banktransfer-sell';
}

/**
 * Where to go for a trade page and its query (`search`, e.g. a deep link's "?fiatCurrency=EUR"),
 * given the risk check's next step: the risk reminder first, unless OK, with both in next=.
 */
export function withRiskStep(page: TradePage, riskNextStep: string, search = ''): string {
  const target = `${page}${search}`;
  return riskNextStep === 'OK' ? target : `risk-reminder?next=${encodeURIComponent(target)}`;
}

/**
 * The trade page and query a risk reminder's next= names ("buy-crypto?fiatCurrency=EUR"). Only the
 * path is checked, against the trade pages (the query is anyone's to write, so next= never leads
 * elsewhere); the query goes on as a query, which the trade page reads with its own checks.
 */
export function tradeTargetOf(next: string | null): string {
  const [path = '', ...rest] = (next ?? '').split('?');
  if (!isTradePage(path)) return 'card-buy-sell';
  const query = new URLSearchParams(rest.join('?')).toString();
  return query ? `${path}?${query}` : path;
}
