import type { FastifyInstance, FastifyReply } from 'fastify';
import { escapeHtml, FAVICON_LINK } from '../../platform/html.ts';
import {
  type KlarnaAuthorizeResult,
  SANDBOX_FRAUD_DECISIONS,
  type SandboxFraudDecision,
  type SandboxKlarna,
  type SandboxKlarnaWidget,
} from '../../providers/klarna/index.ts';

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;padding:1rem;display:flex;justify-content:center;line-height:1.45}
main{width:100%;max-width:420px}.brand{font-size:.85rem;letter-spacing:.04em;text-transform:uppercase;opacity:.75;margin:0}
h1{font-size:1.4rem;margin:.3rem 0 1rem}dl{display:grid;grid-template-columns:auto 1fr;gap:.4rem 1rem;margin:0 0 1rem;padding:1rem;border:1px solid #8886;border-radius:.75rem}
dt{opacity:.75}dd{margin:0;font-weight:600;overflow-wrap:anywhere;text-align:right}.actions{display:grid;gap:.75rem}form{margin:0;display:grid;gap:.5rem}
label{font-size:.9rem}select{font:inherit;min-height:44px;padding:.4rem;border-radius:.5rem}
button{width:100%;min-height:48px;padding:.8rem;font:inherit;font-weight:600;border-radius:.6rem;cursor:pointer}
.approve{border:0;background:#ffa8cd;color:#17120f}.other{background:transparent;color:inherit;border:1px solid currentColor}
a{color:inherit;font-weight:600}.note{font-size:.9rem;opacity:.8}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">${FAVICON_LINK}<title>${escapeHtml(title)} · Sandbox Klarna</title><style>${STYLE}</style></head>
<body><main><p class="brand">Causeway Sandbox · Klarna</p>${body}</main></body></html>`;
}

const summary = (widget: SandboxKlarnaWidget) =>
  `<dl><dt>Amount</dt><dd>${escapeHtml(`${widget.amount} ${widget.currency}`)}</dd><dt>Purchase</dt><dd>${escapeHtml(widget.description)}</dd></dl>`;

const FRAUD_LABELS: Record<SandboxFraudDecision, string> = {
  ACCEPTED: 'Accepted',
  PENDING_ACCEPTED: 'Pending, then accepted',
  PENDING_REJECTED: 'Pending, then rejected',
  REJECTED: 'Rejected',
};

/**
 * Klarna's widget as the sandbox plays it: the purchase, then Approve (with the fraud check it
 * should meet), Decline or Close. Plain HTML forms (no script, so it runs under our CSP and by
 * keyboard); each posts to its own URL.
 */
function renderWidget(widget: SandboxKlarnaWidget): string {
  const base = `/sandbox/klarna/${encodeURIComponent(widget.sessionId)}`;
  const options = SANDBOX_FRAUD_DECISIONS.map((value) => `<option value="${value}">${FRAUD_LABELS[value]}</option>`).join('');
  return page(
    'Pay with Klarna',
    `<h1>Pay with Klarna</h1>${summary(widget)}
<p class="note">This sandbox page stands in for Klarna's own. Approve gives the shop an authorization token; Decline refuses Klarna for this purchase; Close goes back without an answer.</p>
<div class="actions"><form method="post" action="${base}/approve"><label for="fraud">Klarna's fraud check</label><select id="fraud" name="fraud">${options}</select>
<button type="submit" class="approve">Approve</button></form>
<form method="post" action="${base}/decline"><button type="submit" class="other">Decline</button></form>
<form method="post" action="${base}/close"><button type="submit" class="other">Close</button></form></div>`,
  );
}

const SETTLED: Record<SandboxKlarnaWidget['state'], string> = {
  WAITING: '',
  APPROVED: 'This purchase was approved.',
  DECLINED: 'Klarna declined this purchase.',
  EXPIRED: 'This Klarna session expired before it was answered. Start again from the shop.',
};

function renderSettled(widget: SandboxKlarnaWidget): string {
  return page(
    'Already answered',
    `<h1>${widget.state === 'EXPIRED' ? 'This session has expired' : 'This purchase was already answered'}</h1>${summary(widget)}
<p>${escapeHtml(SETTLED[widget.state])} Nothing more is needed here.</p><p><a href="${escapeHtml(widget.returnUrl)}">Back to the shop</a></p>`,
  );
}

const renderNotFound = () =>
  page(
    'Session not found',
    '<h1>Session not found</h1><p>This Klarna link does not belong to any payment session. Start again from the shop.</p>',
  );
const renderBadAnswer = () => page('Not an answer', '<h1>Not an answer</h1><p>Choose one of the fraud checks the page offers.</p>');

const html = (reply: FastifyReply, status: number, body: string) => reply.status(status).type('text/html; charset=utf-8').send(body);

/**
 * The widget's answer goes back in the return URL's fragment, with the names of Klarna.Payments.authorize()'s
 * callback (approved, show_form, authorization_token): the fragment never reaches a server, a log or a Referer.
 */
export function widgetReturnUrl(returnUrl: string, result: KlarnaAuthorizeResult): string {
  const fields = new URLSearchParams({ approved: String(result.approved), show_form: String(result.show_form) });
  if (result.authorization_token) fields.set('authorization_token', result.authorization_token);
  return `${returnUrl}#${fields.toString()}`;
}

const isFraudDecision = (value: unknown): value is SandboxFraudDecision =>
  typeof value === 'string' && (SANDBOX_FRAUD_DECISIONS as readonly string[]).includes(value);

/**
 * docs/sandbox.md, "Klarna": GET /sandbox/klarna/:sessionId shows the session's widget; POST
 * .../approve (form field `fraud`), .../decline or .../close answers it and sends the person (303)
 * to the session's return URL, the answer in its fragment. A session answered or expired shows so,
 * with the way back. Form bodies above 1 kB are refused.
 */
export function registerSandboxKlarnaRoutes(app: FastifyInstance, klarna: SandboxKlarna): void {
  void app.register(async (scope) => {
    // The buttons are plain forms posting a small urlencoded body: accepted here, and only here.
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    scope.get<{ Params: { sessionId: string } }>(
      '/sandbox/klarna/:sessionId',
      {
        schema: { tags: ['sandbox'], summary: "The sandbox Klarna widget of a payment session (Klarna's authorize step)" },
        config: { caller: 'sandbox' },
      },
      async (request, reply) => {
        const widget = await klarna.widgetOf(request.params.sessionId);
        if (!widget) return html(reply, 404, renderNotFound());
        return html(reply, 200, widget.state === 'WAITING' ? renderWidget(widget) : renderSettled(widget));
      },
    );

    for (const outcome of ['approve', 'decline', 'close'] as const) {
      scope.post<{ Params: { sessionId: string }; Body: Record<string, string> | undefined }>(
        `/sandbox/klarna/:sessionId/${outcome}`,
        {
          schema: {
            tags: ['sandbox'],
            summary: `${outcome[0]!.toUpperCase()}${outcome.slice(1)} on the sandbox Klarna widget (form post, answers 303)`,
          },
          config: { caller: 'sandbox' },
        },
        async (request, reply) => {
          const fraud = request.body?.fraud ?? 'ACCEPTED';
          if (outcome === 'approve' && !isFraudDecision(fraud)) return html(reply, 400, renderBadAnswer());
          const answer = outcome === 'approve' ? { outcome, fraud: fraud as SandboxFraudDecision } : { outcome };
          const answered = await klarna.answer(request.params.sessionId, answer);
          if (!answered) return html(reply, 404, renderNotFound());
          if (!answered.result) return html(reply, 409, renderSettled(answered.widget));
          return reply.redirect(widgetReturnUrl(answered.widget.returnUrl, answered.result), 303);
        },
      );
    }
  });
}
