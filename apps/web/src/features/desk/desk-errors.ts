import { ErrorCode, type ErrorName, wireCodeOf } from '@causeway/contracts';
import { apiErrorName, errorText, isApiError, type Translate } from '@/lib/http-errors';

/** The desk's refusals, in its own words (keyed by wire code under desk.errors): the server's are English. */
const DESK_ERRORS: readonly ErrorName[] = [
  ErrorCode.OperatorSessionRequired,
  ErrorCode.OperatorSignInRefused,
  ErrorCode.OperatorSignInStepExpired,
  ErrorCode.OperatorPermissionRefused,
  ErrorCode.OperatorTargetNotFound,
  ErrorCode.OperatorCannotChangeSelf,
  // Acting on what waits (components/waiting-actions.tsx).
  ErrorCode.WaitingItemSettled,
  ErrorCode.PayoutOutcomeContradicted,
  ErrorCode.SuspenseCurrencyNotKept,
  ErrorCode.SuspensePersonClosed,
  // Crypto owed back and flags closed (components/deposit-actions.tsx).
  ErrorCode.MoneyStillOwed,
  ErrorCode.ReturnAddressRefused,
  // Deciding a verification (components/verification-decision.tsx).
  ErrorCode.ReviewDecisionOnItsWay,
];

/** What the desk says for a failed call: its own words for its codes, else the app's (network, limits, the server's message). */
export function deskErrorText(error: unknown, t: Translate): string {
  const name = apiErrorName(error);
  if (name && DESK_ERRORS.includes(name)) return t(`desk.errors.${wireCodeOf(name)}`);
  return errorText(error, t);
}

/** The desk session is gone (ended, expired, idle, or its operator disabled): back to the desk's sign-in. */
export const isDeskSessionEnded = (error: unknown): boolean =>
  apiErrorName(error) === ErrorCode.OperatorSessionRequired || (isApiError(error) && error.httpStatus === 401);
