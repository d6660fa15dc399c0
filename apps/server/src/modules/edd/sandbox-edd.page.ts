import { escapeHtml, FAVICON_LINK } from '../../platform/html.ts';
import type { EddAnswerView, EddCaseView } from './edd-review.ts';

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;padding:1rem;display:flex;justify-content:center;line-height:1.45}
main{width:100%;max-width:960px}.note{font-size:.9rem;opacity:.8}.done{color:#16a34a;font-weight:600}.errors{color:#dc2626}
section.case{border:1px solid #8886;border-radius:.8rem;padding:.8rem 1rem;margin:1rem 0}dl{display:grid;grid-template-columns:max-content 1fr;gap:.2rem .8rem;margin:.5rem 0}
dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}form{margin:.5rem 0}label{display:block;margin:.3rem 0}
input[type=email],input[type=text],textarea{width:100%;max-width:36rem;box-sizing:border-box;font:inherit;padding:.5rem;border-radius:.5rem;border:1px solid #8888}
button{min-height:44px;padding:.5rem .9rem;font:inherit;font-weight:600;border:0;border-radius:.6rem;background:#4f46e5;color:#fff;cursor:pointer;margin:.2rem .3rem .2rem 0}
button.off{background:#dc2626}code{overflow-wrap:anywhere}`;

const answer = (title: string, value: EddAnswerView | null) =>
  value
    ? `<dt>${title}</dt><dd>${escapeHtml(value.choiceLabel)}: ${escapeHtml(value.text)}<br>Files: ${value.files
        .map((file) => `<code>${escapeHtml(file.fileName)}</code> (SHA-256 ${escapeHtml(file.sha256.slice(0, 12))}…)`)
        .join(', ')}</dd>`
    : `<dt>${title}</dt><dd>not answered yet</dd>`;

const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;

const decisionForms = (edd: EddCaseView) => {
  const id = hidden('caseId', edd.id);
  const reject = `<form method="post" action="/sandbox/edd/decide">${id}${hidden('outcome', 'reject')}<button type="submit" class="off">Reject (blocks with AC100004)</button></form>`;
  if (edd.status !== 'Pending') return reject;
  return `<form method="post" action="/sandbox/edd/decide">${id}${hidden('outcome', 'approve')}<button type="submit">Approve</button></form>
<form method="post" action="/sandbox/edd/decide">${id}${hidden('outcome', 'rfi')}
<label>Ask for more (the person reads this) <textarea name="message" rows="2" maxlength="1000" required></textarea></label>
<label><input type="checkbox" name="parts" value="SOW" checked> source of wealth</label><label><input type="checkbox" name="parts" value="SOF" checked> source of funds</label>
<button type="submit">Ask for more information (RFI)</button></form>${reject}`;
};

const caseSection = (
  edd: EddCaseView,
) => `<section class="case" aria-label="Case ${escapeHtml(edd.id)}"><h3>${escapeHtml(edd.email ?? edd.userId)}: ${escapeHtml(edd.status)}</h3>
<dl><dt>Case</dt><dd><code>${escapeHtml(edd.id)}</code>, asked by ${escapeHtml(edd.requestedBy)} (${escapeHtml(edd.requestReason)})</dd>
<dt>Due by</dt><dd>${escapeHtml(edd.deadlineAt)}</dd>${edd.rfiMessage ? `<dt>Asked for more</dt><dd>${escapeHtml(edd.rfiMessage)}</dd>` : ''}
${answer('Source of wealth', edd.sow)}${answer('Source of funds', edd.sof)}</dl>${decisionForms(edd)}</section>`;

/**
 * The sandbox's EDD reviewer (docs/sandbox.md "Enhanced due diligence"): ask a person for EDD, and decide the cases
 * as an operator would. Plain HTML forms, no script.
 */
export function renderSandboxEddPage(input: {
  pending: EddCaseView[];
  waiting: EddCaseView[];
  changed?: string;
  errors?: string[];
}): string {
  const errors = input.errors?.length
    ? `<ul class="errors" role="alert">${input.errors.map((error) => `<li>${escapeHtml(error)}</li>`).join('')}</ul>`
    : '';
  const changed = input.changed ? `<p class="done" role="status">${escapeHtml(input.changed)}</p>` : '';
  const list = (cases: EddCaseView[], none: string) => (cases.length ? cases.map(caseSection).join('') : `<p class="note">${none}</p>`);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">${FAVICON_LINK}<title>Sandbox enhanced due diligence · Causeway</title><style>${STYLE}</style></head>
<body><main><h1>Enhanced due diligence</h1>
<p class="note">Ask a verified individual for their source of wealth and source of funds, then decide what they send, as an operator would.
Approving opens their enhanced limits tier; rejecting, or no answer by the deadline, blocks the account with AC100004. For scripts:
<code>POST /sandbox/edd/request</code> with <code>{"email": "demo@causeway.test"}</code> and <code>POST /sandbox/edd/decide</code> with
<code>{"caseId", "outcome": "approve" | "reject" | "rfi", "message"?, "parts"?}</code>.</p>${errors}${changed}
<h2>Ask for EDD</h2><form method="post" action="/sandbox/edd/request"><label>Email of the person <input type="email" name="email" required autocomplete="off"></label>
<button type="submit">Ask for EDD</button></form>
<h2>Waiting for a decision</h2>${list(input.pending, 'No answers waiting for review.')}
<h2>Waiting for the person</h2>${list(input.waiting, 'Nobody is being asked right now.')}</main></body></html>`;
}
