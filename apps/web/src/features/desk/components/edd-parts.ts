import { ErrorCode, type ErrorName, wireCodeOf } from '@causeway/contracts';
import { apiErrorName, type Translate } from '@/lib/http-errors';
import { deskErrorText } from '../desk-errors';

/** A form field of the EDD screen (select, textarea): 48 px tall at least, the app's colours, a visible focus ring. */
export const eddFieldClass =
  'min-h-12 w-full min-w-0 rounded-xl border border-line bg-surface px-3 py-2 text-base text-fg focus-visible:ring-2 focus-visible:ring-focus focus-visible:outline-none';
export const eddLabelClass = 'mb-1.5 block text-sm font-medium text-fg';

/** The edd module's refusals the screen words itself (desk.edd.errors, by wire code); the server's are English. */
const EDD_ERRORS: readonly ErrorName[] = [ErrorCode.EddCaseNotFound, ErrorCode.EddDecisionRefused, ErrorCode.EddInputInvalid];

/** What the EDD screen says for a failed call: its own words for the edd module's codes, else the desk's. */
export function eddErrorText(error: unknown, t: Translate): string {
  const name = apiErrorName(error);
  if (name && EDD_ERRORS.includes(name)) return t(`desk.edd.errors.${wireCodeOf(name)}`);
  return deskErrorText(error, t);
}
