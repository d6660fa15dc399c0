import { escapeHtml, FAVICON_LINK } from '../../platform/html.ts';

/** The form's first values: a customer id anyone can reuse to come back as the same linked customer. */
export const DEFAULT_CUSTOMER_ID = 'sandbox-customer-1';

export const CHECKOUT_MODES = ['overlay', 'embedded', 'redirect'] as const;
export type CheckoutMode = (typeof CHECKOUT_MODES)[number];

const MODE_TEXTS: Record<CheckoutMode, { label: string; note: string }> = {
  overlay: { label: 'Overlay', note: 'a dialog over this page' },
  embedded: { label: 'Embedded', note: 'inside this page, below the form' },
  redirect: { label: 'Redirect', note: 'this tab goes to the checkout and comes back here (no browser events: watch the webhooks)' },
};

// Light and dark by the system's setting; translucent borders read on both. One column, so it fits 360 px.
const STYLE = `:root{color-scheme:light dark;--fg:#12141c;--bg:#fff;--muted:#5b6275;--accent:#4f46e5;--accent-fg:#fff;--warn:#b45309;--ok:#15803d;--bad:#b42318;--panel:#f4f5f8}
@media (prefers-color-scheme:dark){:root{--fg:#eef0f6;--bg:#0f1117;--muted:#a3aabd;--accent:#818cf8;--accent-fg:#0f1117;--warn:#fbbf24;--ok:#4ade80;--bad:#f97066;--panel:#181b24}}
body{font-family:system-ui,sans-serif;margin:0;padding:1rem;display:flex;justify-content:center;line-height:1.45;color:var(--fg);background:var(--bg)}
main{width:100%;max-width:960px;min-width:0}form{max-width:460px}label,legend{display:block;margin:.8rem 0 .2rem;font-weight:600}
input[type=text],input[type=email]{width:100%;box-sizing:border-box;padding:.6rem;font:inherit;color:inherit;background:transparent;border:1px solid #8888;border-radius:.5rem}
fieldset{border:0;padding:0;margin:.8rem 0 0}.choice{display:flex;gap:.5rem;align-items:flex-start;margin:.4rem 0;font-weight:400}.choice input{margin-top:.3rem}
button{min-height:44px;padding:.6rem 1rem;font:inherit;font-weight:600;border:0;border-radius:.6rem;background:var(--accent);color:var(--accent-fg);cursor:pointer}
button.primary{margin-top:1.2rem;width:100%;min-height:48px}button.secondary{background:transparent;color:var(--fg);border:1px solid #8888}
button:disabled{opacity:.6;cursor:progress}:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
.note{font-size:.9rem;color:var(--muted)}.warning{color:var(--warn);font-weight:600}.done{color:var(--ok);font-weight:600}.errors{color:var(--bad)}
code{overflow-wrap:anywhere}pre{margin:.3rem 0 0;padding:.5rem;background:var(--panel);border-radius:.4rem;overflow-x:auto;font-size:.8rem}
#checkout-container:not([hidden]){margin:1rem 0;border:1px solid #8888;border-radius:.6rem;overflow:hidden}
.log{list-style:none;padding:0;margin:0}.log li{border-bottom:1px solid #8884;padding:.5rem 0}.log time{color:var(--muted);margin-right:.5rem}
.actions{display:flex;flex-wrap:wrap;gap:.6rem;align-items:center}.table{overflow-x:auto}
table{border-collapse:collapse;width:100%;font-size:.9rem}td,th{border-bottom:1px solid #8884;padding:.4rem;text-align:left;vertical-align:top;overflow-wrap:anywhere}`;

export interface SandboxMerchantPageInput {
  /** The origin the page's links are signed for (hostOrigin): the script warns when the page is open at another. */
  pageOrigin: string;
  /** Whether the demo merchant allows the page's origin (PUBLIC_URL's, or this port's localhost): if not, the page says what it cannot do. */
  originAllowed: boolean;
  /** Whether packages/sdk/dist/index.js exists; without it the checkout cannot open. */
  sdkBuilt: boolean;
  /** Set when the checkout sent the customer back (redirectUrl), with what it added to the query. */
  returned?: { orderId?: string; status?: string };
}

function returnedNote(returned: SandboxMerchantPageInput['returned']): string {
  if (!returned) return '';
  const order = returned.orderId
    ? `: order <code>${escapeHtml(returned.orderId)}</code>${returned.status ? `, status <code>${escapeHtml(returned.status)}</code>` : ''}`
    : '';
  return `<p class="done" role="status">You came back from the checkout${order}. The webhooks below are the record.</p>`;
}

const ORIGIN_NOT_ALLOWED = `<p class="warning" role="alert">The demo merchant does not allow this page's origin (it allows PUBLIC_URL's, or
without PUBLIC_URL this server's <code>http://localhost:PORT</code> and <code>http://127.0.0.1:PORT</code>): the checkout opens, but
sends no events here and has no way back. Open this page at one of those, or set <code>PUBLIC_URL</code> to the address you opened and
restart the server.</p>`;

