import { errorText } from '@/lib/http-errors';

/**
 * What an ErrorView says under its title ("Something went wrong") for a failed call: the network
 * or timeout text, or the server's message; nothing for the generic failure the title already says.
 */
export function errorViewContent(error: unknown, t: (key: string) => string): string | undefined {
  const text = errorText(error, t);
  return text === t('common.somethingWentWrong') ? undefined : text;
}
