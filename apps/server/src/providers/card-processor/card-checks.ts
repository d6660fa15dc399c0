import { cardNetworkOf, type CardProcessor as CardNetwork, isExpiryInFuture, isLuhnValid } from '@causeway/contracts';
import { type CardDetails, CardRefusedError } from './card-processor.ts';

/**
 * The sandbox processor's checks of what is typed into its card fields (Checkout.com's Flow card
 * component and /tokens make their own): Luhn, VISA or Mastercard only, expiry in the future, a 3-digit CVV
 * (both networks print 3; 4 is American Express, which we do not take).
 * Answers the digits (spaces and dashes removed) and the network.
 */
export function checkCardDetails(card: CardDetails, now: Date): { digits: string; network: CardNetwork } {
  const digits = card.number.replace(/[\s-]/g, '');
  if (!isLuhnValid(digits)) throw new CardRefusedError('INVALID_NUMBER');
  const network = cardNetworkOf(digits);
  if (!network) throw new CardRefusedError('UNSUPPORTED_NETWORK');
  if (
    !Number.isInteger(card.expiryMonth) ||
    !Number.isInteger(card.expiryYear) ||
    !isExpiryInFuture(card.expiryMonth, card.expiryYear, now)
  ) {
    throw new CardRefusedError('EXPIRED');
  }
  if (!/^\d{3}$/.test(card.cvv)) throw new CardRefusedError('INVALID_CVV');
  return { digits, network };
}
