import { loadVendorScript } from '@/lib/vendor-script';

/**
 * Klarna's JavaScript SDK for Klarna payments (docs.klarna.com, "Klarna payments SDK reference"), used
 * when the server's Klarna is the real one (submit-buy answers `clientToken` and no `widgetUrl`). It is
 * loaded from Klarna's CDN only, when a Klarna buy needs it; the server's CSP lets Klarna's script and
 * frames in only then (KLARNA_PROVIDER=klarna). The calls, as documented:
 *
 * - `Klarna.Payments.init({ client_token })` with the session's client token;
 * - `Klarna.Payments.load({ container, payment_method_category }, {}, callback)` puts Klarna's widget in
 *   the container, answering `{ show_form }` (false: Klarna cannot be offered for this purchase);
 * - `Klarna.Payments.authorize({ payment_method_category }, {}, callback)` opens Klarna's purchase
 *   flow, answering `{ approved, show_form, authorization_token }`.
 */
export const KLARNA_SDK_URL = 'https://x.klarnacdn.net/kp/lib/v1/api.js';

/** The payment method category the widget shows: Klarna's single "klarna" category, which sessions answer today. */
export const KLARNA_CATEGORY = 'klarna';

export interface KlarnaLoadResult {
  show_form: boolean;
  error?: unknown;
}

export interface KlarnaAuthorizeResult {
  approved: boolean;
  show_form: boolean;
  authorization_token?: string;
  finalize_required?: boolean;
  error?: unknown;
}

/** The part of `window.Klarna.Payments` the card page uses. */
export interface KlarnaPayments {
  init(options: { client_token: string }): void;
  load(options: { container: string; payment_method_category: string }, data: object, callback: (result: KlarnaLoadResult) => void): void;
  authorize(options: { payment_method_category: string }, data: object, callback: (result: KlarnaAuthorizeResult) => void): void;
}

declare global {
  interface Window {
    Klarna?: { Payments?: KlarnaPayments };
  }
}

/** Klarna's SDK, loaded once per page (the global `Klarna.Payments` it defines). */
export const loadKlarnaSdk = (): Promise<KlarnaPayments> => loadVendorScript(KLARNA_SDK_URL, 'Klarna', () => window.Klarna?.Payments);
