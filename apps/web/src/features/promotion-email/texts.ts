import { enPromotionEmail } from '@causeway/translations';
import { withEnglish } from '@/lib/i18n';

/** useTranslation for the promotional-email pages and setting: brings their English texts (issue 16: not in every page's first load). */
export const useTranslation = withEnglish({ promotionEmail: enPromotionEmail });
