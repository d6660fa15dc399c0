import { escapeHtml, FAVICON_LINK } from '../../platform/html.ts';
import type { SandboxAuthorizeRequest } from '../../providers/oauth/sandbox-idp.ts';

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;padding:1rem;display:flex;justify-content:center;line-height:1.45}
main{width:100%;max-width:420px}.brand{font-size:.85rem;letter-spacing:.04em;text-transform:uppercase;opacity:.75;margin:0}
h1{font-size:1.4rem;margin:.3rem 0 1rem}form{display:grid;gap:.75rem;margin:0}label{font-size:.9rem;display:grid;gap:.25rem}
input[type=email],input[type=text]{font:inherit;min-height:44px;padding:.4rem .6rem;border-radius:.5rem;border:1px solid #8888;background:transparent;color:inherit}
.check{display:flex;gap:.5rem;align-items:flex-start}.check input{width:1.1rem;height:1.1rem;margin-top:.15rem}
button{width:100%;min-height:48px;padding:.8rem;font:inherit;font-weight:600;border-radius:.6rem;cursor:pointer}
.allow{border:0;background:#f0b90b;color:#17120f}.other{background:transparent;color:inherit;border:1px solid currentColor}
.note{font-size:.9rem;opacity:.8}.error{color:#d33;font-weight:600}dl{display:grid;grid-template-columns:auto 1fr;gap:.3rem 1rem;margin:0;padding:.8rem;border:1px solid #8886;border-radius:.75rem}
dt{opacity:.75}dd{margin:0;overflow-wrap:anywhere}:focus-visible{outline:3px solid #f0b90b;outline-offset:2px}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">${FAVICON_LINK}<title>${escapeHtml(title)} · Sandbox identity provider</title><style>${STYLE}</style></head>
<body><main><p class="brand">Causeway Sandbox · Identity provider</p>${body}</main></body></html>`;
}

/** The request's parameters, carried through the consent form so its post is checked as the request was. */
function hiddenFields(request: SandboxAuthorizeRequest): string {
  const fields: Record<string, string | undefined> = {
    response_type: 'code',
    client_id: request.clientId,
    redirect_uri: request.redirectUri,
    scope: request.scope,
    state: request.state,
    nonce: request.nonce,
    code_challenge: request.codeChallenge,
    code_challenge_method: 'S256',
  };
  return Object.entries(fields)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
    .join('');
}

export interface ConsentForm {
  email?: string;
  name?: string;
  emailVerified?: boolean;
  error?: string;
}

/**
 * The sign-in and consent page: who the person is (any email; the provider's verified flag, to try an
 * unverified one), then Allow or Cancel. A plain form (no script, so it runs under our CSP and by keyboard).
 */
export function renderConsent(request: SandboxAuthorizeRequest, form: ConsentForm = {}): string {
  const error = form.error ? `<p class="error" id="email-error" role="alert">${escapeHtml(form.error)}</p>` : '';
  const described = form.error ? ' aria-describedby="email-error" aria-invalid="true"' : '';
  return page(
    'Sign in',
    `<h1>Sign in to continue to Causeway</h1>
<p class="note">This sandbox page stands in for the identity provider's own. Type any email: it is who you are at the provider. Allow sends Causeway a one-time code for that identity; Cancel goes back without one.</p>
<dl><dt>Client</dt><dd>${escapeHtml(request.clientId)}</dd><dt>Asks for</dt><dd>${escapeHtml(request.scope)}</dd></dl>
<form method="post" action="/sandbox/oauth/authorize">${hiddenFields(request)}
<label for="email">Email<input id="email" name="email" type="email" autocomplete="email" required maxlength="254" value="${escapeHtml(form.email ?? '')}"${described}></label>${error}
<label for="name">Name (optional)<input id="name" name="name" type="text" autocomplete="name" maxlength="80" value="${escapeHtml(form.name ?? '')}"></label>
<label class="check" for="email_verified"><input id="email_verified" name="email_verified" type="checkbox" value="true"${form.emailVerified === false ? '' : ' checked'}><span>The provider has verified this email (untick to try an unverified one)</span></label>
<button type="submit" name="decision" value="allow" class="allow">Allow</button>
<button type="submit" name="decision" value="cancel" class="other" formnovalidate>Cancel</button></form>`,
  );
}

/** An authorization request that cannot go back to its client (unknown client or redirect address): shown here, never redirected. */
export const renderRequestError = (message: string): string =>
  page(
    'Request refused',
    `<h1>This sign-in request was refused</h1><p>${escapeHtml(message)}</p><p class="note">Start again from the sign-in page.</p>`,
  );
