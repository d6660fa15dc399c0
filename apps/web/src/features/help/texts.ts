import { enHelp, enHelpForm } from '@causeway/translations';
import { withEnglish } from '@/lib/i18n';

/** useTranslation for the help widget and its forms: brings their English texts (issue 16: not in every page's first load). */
export const useTranslation = withEnglish({ help: enHelp, helpForm: enHelpForm });
