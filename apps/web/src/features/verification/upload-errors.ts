import { isApiError, limitText, type Translate } from '@/lib/http-errors';

/**
 * The words for an upload the server refused, where we have our own, in the page language: the
 * upload quota or rate (REQ0000429, "try again in N minutes" from its Retry-After), the file's
 * format or size. Undefined for any other failure (the caller words those).
 */
export function uploadRefusalText(error: unknown, t: Translate): string | undefined {
  const limited = limitText(error, t);
  if (limited) return limited;
  switch (isApiError(error) ? error.code : undefined) {
    case 'UPL0000001':
      return t('ui.fileUpload.format');
    case 'UPL0000002':
      return t('ui.fileUpload.size');
  }
  return undefined;
}
