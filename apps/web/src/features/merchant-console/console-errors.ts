import { ErrorCode, type ErrorName, wireCodeOf } from '@causeway/contracts';
import { apiErrorName, errorText, isApiError, type Translate } from '@/lib/http-errors';
import { showToast } from '@/ui';

/** The console's refusals, worded by us (keyed by wire code under merchantConsole.errors): the server's words are English. */
const CONSOLE_ERRORS: readonly ErrorName[] = [
  ErrorCode.MerchantNotMember,
  ErrorCode.MerchantKeyNotFound,
  ErrorCode.MerchantKeyLimit,
  ErrorCode.MerchantOriginLimit,
  ErrorCode.MerchantWebhookUrlInvalid,
  ErrorCode.MerchantWebhookEndpointLimit,
  ErrorCode.MerchantWebhookNotFound,
];

/** What the console says for a failed call: its own words for its codes, else the app's (lib/http-errors: network, limits, the server's message). */
export function consoleErrorText(error: unknown, t: Translate): string {
  const name = apiErrorName(error);
  if (name && CONSOLE_ERRORS.includes(name)) return t(`merchantConsole.errors.${wireCodeOf(name)}`);
  return errorText(error, t);
}

/**
 * A refused change, said in a toast (console paths never toast on their own). A dead session is the
 * client's to handle (it goes to the sign-in) and a cancelled call needs no words, so neither is said.
 */
export function toastConsoleError(error: unknown, t: Translate): void {
  if (isApiError(error) && (error.kind === 'cancel' || error.httpStatus === 401 || error.errorName === ErrorCode.SessionRequired)) return;
  showToast({ message: consoleErrorText(error, t), kind: 'error' });
}
