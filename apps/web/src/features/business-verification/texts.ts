import { enKyb } from '@causeway/translations';
import { withEnglish } from '@/lib/i18n';

/** useTranslation for the business verification pages: brings their English texts (issue 16: not in every page's first load). */
export const useTranslation = withEnglish({ kyb: enKyb });
