import { API_BASE, HEADER } from '@causeway/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';

export interface SecurityHeaderOptions {
  /**
   * The reCAPTCHA bot check runs: allow Google's script and its invisible frame, as Google's CSP
   * guide lists them. Only then, so the sandbox keeps scripts to our own origin.
   */
  recaptcha?: boolean;
  /** The Sumsub KYC vendor runs: allow its WebSDK script and the frames it opens, only then. */
  sumsub?: boolean;
  /** Origins the browser may send to besides ours: the upload bucket with S3 storage. */
  connectSources?: string[];
  /** Origins images may come from besides ours: the Zendesk help centre's article images. */
  imageSources?: string[];
  /**
   * Checkout.com takes the cards: allow its Flow script (Checkout Web Components, which Checkout.com
   * says to load only from checkout-web-components.checkout.com, never self-hosted or bundled), the
   * card-field iframes it opens, and the calls it makes to Checkout.com's API from the page, only
   * then (the sandbox's card fields are ours).
   */
  checkoutFlow?: boolean;
  /**
   * Klarna is the real one (KLARNA_PROVIDER=klarna): allow the Klarna payments SDK (loaded from Klarna's
   * CDN on the card page, never bundled), its styles and fonts, the frames of Klarna's widget and
   * purchase flow, its calls and images, as Klarna's "Browser security configuration" lists them, and
   * let the purchase flow's popup keep its opener. Only then: the sandbox's widget is a page of ours.
   */
  klarna?: boolean;
  /**
   * Send HSTS on every answer (production, whose PUBLIC_URL is https), not only on requests that
   * came over https (directly, or per X-Forwarded-Proto with TRUST_PROXY).
   */
  alwaysHsts?: boolean;
}

/** A year, and every subdomain: the least browsers' preload rules accept. Preload itself stays the operator's choice. */
export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/** A request that carries a credential: a session token, a business token, or HTTP Basic/Bearer. */
const isAuthenticated = (request: FastifyRequest) =>
  Boolean(request.headers[HEADER.token] || request.headers[HEADER.businessToken] || request.headers.authorization);

/**
 * Whether an answer must never be kept by a browser or a shared cache: every answer to an
 * authenticated request (whatever the route said), and every API and sandbox answer that did not
 * choose its own caching (the public reference texts do). Static files and the SPA set their own.
 */
const mustNotStore = (request: FastifyRequest, hasOwnCacheHeader: boolean) => {
  if (isAuthenticated(request)) return true;
  return !hasOwnCacheHeader && (request.url.startsWith(`${API_BASE}/`) || request.url.startsWith('/sandbox/'));
};

const RECAPTCHA_SCRIPTS = 'https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/';
const RECAPTCHA_FRAMES = 'https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/';
const SUMSUB_SCRIPTS = 'https://static.sumsub.com';
const SUMSUB_FRAMES = 'https://*.sumsub.com';
/**
 * Checkout.com Flow: its script (checkout-web-components.checkout.com) and its built-in Risk.js
 * (risk.checkout.com, risk.sandbox.checkout.com: the Risk.js SDK page's script hosts); the
 * card-field and 3DS frames it opens; its calls from the page (the Payment Session, tokenising,
 * card metadata, device data) to {prefix}.api[.sandbox].checkout.com and Checkout.com's other
 * hosts. A `*.` host covers every depth of subdomain (CSP's host-source matching).
 */
const CHECKOUT_SCRIPTS = 'https://checkout-web-components.checkout.com https://risk.checkout.com https://risk.sandbox.checkout.com';
const CHECKOUT_FRAMES = 'https://*.checkout.com';
const CHECKOUT_CONNECT = 'https://*.checkout.com';
/**
 * Klarna payments (docs.klarna.com, "Browser security configuration for the Klarna web SDK"): the SDK
 * from x.klarnacdn.net (and Klarna's js hosts), its styles and fonts there, frames and calls to Klarna's
 * hosts (klarnaevt.com: its event tracking).
 */
const KLARNA_SCRIPTS = 'https://x.klarnacdn.net https://js.klarna.com https://js.playground.klarna.com';
const KLARNA_STYLES = 'https://x.klarnacdn.net';
const KLARNA_FONTS = 'https://x.klarnacdn.net';
const KLARNA_IMAGES = 'https://x.klarnacdn.net https://*.klarna.com';
const KLARNA_CONNECT = 'https://*.klarna.com https://*.klarnaevt.com https://x.klarnacdn.net';
const KLARNA_FRAMES = 'https://*.klarna.com https://x.klarnacdn.net';

/**
 * Security headers on every answer. The CSP allows scripts from our own origin only (plus Google's
 * reCAPTCHA, Sumsub's WebSDK, Checkout.com's Flow or Klarna's SDK when each runs), no plugins and no <base> rewriting; frame-ancestors is the merchant
 * allow-list from FRAME_ANCESTORS. A route that sets its own CSP (the API docs page) keeps it.
 */
export function registerSecurityHeaders(app: FastifyInstance, frameAncestors: string, options: SecurityHeaderOptions = {}): void {
  const csp = [
    "default-src 'self'",
    [
      'script-src',
      "'self'",
      ...(options.recaptcha ? [RECAPTCHA_SCRIPTS] : []),
      ...(options.sumsub ? [SUMSUB_SCRIPTS] : []),
      ...(options.checkoutFlow ? [CHECKOUT_SCRIPTS] : []),
      ...(options.klarna ? [KLARNA_SCRIPTS] : []),
    ].join(' '),
    ['style-src', "'self' 'unsafe-inline'", ...(options.klarna ? [KLARNA_STYLES] : [])].join(' '),
    ['img-src', "'self' data: blob:", ...(options.imageSources ?? []), ...(options.klarna ? [KLARNA_IMAGES] : [])].join(' '),
    ['font-src', "'self' data:", ...(options.klarna ? [KLARNA_FONTS] : [])].join(' '),
    [
      'connect-src',
      "'self'",
      ...(options.connectSources ?? []),
      ...(options.checkoutFlow ? [CHECKOUT_CONNECT] : []),
      ...(options.klarna ? [KLARNA_CONNECT] : []),
    ].join(' '),
    // 'self' stays: the sandbox processor's card fields and 3DS page are frames of our own origin.
    ...(options.recaptcha || options.sumsub || options.checkoutFlow || options.klarna
      ? [
          [
            'frame-src',
            "'self'",
            ...(options.recaptcha ? [RECAPTCHA_FRAMES] : []),
            ...(options.sumsub ? [SUMSUB_FRAMES] : []),
            ...(options.checkoutFlow ? [CHECKOUT_FRAMES] : []),
            ...(options.klarna ? [KLARNA_FRAMES] : []),
          ].join(' '),
        ]
      : []),
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
  ].join('; ');
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', csp);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    // Klarna's purchase flow may open a popup that answers its opener (Klarna's COOP advice).
    reply.header('cross-origin-opener-policy', options.klarna ? 'same-origin-allow-popups' : 'same-origin');
    reply.header('permissions-policy', 'camera=(self), microphone=(), geolocation=(), payment=(self)');
    reply.header('x-request-id', reply.request.id);
    if (options.alwaysHsts || reply.request.protocol === 'https') reply.header('strict-transport-security', HSTS_VALUE);
    if (mustNotStore(reply.request, reply.hasHeader('cache-control'))) reply.header('cache-control', 'no-store');
    return payload;
  });
}
