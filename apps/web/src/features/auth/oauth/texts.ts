import { enOauth } from '@causeway/translations';
import { withEnglish } from '@/lib/i18n';

/** useTranslation for the provider button and the callback page: brings their English texts, out of the sign-in page's first load. */
export const useTranslation = withEnglish({ oauth: enOauth });
