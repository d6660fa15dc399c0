import { enAgreements } from '@causeway/translations';
import { withEnglish } from '@/lib/i18n';

/** useTranslation for the consent dialog: brings its English texts (issue 16: not in every page's first load). */
export const useTranslation = withEnglish({ agreements: enAgreements });
