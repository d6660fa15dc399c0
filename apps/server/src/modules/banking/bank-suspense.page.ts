import { escapeHtml, FAVICON_LINK } from '../../platform/html.ts';
import type { SuspenseCredit } from './bank-suspense.routes.ts';

/** What each reason means, and what the operator does about it (docs/rules/bank-transfers.md). */
const REASONS: Record<string, string> = {
  UNKNOWN_PAYEE: 'Names nobody: no account of a person, no known reference. Find the sender, or send it back.',
  CONFLICT: 'Names two people (one’s account, another’s reference). Ask them, then credit the right one or send it back.',
  NOT_VERIFIED: 'For a person who has not passed verification. Credit it once they have, or send it back.',
  PAYER_NAME: 'Paid from an account not in the person’s name (a third party). Send it back unless compliance accepts it.',
  CURRENCY: 'In a currency we keep no balance in, or not the account’s. Send it back.',
};

function renderCredit(credit: SuspenseCredit): string {
  const rows: Array<[string, string]> = [
    ['Amount', `${escapeHtml(credit.amount)} ${escapeHtml(credit.currency)}`],
    ['Received', `<time datetime="${escapeHtml(credit.receivedAt)}">${escapeHtml(credit.receivedAt)}</time>`],
    ['Reference', credit.reference ? escapeHtml(credit.reference) : '—'],
    ['Payer', escapeHtml(credit.payerName)],
    ['Provider · credit', `${escapeHtml(credit.provider)} · ${escapeHtml(credit.creditId)}`],
    ['Person named', credit.userId ? escapeHtml(credit.userId) : '—'],
  ];
  const id = `credit-${escapeHtml(credit.id)}`;
  return `<article aria-labelledby="${id}">
<h2 id="${id}">${escapeHtml(credit.id)} · ${escapeHtml(credit.reason)}</h2>
<p>${credit.toReturn ? 'Marked to return to the payer by an operator: return it in the bank’s portal; it leaves suspense when the bank reports it returned.' : escapeHtml(REASONS[credit.reason] ?? 'Held for review.')}</p>
<dl>${rows.map(([term, value]) => `<dt>${escapeHtml(term)}</dt><dd>${value}</dd>`).join('')}</dl>
</article>`;
}

/**
 * /operator/bank-suspense: bank credits nobody's balance received, with why and what to do. Plain
 * HTML, no script; every value escaped; light and dark colour schemes, readable at 360 px.
 */
export function renderBankSuspensePage(credits: SuspenseCredit[]): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">${FAVICON_LINK}<meta name="referrer" content="no-referrer"><title>Bank credits in suspense · Causeway</title>
<style>body{font-family:system-ui,sans-serif;margin:0;padding:16px;background:Canvas;color:CanvasText}main{max-width:60rem;margin:0 auto}h1{font-size:1.5rem}article{border-bottom:1px solid GrayText;padding:.5rem 0}h2{font-size:1.1rem;margin:.3rem 0;overflow-wrap:anywhere}p{line-height:1.5}dl{display:grid;grid-template-columns:minmax(7rem,max-content) 1fr;gap:.2rem 1rem;margin:.5rem 0}dt{color:GrayText}dd{margin:0;overflow-wrap:anywhere}code{overflow-wrap:anywhere}@media (max-width:30rem){dl{grid-template-columns:1fr}dd{margin-bottom:.4rem}}</style></head>
<body><main><h1>Bank credits in suspense</h1>
<p>${credits.length === 0 ? 'No bank credit is waiting for an operator.' : `${credits.length} credit(s), oldest first.`} The money is on our bank account and on the <code>bank-suspense</code> ledger account; no balance has it. JSON: <code>/operator/bank-suspense?format=json</code>.</p>
${credits.map(renderCredit).join('\n')}</main></body></html>`;
}
