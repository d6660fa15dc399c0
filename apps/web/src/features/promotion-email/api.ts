import { CALL_ROUTES, ErrorCode } from '@causeway/contracts';
import type { HttpClient } from '@/lib/http-client';
import { isError } from '@/lib/http-errors';

/** The promotional-email calls (docs/rules/calls.md "Promotional emails"). Silent: each caller says a failure in its place. */
export function createPromotionEmailApi(client: HttpClient) {
  return {
    /** The signed-in person's choice and address. */
    choice: () => client.call(CALL_ROUTES.promotionEmailSubscription, {}, { silent: true }),
    setChoice: (subscribed: boolean, lang: string) =>
      client.call(
        CALL_ROUTES.promotionEmailSubscription,
        { subscribed, ...(lang === 'zh' || lang === 'en' ? { lang } : {}) },
        { silent: true },
      ),
    /** The emailed link's address and list: reads only. */
    linkDetails: (token: string) => client.call(CALL_ROUTES.promotionEmailUnsubscribeDetails, { token }, { silent: true }),
    unsubscribe: (token: string) => client.call(CALL_ROUTES.promotionEmailUnsubscribe, { token }, { silent: true }),
  };
}

export type PromotionEmailApi = ReturnType<typeof createPromotionEmailApi>;

/** The link is not ours, altered, or no link at all (the body's own validation). */
export const isRefusedLink = (error: unknown) => isError(error, ErrorCode.UnsubscribeLinkInvalid, ErrorCode.MalformedRequest);
/** A genuine link of an email sent before the person subscribed again. */
export const isReplacedLink = (error: unknown) => isError(error, ErrorCode.UnsubscribeLinkReplaced);

/** The link's token: `unsubscribe#<token>`, a fragment, so the browser never sends it to a server or a Referer. */
export function tokenFrom(hash: string): string | undefined {
  const fragment = hash.replace(/^#/, '');
  let token: string;
  try {
    token = decodeURIComponent(fragment).trim();
  } catch {
    // A broken %-escape: the server's check of the token's shape says it is no link.
    token = fragment.trim();
  }
  return token || undefined;
}
