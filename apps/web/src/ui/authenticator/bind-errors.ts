import { BIND_ERROR_DISPLAY } from '@causeway/contracts';
import { isApiError } from '@/lib/http-errors';

export interface BindErrorView {
  /** Under the code boxes. */
  under?: string;
  /** The modal's top error line. */
  top?: string;
  /** An info toast instead of an inline error. */
  toast?: string;
}

/** Spec §8 bind codes → where the message shows. Unknown failures get the generic bind failure toast. */
export function describeBindError(error: unknown, t: (key: string) => string): BindErrorView {
  const fallback = t('security.bind.failed');
  if (!isApiError(error) || !error.code || !(error.code in BIND_ERROR_DISPLAY)) return { toast: fallback };
  const message = error.msg || fallback;
  switch (BIND_ERROR_DISPLAY[error.code as keyof typeof BIND_ERROR_DISPLAY]) {
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
