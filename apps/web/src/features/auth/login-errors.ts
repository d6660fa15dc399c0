import { ErrorCode } from '@causeway/contracts';
import { errorText, isApiError, isLocked, type Translate } from '@/lib/http-errors';

/**
 * Which factor a sign-in call checked. A lock of a first factor (password or email code) emails
 * the owner a link that unlocks sign-in (decision 009); an authenticator lock sends nothing.
 */
export type SignInFactor = 'first' | 'authenticator';

/**
 * The text for a failed sign-in call: ours for the sign-in codes that have one, else what
 * {@link errorText} shows for any failed call (translated network, timeout and rate-limit texts,
 * the server's message, the generic failure). A lock after a first factor adds, on its own line,
 * where the unlock link went: the server does not say whether this refusal sent one (a lock, or
 * too many checks from this address), so the line speaks to the owner.
 */
export function loginErrorText(error: unknown, t: Translate, factor?: SignInFactor): string {
  if (isApiError(error)) {
    switch (error.errorName) {
      case ErrorCode.TooManyAttempts:
        return factor === 'first' ? `${t('auth.error.locked')}\n${t('auth.error.unlockEmail')}` : t('auth.error.locked');
      case ErrorCode.InvalidCredentials:
        return t('auth.error.invalidCredentials');
      case ErrorCode.WrongSignInPage:
        return t('auth.error.wrongPage');
      // The UK notice opens as well (the HTTP client's reaction): the line names it in the page language, not the server's English.
      case ErrorCode.UkLoginNoticeRequired:
        return t('common.ukLoginTitle');
      case ErrorCode.EmailCodeWrong:
      case ErrorCode.AuthenticatorCodeWrong:
        return t('auth.codeDialog.invalid');
    }
  }
  return errorText(error, t);
}

/** A refused code, for the code dialog: the text under the boxes, and whether the factor is now locked (the boxes close). */
export class CodeRefusal extends Error {
  override readonly name = 'CodeRefusal';
  readonly locked: boolean;

  constructor(message: string, locked: boolean) {
    super(message);
    this.locked = locked;
  }
}

/** The code dialog's refusal of a failed sign-in by email code. */
export const codeRefusalOf = (failure: unknown, t: Translate): CodeRefusal =>
  new CodeRefusal(loginErrorText(failure, t, 'first'), isLocked(failure));

/**
 * Runs a sign-in call, turning its failure into the page's error line (cleared first); `show`
 * also learns whether the failure was a lock.
 */
export async function showingErrors(
  action: () => Promise<void>,
  show: (text: string | undefined, locked: boolean) => void,
  t: Translate,
  factor?: SignInFactor,
): Promise<void> {
  show(undefined, false);
  try {
    await action();
  } catch (failure) {
    show(loginErrorText(failure, t, factor), isLocked(failure));
  }
}
