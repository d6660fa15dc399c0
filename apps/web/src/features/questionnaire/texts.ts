import { enQuestionnaire } from '@causeway/translations';
import { withEnglish } from '@/lib/i18n';

/** useTranslation for the questionnaire: brings its English texts (issue 16: not in every page's first load). */
export const useTranslation = withEnglish({ questionnaire: enQuestionnaire });