const modeChoice = (mode: CheckoutMode) =>
  `<label class="choice"><input type="radio" name="mode" value="${mode}"${mode === 'overlay' ? ' checked' : ''}>
<span><strong>${MODE_TEXTS[mode].label}</strong>: ${MODE_TEXTS[mode].note}</span></label>`;

/**
 * docs/sandbox.md "The sandbox merchant page": a merchant's website, rebuilt on @causeway/sdk. Its form
 * asks this server (playing the merchant's server) for a signed link and opens the checkout with
 * `openCheckout`; below, what the SDK hears from the checkout and what the demo merchant's webhook
 * endpoint received. The script is a file of our own origin (the CSP allows no inline script); it and
 * the SDK are ES modules. English only, as every sandbox tool page.
 */
export function renderSandboxMerchantPage(input: SandboxMerchantPageInput): string {
  const sdkMissing = input.sdkBuilt
    ? ''
    : `<p class="warning" role="alert">The SDK's browser bundle is not built (<code>packages/sdk/dist</code>): run <code>npm run build</code>
(or <code>npm run build --workspace @causeway/sdk</code>), then reload this page.</p>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">${FAVICON_LINK}<title>Sandbox merchant · Causeway</title><style>${STYLE}</style></head>
<body><main data-page-origin="${escapeHtml(input.pageOrigin)}">
<h1>Sandbox Demo Shop</h1>
<p class="note">A merchant's website, played by the sandbox. "Open checkout" asks the shop's server (this server, playing it) for a link
signed with the demo merchant's published secret, then opens it with <code>@causeway/sdk</code>'s <code>openCheckout</code>, as your
site would. The link names this page's origin, <code>${escapeHtml(input.pageOrigin)}</code>${
    input.originAllowed
      ? ', which the demo merchant allows (added at every start), so the checkout sends its events here and its way back leads here'
      : ''
  }.</p>
${input.originAllowed ? '' : ORIGIN_NOT_ALLOWED}${sdkMissing}${returnedNote(input.returned)}
<p id="origin-warning" class="warning" role="alert" hidden>This page is open at another origin than <code>${escapeHtml(input.pageOrigin)}</code>:
the overlay and embedded checkouts refuse to open here. Open <a href="${escapeHtml(input.pageOrigin)}/sandbox/merchant">${escapeHtml(input.pageOrigin)}/sandbox/merchant</a>.</p>
<form id="checkout-form">
<label for="merchantUserId">Customer id (merchantUserId)</label>
<input type="text" id="merchantUserId" name="merchantUserId" value="${DEFAULT_CUSTOMER_ID}" required maxlength="64" autocomplete="off" spellcheck="false">
<label for="email">Customer's email (optional)</label>
<input type="email" id="email" name="email" maxlength="254" autocomplete="off" spellcheck="false" aria-describedby="email-note">
<p id="email-note" class="note">Fills in the checkout's sign-in. A code for it lands in the <a href="/sandbox/mailbox">sandbox mailbox</a>.</p>
<label for="amount">Amount in EUR (optional)</label>
<input type="text" id="amount" name="amount" inputmode="decimal" maxlength="10" placeholder="50.00" autocomplete="off" aria-describedby="amount-note">
<p id="amount-note" class="note">With an amount the shop first creates a transaction (buy BTC for that many EUR) through the merchant API,
and the link carries its <code>tranId</code>.</p>
<fieldset><legend>How the checkout opens</legend>${CHECKOUT_MODES.map(modeChoice).join('')}</fieldset>
<button type="submit" class="primary">Open checkout</button>
<p id="form-status" role="status" aria-live="polite"></p>
</form>
<div id="checkout-container" hidden></div>
<p class="actions"><button type="button" id="close-checkout" class="secondary" hidden>Close the checkout</button></p>
<h2 id="events-heading">Events from the checkout</h2>
<p class="note">What the SDK's <code>onEvent</code> hears from the checkout on this page, newest first. A convenience: the customer can
close the tab at any time, so a shop acts on the webhooks.</p>
<p class="actions"><button type="button" id="clear-events" class="secondary">Clear the events</button></p>
<p id="events-empty" class="note">None yet.</p>
<ol id="events" class="log" aria-labelledby="events-heading"></ol>
<h2 id="webhooks-heading">Webhooks received</h2>
<p class="note">What the demo merchant's endpoint (<code>POST /sandbox/merchant/webhooks</code>) received, newest first, read every
3 seconds while this page is visible. "Fail the next delivery" makes it answer 500 once: the webhook comes again about 5 seconds later.</p>
<p class="actions"><button type="button" id="fail-next" class="secondary">Fail the next delivery</button></p>
<p id="webhooks-status" role="status" aria-live="polite"></p>
<div class="table"><table aria-labelledby="webhooks-heading"><thead><tr><th>Received</th><th>Type</th><th>Signature</th><th>Answered</th><th>Webhook id</th></tr></thead>
<tbody id="webhooks"><tr><td colspan="5">Loading…</td></tr></tbody></table></div>
</main><script type="module" src="/sandbox/merchant/page.js"></script></body></html>`;
}
