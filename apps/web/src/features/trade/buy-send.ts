import { storage } from '@/lib/storage';

/**
 * Buy-and-send (a merchant's BUY_SEND transaction: the crypto goes to the merchant's own wallet): the
 * person confirms where it goes on sendto-confirm before the buy page opens for it. The confirmation
 * is remembered for that transaction only, so another transaction asks again.
 */
const CONFIRMED_KEY = 'causeway.buySendConfirmed';

export const confirmBuySend = (tranId: string): void => {
  storage.setItem(CONFIRMED_KEY, tranId);
};
export const isBuySendConfirmed = (tranId: string): boolean => storage.getItem<string>(CONFIRMED_KEY) === tranId;
/** The sendto-confirm page of a transaction, as the trade page redirects to it (relative to the language). */
export const sendToConfirmPath = (tranId: string): string => `sendto-confirm?tranId=${encodeURIComponent(tranId)}`;
