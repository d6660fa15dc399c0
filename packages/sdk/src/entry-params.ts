/**
 * The parameters of a signed entry link (docs/rules/entities.md, "Entry parameters"). Browser-safe: no
 * imports, so the checkout helpers can read a link's parameters without pulling in node:crypto.
 *
 * Every value is a string because it travels in a query string. Everything in the link except `lng` and
 * `signature` is signed, parameters the checkout does not know included, so nobody can add one later.
 */
export interface EntryParams {
  /** Your public API key from the merchant console. Required. */
  apiKey: string;
  /** Your id for the customer; links their Causeway account to your user. The sign-in pages require it. */
  merchantUserId?: string;
  /** The customer's email, to prefill the sign-in. */
  email?: string;
  /** A transaction you created through the merchant API: the customer's order fills it, with the amount and wallet you set. */
  tranId?: string;
  /** The kind of transaction the checkout opens on (e.g. `buy`). */
  tranType?: string;
  /** The fiat currency to preselect, e.g. `EUR`. */
  fiatCurrency?: string;
  /** The payment method to preselect (a payment method code). */
  paymentMethod?: string;
  /** Chooses the checkout's entry configuration set up for you (what it offers and shows). */
  merchantCode?: string;
  /**
   * Where the customer returns: the result page links back to it with the order's `orderId` and `status` in its
   * query. Kept only when it is on one of your allowed origins (merchant console).
   */
  redirectUrl?: string;
  /**
   * `true` when the customer is new on your side, so `merchantUserId` cannot name anyone Causeway knows yet: a link
   * already under that id (an id you reused) is not offered, and the customer's proved email links it afresh.
   */
  isNewAcct?: string;
  /**
   * `true` when you sent this link in an email to `email`: the sign-in code goes to that address at once, with no
   * "is this your email?" step (it still goes only there).
   */
  fromEmail?: string;
  /**
   * Your own tag for the entry (a campaign, a channel): 1 to 64 letters, digits, `.`, `:`, `_` or `-`. Kept on the
   * customer's link and shown in your console's customer list.
   */
  cTag?: string;
  /**
   * A UUID you choose for the customer's next buy order, so you know the order's id before it exists (webhooks and
   * `order.updated` carry it). Used for one order; a reused id is dropped and the order gets its own.
   */
  preOrderId?: string;
  /** A token naming an order to open; kept through the sign-in steps. */
  orderToken?: string;
  /** A single-use Reusable KYC share token: imports the identity verification you did into the customer's account. */
  kycShareToken?: string;
  /** The page language (`en`, `zh`). Not signed: the customer may change it. */
  lng?: string;
  /**
   * The origin of YOUR page that embeds the checkout (`https://shop.example`), required for the overlay and
   * embedded modes: the checkout posts its events only to this origin, and because it is signed nobody can
   * point them at another site. `openCheckout` refuses a link whose `hostOrigin` is not the page's origin.
   */
  hostOrigin?: string;
  /** Milliseconds since the epoch, as a string; `signEntry` adds it. The checkout refuses links older than 300 s. */
  timestamp?: string;
  /** Lowercase hex HMAC-SHA256 of the canonical query; `signEntry` adds it. */
  signature?: string;
  /** Any other parameter is allowed (at most 30 in all) and is signed too. */
  [name: string]: string | undefined;
}

/** An entry after `signEntry`: `timestamp` and `signature` are always there. */
export type SignedEntryParams = EntryParams & { timestamp: string; signature: string };

/** The checkout pages an entry link may open: the merchant sign-in (default), its skip-login variant, or the plain sign-in. */
export const ENTRY_PAGES = ['login-v3', 'skip-login', 'login-v2'] as const;
export type EntryPage = (typeof ENTRY_PAGES)[number];

/** Parameters left out of the signature: the signature itself, and the language, which the customer may change. */
export const UNSIGNED_ENTRY_PARAMS = ['signature', 'lng'] as const;
/** How far a link's `timestamp` may be from the checkout's clock (either way) before it is refused. */
export const ENTRY_SIGNATURE_TOLERANCE_MS = 300_000;

/**
 * The exact string that is signed: the parameters sorted by name, each `name=value` URI-encoded, joined
 * with `&`. The one implementation: our server checks links with it (packages/contracts re-exports it).
 */
export function canonicalEntryQuery(params: Readonly<Record<string, string>>): string {
  return Object.keys(params)
    .filter((name) => !(UNSIGNED_ENTRY_PARAMS as readonly string[]).includes(name))
    .sort()
    .map((name) => `${encodeURIComponent(name)}=${encodeURIComponent(params[name] ?? '')}`)
    .join('&');
}
