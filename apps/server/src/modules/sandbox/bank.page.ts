import { escapeHtml, FAVICON_LINK } from '../../platform/html.ts';
import {
  type IncomingCredit,
  SANDBOX_BANK_BIC,
  SANDBOX_COLLECTION_ACCOUNTS,
  SANDBOX_OUTCOME_ACCOUNTS,
  type SandboxPaymentView,
} from '../../providers/bank/index.ts';

/** What the credit form shows: the last values typed, or what a link prefilled. */
export interface BankFormValues {
  iban: string;
  sortCode: string;
  accountNumber: string;
  currency: string;
  amount: string;
  reference: string;
  payerName: string;
  payerAccount: string;
}

export const EMPTY_BANK_FORM: BankFormValues = {
  iban: '',
  sortCode: '',
  accountNumber: '',
  currency: 'EUR',
  amount: '',
  reference: '',
  payerName: 'Julie Peterson',
  payerAccount: '',
};

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;padding:1rem;display:flex;justify-content:center;line-height:1.45}
main{width:100%;max-width:1080px}form.main{max-width:460px}label{display:block;margin:.8rem 0 .2rem;font-weight:600}
input,select{width:100%;box-sizing:border-box;padding:.6rem;font:inherit;border:1px solid #8888;border-radius:.5rem}
button{margin-top:1.2rem;width:100%;min-height:48px;padding:.8rem;font:inherit;font-weight:600;border:0;border-radius:.6rem;background:#4f46e5;color:#fff;cursor:pointer}
td button{margin:0;width:auto;min-height:36px;padding:.3rem .8rem}.row{display:flex;gap:.6rem}.row>div{flex:1}
.note{font-size:.9rem;opacity:.8}.errors{color:#dc2626}.done{color:#16a34a;font-weight:600}code{overflow-wrap:anywhere}
.table{overflow-x:auto}table{border-collapse:collapse;width:100%;font-size:.9rem}td,th{border-bottom:1px solid #8884;padding:.4rem;text-align:left;vertical-align:top;overflow-wrap:anywhere}`;

const cell = (value: string) => `<td>${escapeHtml(value)}</td>`;
const code = (value: string | null) => (value ? `<code>${escapeHtml(value)}</code>` : '');

const creditRow = (credit: IncomingCredit, highlighted: boolean) =>
  `<tr${highlighted ? ' class="done"' : ''}>${cell(credit.receivedAt.toISOString())}${cell(`${credit.amount} ${credit.currency}`)}
<td>${credit.accountId === null ? 'collection account' : code(credit.accountId)}</td>${cell(credit.reference)}${cell(credit.payerName)}<td>${code(credit.payerAccount)}</td>
${cell(credit.status)}<td>${code(credit.creditId)}</td><td>${
    credit.status === 'RECEIVED'
      ? `<form method="post" action="/sandbox/bank"><input type="hidden" name="action" value="return"><input type="hidden" name="creditId" value="${escapeHtml(credit.creditId)}"><button type="submit">Return</button></form>`
      : ''
  }</td></tr>`;

const paymentRow = (payment: SandboxPaymentView) =>
  `<tr>${cell(payment.createdAt.toISOString())}${cell(`${payment.amount} ${payment.currency}`)}${cell(payment.scheme)}
<td>${escapeHtml(payment.beneficiaryName)}<br>${code(payment.beneficiaryAccount)}</td>${cell(payment.reference)}${cell(payment.status)}${cell(payment.reason ?? '')}<td>${code(payment.idempotencyKey)}</td></tr>`;

const outcomeRows = SANDBOX_OUTCOME_ACCOUNTS.map(
  (account) =>
    `<tr><td>${code(account.iban)}</td><td>${code(`${account.sortCode} ${account.accountNumber}`)}</td>${cell(account.note)}</tr>`,
).join('');

export interface BankPageInput {
  values: BankFormValues;
  errors: string[];
  credits: IncomingCredit[];
  payments: SandboxPaymentView[];
  settleMs: number;
  /** A credit just made to arrive, or just returned: its row is highlighted and a line says so. */
  done?: { creditId: string; what: 'arrived' | 'returned' };
}

/**
 * The sandbox bank's page (docs/sandbox.md "Bank"): a form that makes a transfer arrive, as
 * someone's own bank would send it; a way to return a credit; the latest credits and payments; the
 * accounts whose payments end a documented way. Plain HTML and forms, no script, so it runs under
 * our CSP and by keyboard; `color-scheme` and translucent borders keep it legible in dark mode.
 */
export function renderBankPage(input: BankPageInput): string {
  const { values } = input;
  const errors = input.errors.length
    ? `<ul class="errors" role="alert">${input.errors.map((error) => `<li>${escapeHtml(error)}</li>`).join('')}</ul>`
    : '';
  const done = input.credits.find((credit) => credit.creditId === input.done?.creditId);
  const doneNote = done
    ? `<p class="done" role="status">${escapeHtml(`${done.amount} ${done.currency}`)} ${input.done?.what === 'returned' ? 'returned' : 'arrived'}: credit <code>${escapeHtml(done.creditId)}</code>.</p>`
    : '';
  const field = (name: keyof BankFormValues, label: string, extra: string) =>
    `<label for="${name}">${label}</label><input id="${name}" name="${name}" value="${escapeHtml(values[name])}" autocomplete="off" spellcheck="false" ${extra}>`;
  const currency = (value: string) => `<option value="${value}"${values.currency === value ? ' selected' : ''}>${value}</option>`;
  const collection = SANDBOX_COLLECTION_ACCOUNTS;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">${FAVICON_LINK}<title>Sandbox bank · Causeway</title><style>${STYLE}</style></head>
<body><main><h1>Sandbox bank</h1>
<p class="note">Make a transfer arrive, as someone's own bank would send it: to a person's named account (the IBAN, or the sort code and
account number, that the checkout shows), or with no account to the collection account (EUR <code>${escapeHtml(collection.EUR.iban)}</code>,
BIC <code>${SANDBOX_BANK_BIC}</code>; GBP <code>${escapeHtml(`${collection.GBP.sortCode} ${collection.GBP.accountNumber}`)}</code>).
Payments out stay pending for ${input.settleMs} ms (<code>SANDBOX_BANK_SETTLE_MS</code>), then settle.
For scripts: <code>POST /sandbox/bank/credit</code> and <code>POST /sandbox/bank/return</code>.</p>${errors}${doneNote}
<form class="main" method="post" action="/sandbox/bank"><input type="hidden" name="action" value="credit">
${field('iban', 'To IBAN (EUR)', 'maxlength="42"')}
<div class="row"><div>${field('sortCode', 'Or sort code (GBP)', 'inputmode="numeric" maxlength="8"')}</div><div>${field('accountNumber', 'Account number', 'inputmode="numeric" maxlength="8"')}</div></div>
<p class="note">All empty: the collection account of the currency.</p>
<label for="currency">Currency</label><select id="currency" name="currency">${currency('EUR')}${currency('GBP')}</select>
${field('amount', 'Amount', 'required inputmode="decimal" maxlength="16" placeholder="100.00"')}
${field('reference', 'Payment reference', 'maxlength="140"')}
${field('payerName', "Payer's name", 'required maxlength="140"')}
${field('payerAccount', "Payer's IBAN or account (optional)", 'maxlength="64"')}
<button type="submit">Send the transfer</button></form>
<h2>Return a credit</h2>
<form class="main" method="post" action="/sandbox/bank"><input type="hidden" name="action" value="return">
<label for="creditId">Credit id</label><input id="creditId" name="creditId" required maxlength="40" autocomplete="off" spellcheck="false">
<button type="submit">Return it to the sender</button></form>
<h2>Latest credits</h2><div class="table"><table><thead><tr><th>Received</th><th>Amount</th><th>Account</th><th>Reference</th><th>Payer</th><th>Payer's account</th><th>Status</th><th>Credit id</th><th></th></tr></thead>
<tbody>${input.credits.map((credit) => creditRow(credit, credit.creditId === input.done?.creditId)).join('') || '<tr><td colspan="9">Nothing arrived yet.</td></tr>'}</tbody></table></div>
<h2>Latest payments out</h2><div class="table"><table><thead><tr><th>Sent</th><th>Amount</th><th>Scheme</th><th>To</th><th>Reference</th><th>Status</th><th>Reason</th><th>Key</th></tr></thead>
<tbody>${input.payments.map(paymentRow).join('') || '<tr><td colspan="8">Nothing sent yet.</td></tr>'}</tbody></table></div>
<h2>Accounts with a documented outcome</h2><p class="note">Payments to any other valid IBAN or UK account settle.</p>
<div class="table"><table><thead><tr><th>IBAN (SEPA)</th><th>Sort code and account (Faster Payments)</th><th>What a payment to it does</th></tr></thead><tbody>${outcomeRows}</tbody></table></div>
</main></body></html>`;
}
