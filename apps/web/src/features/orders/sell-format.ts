import type { OrderStatus, SellDeposit } from '@causeway/contracts';
import type { OrderOutcome } from './order-format';

/**
 * Card sells (docs/rules/sell-deposits.md): the person sends crypto to an address made for the
 * order, and the fiat is paid out to their card. The same statuses as a buy, read as a sell.
 */
export const isSell = (order: { transactionType: string }): boolean => order.transactionType === 'sell';

/** A sell waiting for its crypto (OrderSubmitted): its result page shows where to send it. */
export const isAwaitingDeposit = (order: { transactionType: string; status: OrderStatus }): boolean =>
  isSell(order) && order.status === 'OrderSubmitted';

/** The last four digits of a masked card number ("4242 **** **** 4242" → "4242"), or null when it shows none. */
export function cardLast4(maskedNumber: string | null | undefined): string | null {
  return /(\d{4})\s*$/.exec(maskedNumber ?? '')?.[1] ?? null;
}

/** BIP21 amounts are bitcoin with at most 8 decimals and a dot, as the server writes them. */
const BIP21_AMOUNT = /^\d+(\.\d{1,8})?$/;

/**
 * What the deposit's QR code holds. For bitcoin, a BIP21 URI with the amount
 * (`bitcoin:<address>?amount=<BTC>`): BIP21 is well defined (the amount in BTC with a dot) and every
 * common wallet fills in both the address and the amount from it. For every other network, the bare
 * address: their URI schemes are not read alike by wallets (EIP-681's `value` is in wei and differs
 * for tokens; XRP's destination-tag parameter is not universal), and a wallet that misreads an amount
 * would send the wrong one. The amount and the memo or tag stay on screen to type or paste.
 */
export function depositQrPayload(deposit: Pick<SellDeposit, 'address' | 'amount' | 'cryptoCurrency' | 'network'>): string {
  if (deposit.cryptoCurrency === 'BTC' && deposit.network === 'BTC' && BIP21_AMOUNT.test(deposit.amount))
    return `bitcoin:${deposit.address}?amount=${deposit.amount}`;
  return deposit.address;
}

/** "29:41": minutes and seconds left, both two digits. */
export function formatMinutesSeconds(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(whole / 60)).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}`;
}

/**
 * How a sell reads in a list, for screen readers: sold, being sold, not sold, or sold with a payout
 * that did not reach the card (PAYOUT_DECLINED: the crypto was sold, the money is kept for the person).
 */
export function sellLineKey(outcome: OrderOutcome, failReason: string | null): string {
  if (outcome === 'done') return 'orders.outcome.sold';
  if (outcome === 'pending') return 'orders.outcome.selling';
  return failReason === 'PAYOUT_DECLINED' ? 'orders.outcome.notPaidOut' : 'orders.outcome.notSold';
}
