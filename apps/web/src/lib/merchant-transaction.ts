import { storage } from './storage';

/**
 * The merchant's transaction (entry parameter tranId) kept from the sign-in URL until the buy
 * page fills it: the sign-in steps would lose the query otherwise.
 */
export const TRAN_ID_STORAGE_KEY = 'causeway.tranId';

export const storedTranId = (): string | undefined => storage.getItem<string>(TRAN_ID_STORAGE_KEY);
export const forgetTranId = (): void => storage.removeItem(TRAN_ID_STORAGE_KEY);
