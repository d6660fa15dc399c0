import { storage } from './storage';

/**
 * The merchant's transaction (entry parameter tranId) kept from the sign-in URL until the buy
 * page fills it: the sign-in steps would lose the query otherwise.
 */
export const TRAN_ID_STORAGE_KEY = 'causeway.tranId';

export const storedTranId = (): string | undefined => storage.getItem<string>(TRAN_ID_STORAGE_KEY);
export const forgetTranId = (): void => storage.removeItem(TRAN_ID_STORAGE_KEY);

/**
 * The merchant's preOrderId (entry parameter): the order id the merchant chose in advance (a UUID),
 * so it knows our order before it exists and can match its webhooks. The buy page uses it for its
 * order, once: it is forgotten when that order is submitted, and the next buy gets an id of its own.
 */
export const PRE_ORDER_ID_STORAGE_KEY = 'causeway.preOrderId';
export const PRE_ORDER_ID_TTL_MS = 24 * 60 * 60 * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isOrderUuid = (value: string | null | undefined): value is string => typeof value === 'string' && UUID.test(value);
export const storedPreOrderId = (): string | undefined => storage.getItem<string>(PRE_ORDER_ID_STORAGE_KEY);
export const forgetPreOrderId = (): void => storage.removeItem(PRE_ORDER_ID_STORAGE_KEY);
