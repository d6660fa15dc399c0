import { enOrders } from '@causeway/translations';
import { withEnglish } from '@/lib/i18n';

/** useTranslation for the order pages (result, history, dashboard, 3-D Secure): brings their English texts (issue 16: not in every page's first load). */
export const useTranslation = withEnglish({ orders: enOrders });
