import type { FastifyInstance, FastifyReply } from 'fastify';
import { escapeHtml, FAVICON_LINK } from '../../platform/html.ts';
import type { SandboxCardProcessor, SandboxChallenge } from '../../providers/card-processor/index.ts';

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;padding:1rem;display:flex;justify-content:center;line-height:1.45}
main{width:100%;max-width:420px}.bank{font-size:.85rem;letter-spacing:.04em;text-transform:uppercase;opacity:.75;margin:0}
h1{font-size:1.4rem;margin:.3rem 0 1rem}dl{display:grid;grid-template-columns:auto 1fr;gap:.4rem 1rem;margin:0 0 1rem;padding:1rem;border:1px solid #8886;border-radius:.75rem}
dt{opacity:.75}dd{margin:0;font-weight:600;overflow-wrap:anywhere;text-align:right}.actions{display:grid;gap:.75rem}form{margin:0}
button{width:100%;min-height:48px;padding:.8rem;font:inherit;font-weight:600;border-radius:.6rem;cursor:pointer}
.complete{border:0;background:#4f46e5;color:#fff}.fail{background:transparent;color:inherit;border:1px solid currentColor}
a{color:inherit;font-weight:600}.note{font-size:.9rem;opacity:.8}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">${FAVICON_LINK}<title>${escapeHtml(title)} · Sandbox 3-D Secure</title><style>${STYLE}</style></head>
<body><main><p class="bank">Causeway Sandbox Bank · 3-D Secure</p>${body}</main></body></html>`;
}

const summary = ({ payment, cardLast4 }: SandboxChallenge) =>
  `<dl><dt>Amount</dt><dd>${escapeHtml(`${payment.amount} ${payment.currency}`)}</dd><dt>Card</dt><dd>•••• ${escapeHtml(cardLast4)}</dd></dl>`;

/**
 * The bank's challenge as the sandbox plays it: the payment, then Complete or Fail. Plain HTML
 * forms (no script, so it runs under our CSP and by keyboard); each posts to its own URL.
 */
function renderChallenge(challenge: SandboxChallenge): string {
  const base = `/sandbox/3ds/${encodeURIComponent(challenge.payment.paymentId)}`;
  return page(
    'Confirm your payment',
    `<h1>Confirm your payment</h1>${summary(challenge)}
<p class="note">This sandbox page stands in for your bank's check. Complete authorises the payment; Fail declines it.</p>
<div class="actions"><form method="post" action="${base}/complete"><button type="submit" class="complete">Complete</button></form>
<form method="post" action="${base}/fail"><button type="submit" class="fail">Fail</button></form></div>`,
  );
}

const OUTCOMES: Record<string, string> = {
  AUTHORIZED: 'The payment was authorised.',
  CAPTURED: 'The payment was authorised and taken.',
  REFUNDED: 'The payment was refunded.',
  PARTIALLY_AUTHORIZED: 'The payment was partly authorised.',
  VOIDED: 'The payment was cancelled.',
  THREE_DS_FAILED: 'The check failed, so the payment was declined.',
  THREE_DS_EXPIRED: 'The check was not answered in time, so the payment was declined.',
};

function renderAlreadyAnswered(challenge: SandboxChallenge): string {
  const { payment } = challenge;
  const outcome = OUTCOMES[payment.declineReason ?? payment.status] ?? 'The payment was declined.';
  return page(
    'Already answered',
    `<h1>This check was already answered</h1>${summary(challenge)}<p>${escapeHtml(outcome)} Nothing more is needed here.</p>
<p><a href="${escapeHtml(challenge.returnUrl)}">Back to the shop</a></p>`,
  );
}

const renderNotFound = () =>
  page(
    'Payment not found',
    '<h1>Payment not found</h1><p>This 3-D Secure link does not belong to any payment. Start the payment again from the shop.</p>',
  );

const html = (reply: FastifyReply, status: number, body: string) => reply.status(status).type('text/html; charset=utf-8').send(body);

/** Our payment ids (pay_ and base32); anything else is answered as unknown without a lookup. */
const isPaymentId = (value: string) => /^pay_[a-z0-9]{1,40}$/.test(value);

/**
 * docs/sandbox.md, "Cards": the 3DS challenge of test card 4000 0000 0000 3220. GET shows it; POST
 * .../complete or .../fail answers it and sends the person (303) to the payment's success or
 * failure URL. A payment no longer waiting shows what became of it, with the way back.
 */
export function registerSandboxThreeDsRoutes(app: FastifyInstance, sandboxProcessor: SandboxCardProcessor): void {
  void app.register(async (scope) => {
    // The buttons are plain forms posting an empty urlencoded body: accepted here, and only here.
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) =>
      done(null, {}),
    );

    scope.get<{ Params: { paymentId: string } }>(
      '/sandbox/3ds/:paymentId',
      { schema: { tags: ['sandbox'], summary: 'The sandbox 3-D Secure challenge page of a card payment' }, config: { caller: 'sandbox' } },
      async (request, reply) => {
        const { paymentId } = request.params;
        const challenge = isPaymentId(paymentId) ? await sandboxProcessor.challengeOf(paymentId) : null;
        if (!challenge) return html(reply, 404, renderNotFound());
        return html(reply, 200, challenge.isWaiting ? renderChallenge(challenge) : renderAlreadyAnswered(challenge));
      },
    );

    for (const outcome of ['complete', 'fail'] as const) {
      scope.post<{ Params: { paymentId: string } }>(
        `/sandbox/3ds/:paymentId/${outcome}`,
        {
          schema: {
            tags: ['sandbox'],
            summary: `${outcome === 'complete' ? 'Complete' : 'Fail'} the sandbox 3-D Secure challenge (form post, answers 303)`,
          },
          config: { caller: 'sandbox' },
        },
        async (request, reply) => {
          const { paymentId } = request.params;
          const result = isPaymentId(paymentId) ? await sandboxProcessor.answerChallenge(paymentId, outcome) : null;
          if (!result) return html(reply, 404, renderNotFound());
          if (!result.answered) return html(reply, 409, renderAlreadyAnswered(result.challenge));
          return reply.redirect(result.challenge.returnUrl, 303);
        },
      );
    }
  });
}
