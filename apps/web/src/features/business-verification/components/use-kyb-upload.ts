import { ErrorCode } from '@causeway/contracts';
import { useCallback } from 'react';
import { apiErrorName, isApiError, isOffline, limitText } from '@/lib/http-errors';
import { useKybApi } from '../api/kyb-api';
import { useTranslation } from '../texts';

/**
 * The upload of one business document for the upload widget (spec §5): sign-upload-kyb-temple, then
 * the PUT. A refusal rejects with the words the widget shows under "Upload failed" (with Try again):
 * the format or size rule, the upload quota's wait, being offline, or the server's own message.
 * `fingerprints`, when given, learns each stored file's name and size by its path (spec §5: the same
 * file must not be both a source of funds and of wealth, even uploaded twice).
 */
export function useKybUpload(fingerprints?: Map<string, string>): (file: File) => Promise<string> {
  const api = useKybApi();
  const { t } = useTranslation();
  return useCallback(
    async (file: File) => {
      try {
        const path = await api.upload(file);
        fingerprints?.set(path, `${file.name}:${file.size}`);
        return path;
      } catch (error) {
        throw new Error(uploadErrorText(error, t));
      }
    },
    [api, fingerprints, t],
  );
}

function uploadErrorText(error: unknown, t: (key: string) => string): string {
  const limited = limitText(error, t);
  if (limited) return limited;
  switch (apiErrorName(error)) {
    case ErrorCode.UploadFormatUnsupported:
      return t('ui.fileUpload.format');
    case ErrorCode.UploadSizeOutOfRange:
      return t('ui.fileUpload.size');
  }
  if (isOffline(error)) return t('common.networkError');
  // Empty adds nothing under the widget's own "Upload failed".
  return isApiError(error) && error.kind === 'business' ? error.msg : '';
}
