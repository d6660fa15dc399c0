import { ErrorCode } from '@causeway/contracts';
import { errorText, isError } from '@/lib/http-errors';

/** OrderNotFound: the order does not exist (or is not this person's). */
export const isNoSuchOrder = (error: unknown): boolean => isError(error, ErrorCode.OrderNotFound);

/**
 * What an ErrorView says under its "Something went wrong" title for a failed call: the network
 * text ("No response from server, check the order at the history page"), the timeout text or the
 * server's message; nothing for the generic failure the title already says.
 */
export function errorViewContent(error: unknown, t: (key: string) => string): string | undefined {
  const text = errorText(error, t);
  return text === t('common.somethingWentWrong') ? undefined : text;
}
