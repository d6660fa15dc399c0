import { escapeHtml, FAVICON_LINK } from '../../platform/html.ts';
import type { OperatorReviewOrder } from './operator-review.routes.ts';

const KIND_TEXTS: Record<OperatorReviewOrder['kind'], { title: string; action: string }> = {
  payout: {
    title: 'Payout not confirmed by its deadline',
    action:
      'The crypto is still reserved and owed to the buyer; the order ends by itself once the transfer confirms (SUCCESS) or fails (refund). Look the transfer up at the custody service.',
  },
  payment: {
    title: 'Payment found after the order ended',
    action:
      'The processor holds a payment this order never captured. Refund or release it at the processor, then clear the flag (orders.operator_review_since).',
  },
};

const orDash = (value: string | null) => (value ? escapeHtml(value) : '—');

function renderOrder(order: OperatorReviewOrder): string {
  const texts = KIND_TEXTS[order.kind];
  const rows: Array<[string, string]> = [
    ['Status · step', `${escapeHtml(order.status)} · ${escapeHtml(order.step)}`],
    ['Waiting since', order.since ? `<time datetime="${escapeHtml(order.since)}">${escapeHtml(order.since)}</time>` : '—'],
    ['Why', escapeHtml(order.reason)],
    [
      'Paid',
      `${escapeHtml(order.fiatAmount)} ${escapeHtml(order.fiatCurrency)} (processor ${escapeHtml(order.processor)}, payment ${orDash(order.paymentId)})`,
    ],
    ['Crypto', `${escapeHtml(order.cryptoAmount)} ${escapeHtml(order.cryptoCurrency)} on ${escapeHtml(order.network)}`],
    ['Payout', orDash(order.payoutId)],
    ['Transaction hash', orDash(order.txHash)],
    ['Payout started', orDash(order.payoutStartedAt)],
  ];
  const id = `order-${escapeHtml(order.orderId)}`;
  return `<article aria-labelledby="${id}">
<h2 id="${id}">${escapeHtml(order.orderId)}</h2>
<p><strong>${escapeHtml(texts.title)}.</strong> ${escapeHtml(texts.action)}</p>
<dl>${rows.map(([term, value]) => `<dt>${escapeHtml(term)}</dt><dd>${value}</dd>`).join('')}</dl>
</article>`;
}

/**
 * /operator/orders-awaiting-review: what an operator must look into, with what to do about it.
 * Plain HTML, no script; every value escaped; light and dark colour schemes, readable at 360 px.
 */
export function renderOperatorReviewPage(orders: OperatorReviewOrder[]): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">${FAVICON_LINK}<meta name="referrer" content="no-referrer"><title>Orders awaiting an operator · Causeway</title>
<style>body{font-family:system-ui,sans-serif;margin:0;padding:16px;background:Canvas;color:CanvasText}main{max-width:60rem;margin:0 auto}h1{font-size:1.5rem}article{border-bottom:1px solid GrayText;padding:.5rem 0}h2{font-size:1.1rem;margin:.3rem 0;overflow-wrap:anywhere}p{line-height:1.5}dl{display:grid;grid-template-columns:minmax(7rem,max-content) 1fr;gap:.2rem 1rem;margin:.5rem 0}dt{color:GrayText}dd{margin:0;overflow-wrap:anywhere}code{overflow-wrap:anywhere}@media (max-width:30rem){dl{grid-template-columns:1fr}dd{margin-bottom:.4rem}}</style></head>
<body><main><h1>Orders awaiting an operator</h1>
<p>${orders.length === 0 ? 'No order is waiting for an operator.' : `${orders.length} order(s), oldest first.`} The buyer sees these orders as they are (a payout in review shows as PROCESSING); no person, wallet address or card is shown here. JSON: <code>/operator/orders-awaiting-review?format=json</code>.</p>
${orders.map(renderOrder).join('\n')}</main></body></html>`;
}
