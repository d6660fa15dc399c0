import { enDesk } from '@causeway/translations';
import { withEnglish } from '@/lib/i18n';

/** useTranslation for the operator's desk: brings its English texts (issue 16: in no page's first load but the desk's). */
export const useTranslation = withEnglish({ desk: enDesk });
