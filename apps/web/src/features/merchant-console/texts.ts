import { enMerchantConsole } from '@causeway/translations';
import { withEnglish } from '@/lib/i18n';

/** useTranslation for the merchant console: brings its English texts (issue 16: not in every page's first load). */
export const useTranslation = withEnglish({ merchantConsole: enMerchantConsole });
