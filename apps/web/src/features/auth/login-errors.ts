import { errorText, isApiError } from '@/lib/http-errors';

/**
 * The text for a failed sign-in call: ours for the sign-in codes that have one, else what
 * {@link errorText} shows for any failed call (translated network and timeout texts, the
 * server's message, the generic failure).
 */
export function loginErrorText(error: unknown, t: (key: string) => string): string {
  if (isApiError(error)) {
    switch (error.code) {
      case 'USE000002002':
        return t('auth.error.locked');
      case 'USE000001001':
        return t('auth.error.invalidCredentials');
      case 'USE000001002':
        return t('auth.error.wrongPage');
      case 'USE003000002':
      case 'USE003000011':
        return t('auth.codeDialog.invalid');
    }
  }
  return errorText(error, t);
}

/** Runs a sign-in call, turning its failure into the page's error line (cleared first). */
export async function showingErrors(action: () => Promise<void>, setError: (text: string | undefined) => void, t: (key: string) => string): Promise<void> {
  setError(undefined);
  try {
    await action();
  } catch (failure) {
    setError(loginErrorText(failure, t));
  }
}
