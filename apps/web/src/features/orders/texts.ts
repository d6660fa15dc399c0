import { enBankOrders, enBanking, enOrders } from '@causeway/translations';
import { withEnglish } from '@/lib/i18n';

/**
 * useTranslation for the order pages (result, history, dashboard, 3-D Secure) and the trading account's
 * (balances, bank-transfer deposit) and bank-transfer orders: brings their English texts (issue 16: not in every page's first load).
 */
export const useTranslation = withEnglish({ orders: enOrders, banking: enBanking, bankOrders: enBankOrders });
