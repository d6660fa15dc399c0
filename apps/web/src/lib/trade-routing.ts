/**
 * Spec §4 trade routing: "risk check next step other than OK goes to risk-reminder first.
 * Otherwise stored payment method card or online banking goes to the card page; bank transfer or
 * Roma goes to banktransfer-buy when stored transaction type is buy or deposit, else
 * banktransfer-sell." Pure: the callers read the cookies and the risk check.
 */
export const TRADE_PAGES = ['card-buy-sell', 'buy-crypto', 'banktransfer-buy', 'banktransfer-sell'] as const;
export type TradePage = (typeof TRADE_PAGES)[number];

export const isTradePage = (value: string | null | undefined): value is TradePage => (TRADE_PAGES as readonly string[]).includes(value ?? '');

/** The trade page a stored payment method and transaction type lead to (no method stored: the card page). */
export function tradePageFor(paymentMethod: string | undefined, transactionType: string | undefined): TradePage {
  const bankTransfer = paymentMethod === 'BANK_TRANSFER' || /ROMA/.test(paymentMethod ?? '');
  if (!bankTransfer) return 'card-buy-sell';
  return transactionType === 'buy' || transactionType === 'deposit' ? 'banktransfer-buy' : 'banktransfer-sell';
}

/** Where to go for a trade page, given the risk check's next step: the risk reminder first, unless OK. */
export function withRiskStep(page: TradePage, riskNextStep: string): string {
  return riskNextStep === 'OK' ? page : `risk-reminder?next=${page}`;
}
