import { escapeHtml, FAVICON_LINK } from '../../platform/html.ts';
import { CHAIN_ASSETS, type IncomingTransfer, SANDBOX_SENDERS } from '../../providers/chain/index.ts';

/** What the send form shows: the last values typed, or what a link prefilled. */
export interface ChainFormValues {
  /** `ASSET/NETWORK`, e.g. USDT/ETH. */
  coin: string;
  address: string;
  memo: string;
  amount: string;
  fromAddress: string;
}

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;padding:1rem;display:flex;justify-content:center;line-height:1.45}
main{width:100%;max-width:960px}form{max-width:420px}label{display:block;margin:.8rem 0 .2rem;font-weight:600}
input,select{width:100%;box-sizing:border-box;padding:.6rem;font:inherit;border:1px solid #8888;border-radius:.5rem}
button{margin-top:1.2rem;width:100%;min-height:48px;padding:.8rem;font:inherit;font-weight:600;border:0;border-radius:.6rem;background:#4f46e5;color:#fff;cursor:pointer}
.note{font-size:.9rem;opacity:.8}.errors{color:#dc2626}.sent{color:#16a34a;font-weight:600}code{overflow-wrap:anywhere}
.table{overflow-x:auto}table{border-collapse:collapse;width:100%;font-size:.9rem}td,th{border-bottom:1px solid #8884;padding:.4rem;text-align:left;vertical-align:top;overflow-wrap:anywhere}`;

const coinOptions = (selected: string) =>
  CHAIN_ASSETS.map(({ asset, network }) => {
    const value = `${asset}/${network}`;
    return `<option value="${value}"${value === selected ? ' selected' : ''}>${asset} on ${network}</option>`;
  }).join('');

const row = (transfer: IncomingTransfer, highlighted: boolean) =>
  `<tr${highlighted ? ' class="sent"' : ''}><td>${escapeHtml(transfer.seenAt.toISOString())}</td><td>${escapeHtml(`${transfer.amount} ${transfer.asset}`)} on ${escapeHtml(transfer.network)}</td>
<td><code>${escapeHtml(transfer.address)}</code>${transfer.memo === null ? '' : ` tag <code>${escapeHtml(transfer.memo)}</code>`}</td>
<td><code>${escapeHtml(transfer.fromAddress ?? '')}</code></td><td>${transfer.confirmations}</td><td>${transfer.status}</td><td><code>${escapeHtml(transfer.txHash)}</code></td></tr>`;

/**
 * The sandbox chain's page (docs/sandbox.md "Chain"): a form that sends crypto to any address, as
 * someone's own wallet would, and the latest arrivals with their confirmations. Plain HTML and a
 * form, no script, so it runs under our CSP and by keyboard.
 */
export function renderChainPage(input: { values: ChainFormValues; errors: string[]; recent: IncomingTransfer[]; sentId?: string }): string {
  const { values } = input;
  const errors = input.errors.length
    ? `<ul class="errors" role="alert">${input.errors.map((error) => `<li>${escapeHtml(error)}</li>`).join('')}</ul>`
    : '';
  const sent = input.recent.find((transfer) => transfer.transferId === input.sentId);
  const sentNote = sent
    ? `<p class="sent" role="status">Sent ${escapeHtml(`${sent.amount} ${sent.asset}`)}: transaction <code>${escapeHtml(sent.txHash)}</code>.</p>`
    : '';
  const senders = Object.entries(SANDBOX_SENDERS)
    .map(([network, address]) => `${network} <code>${escapeHtml(address)}</code>`)
    .join(', ');
  const field = (name: 'address' | 'memo' | 'amount' | 'fromAddress', label: string, extra: string) =>
    `<label for="${name}">${label}</label><input id="${name}" name="${name}" value="${escapeHtml(values[name])}" autocomplete="off" spellcheck="false" ${extra}>`;
  const rows = input.recent.map((transfer) => row(transfer, transfer.transferId === input.sentId)).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">${FAVICON_LINK}<title>Sandbox chain · Causeway</title><style>${STYLE}</style></head>
<body><main><h1>Sandbox chain</h1>
<p class="note">Send crypto to any address, as someone's own wallet would: a deposit address an order shows, or any other valid one.
A transfer is in a block after <code>SANDBOX_CHAIN_CONFIRM_MS</code>, then gains one confirmation per block time of its network
(BTC 10 min, ETH 12 s, TRX 3 s, SOL 0.4 s, XRP 3.5 s). For scripts: <code>POST /sandbox/chain/send</code>.</p>${errors}${sentNote}
<form method="post" action="/sandbox/chain">
<label for="coin">Asset and network</label><select id="coin" name="coin" required>${coinOptions(values.coin)}</select>
${field('address', 'To address', 'required maxlength="128"')}
${field('memo', 'Destination tag (XRP; leave empty elsewhere)', 'inputmode="numeric" maxlength="10"')}
${field('amount', 'Amount', 'required inputmode="decimal" maxlength="40" placeholder="0.015"')}
${field('fromAddress', 'From address (optional)', 'maxlength="128"')}
<p class="note">Empty sends from the network's clean sandbox sender: ${senders}. An address on the screening deny list makes a screened sender.</p>
<button type="submit">Send</button></form>
<h2>Latest transfers</h2><div class="table"><table><thead><tr><th>Seen</th><th>Amount</th><th>To</th><th>From</th><th>Confirmations</th><th>Status</th><th>Hash</th></tr></thead>
<tbody>${rows || '<tr><td colspan="7">Nothing sent yet.</td></tr>'}</tbody></table></div></main></body></html>`;
}
