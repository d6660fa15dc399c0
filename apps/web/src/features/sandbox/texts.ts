import { enSandbox } from '@causeway/translations';
import { withEnglish } from '@/lib/i18n';

/** useTranslation for the sandbox page: brings its English texts (issue 16: not in every page's first load). */
export const useTranslation = withEnglish({ sandbox: enSandbox });
