import { createStorage } from '@/lib/storage';
import type { SubmitAuthTokenRequest } from './api/trade-api';
import type { Selection } from './trade-state';

/**
 * A Klarna buy on the web (docs/rules/order-states.md "Klarna"): submit-buy opens Klarna's session, the
 * person answers Klarna's widget (the sandbox's page, or Klarna's SDK on the card page), and the page
 * sends that answer with submit-auth-token. Pure helpers and the little the page keeps between them.
 */

/** Klarna.Payments.authorize()'s answer: as its callback gives it, or as the sandbox widget sends it back in the fragment. */
export interface KlarnaAnswer {
  approved: boolean;
  /** False: a final decline (stop offering Klarna for this purchase); true: the person may still answer. */
  showForm: boolean;
  authorizationToken: string | null;
}

/** What an answer means for the order: pay with the token, end it declined, or nothing yet (the widget was closed). */
export type KlarnaOutcome = { kind: 'approved'; token: string } | { kind: 'declined' } | { kind: 'closed' };

/**
 * The widget's answer in a return URL's fragment (`#approved=true&show_form=true&authorization_token=…`,
 * docs/sandbox.md "Klarna"), or null when the fragment holds none.
 */
export function parseKlarnaAnswer(fragment: string): KlarnaAnswer | null {
  const fields = new URLSearchParams(fragment.replace(/^#/, ''));
  const flag = (name: string) => {
    const value = fields.get(name);
    return value === 'true' ? true : value === 'false' ? false : null;
  };
  const approved = flag('approved');
  const showForm = flag('show_form');
  if (approved === null || showForm === null) return null;
  return { approved, showForm, authorizationToken: fields.get('authorization_token') || null };
}

/** approved with a token: pay; not approved and show_form false: Klarna's final decline; anything else: closed, no answer. */
export function outcomeOf(answer: KlarnaAnswer): KlarnaOutcome {
  if (answer.approved && answer.authorizationToken) return { kind: 'approved', token: answer.authorizationToken };
  if (!answer.approved && !answer.showForm) return { kind: 'declined' };
  return { kind: 'closed' };
}

/** submit-auth-token's body for an answer: the token, or '' for the decline (the order ends at once, nothing charged). */
export function authTokenBody(
  orderId: string,
  sessionId: string,
  outcome: Exclude<KlarnaOutcome, { kind: 'closed' }>,
): SubmitAuthTokenRequest {
  return { orderId, sessionId, authorizationToken: outcome.kind === 'approved' ? outcome.token : '', channelCode: 'KLARNA' };
}

/**
 * A vendor's page we may send the browser to: https, or plain http on our own origin only (the
 * sandbox's widget on a local http server); never with user:password@. Relative URLs are resolved
 * against this page's origin first. Null for anything else.
 */
export function safeWidgetUrl(raw: string | null | undefined, base = window.location.origin): string | null {
  if (!raw) return null;
  try {
    const url = new URL(raw, base);
    const isOwnOrigin = url.origin === new URL(base).origin;
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isOwnOrigin)) return null;
    if (url.username || url.password) return null;
    return url.href;
  } catch {
    return null;
  }
}

/**
 * What the page keeps of a Klarna buy while the person is at Klarna's widget, for the klarna-callback
 * page the widget sends them back to: the session (submit-auth-token names it; the return URL does
 * not), the widget's address (to open it again after a Close), what was being bought (to come back to
 * the same form), and, once the widget answered, that answer, so that a reload of the callback page
 * sends the same body again (the address no longer holds it).
 */
export interface KeptKlarnaPayment {
  sessionId: string;
  widgetUrl: string | null;
  selection: Selection;
  fiatAmount: string;
  answer?: KlarnaAnswer;
}

/** The browser tab's own storage (gone with the tab), for as long as an order may wait for Klarna's answer. */
const tabStorage = createStorage({ storage: () => globalThis.sessionStorage });
const KEPT_FOR_MS = 24 * 60 * 60 * 1000;
const keyOf = (orderId: string) => `causeway.klarna.${orderId}`;

export const keepKlarnaPayment = (orderId: string, kept: KeptKlarnaPayment): boolean =>
  tabStorage.setItem(keyOf(orderId), kept, KEPT_FOR_MS);
export const keptKlarnaPayment = (orderId: string): KeptKlarnaPayment | undefined => tabStorage.getItem<KeptKlarnaPayment>(keyOf(orderId));
/** Once the order has its answer: nothing of it (the token least of all) stays in the tab. */
export const forgetKlarnaPayment = (orderId: string): void => tabStorage.removeItem(keyOf(orderId));

/** What the card page is told (router state) when the person closed Klarna's widget without an answer. */
export interface KlarnaNotFinishedState {
  klarnaNotFinished: string;
}

/** The order whose Klarna payment was not finished, from the card page's router state; null for any other state. */
export function notFinishedKlarnaOrderOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('klarnaNotFinished' in state)) return null;
  return typeof state.klarnaNotFinished === 'string' ? state.klarnaNotFinished : null;
}

/** The card page again, on what was being bought (pair and amount), for a Klarna buy not finished. */
export function cardPageAfterKlarna(lng: string, kept: KeptKlarnaPayment | undefined): string {
  if (!kept) return `/${lng}/card-buy-sell`;
  const { fiat, crypto, network } = kept.selection;
  const query = new URLSearchParams({ fiatCurrency: fiat, cryptoCurrency: crypto, network });
  if (kept.fiatAmount) query.set('fiatAmount', kept.fiatAmount);
  return `/${lng}/card-buy-sell?${query.toString()}`;
}
