import { ErrorCode } from '@causeway/contracts';
import { apiErrorName, limitText, type Translate } from '@/lib/http-errors';

/**
 * The words for an upload the server refused, where we have our own, in the page language: the
 * upload quota or rate (TooManyRequests, "try again in N minutes" from its Retry-After), the file's
 * format or size. Undefined for any other failure (the caller words those).
 */
export function uploadRefusalText(error: unknown, t: Translate): string | undefined {
  const limited = limitText(error, t);
  if (limited) return limited;
  switch (apiErrorName(error)) {
    case ErrorCode.UploadFormatUnsupported:
      return t('ui.fileUpload.format');
    case ErrorCode.UploadSizeOutOfRange:
      return t('ui.fileUpload.size');
  }
  return undefined;
}
