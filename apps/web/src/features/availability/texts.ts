import { enAvailability } from '@causeway/translations';
import { withEnglish } from '@/lib/i18n';

/** useTranslation for the UK risk notice and service-upgrade-complete: brings their English texts (not in every page's first load). */
export const useTranslation = withEnglish({ availability: enAvailability });
