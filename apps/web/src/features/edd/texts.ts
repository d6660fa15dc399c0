import { enEdd } from '@causeway/translations';
import { withEnglish } from '@/lib/i18n';

/** useTranslation for enhanced due diligence: brings its English texts (not in every page's first load). */
export const useTranslation = withEnglish({ edd: enEdd });
