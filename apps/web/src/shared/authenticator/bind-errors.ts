import { BIND_ERROR_DISPLAY } from '@causeway/contracts';
import { apiErrorName, isApiError } from '@/lib/http-errors';

export interface BindErrorView {
  /** Under the code boxes. */
  under?: string;
  /** The modal's top error line. */
  top?: string;
  /** An info toast instead of an inline error. */
  toast?: string;
}

/** docs/rules/errors.md bind codes → where the message shows. Unknown failures get the generic bind failure toast. */
export function describeBindError(error: unknown, t: (key: string) => string): BindErrorView {
  const fallback = t('security.bind.failed');
  const name = apiErrorName(error);
  if (!isApiError(error) || !name || !(name in BIND_ERROR_DISPLAY)) return { toast: fallback };
  const message = error.msg || fallback;
  switch (BIND_ERROR_DISPLAY[name as keyof typeof BIND_ERROR_DISPLAY]) {
    case 'under':
      return { under: message };
    case 'top':
      return { top: message };
    case 'both':
      return { under: message, top: message };
    case 'tooManyTimes':
      return { top: t('security.tooManyTimes') };
    default:
      return { toast: message };
  }
}
