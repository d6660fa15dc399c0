import { enPortal } from '@causeway/translations';
import { withEnglish } from '@/lib/i18n';

/** useTranslation for the business portal's pages: brings their English texts (issue 16: not in every page's first load). */
export const useTranslation = withEnglish({ portal: enPortal });
