import { escapeHtml } from '../../platform/html.ts';

/**
 * The sandbox processor's hosted card fields (what Checkout.com Flow's card component is for
 * that processor): a page the web app shows in an iframe. The number, expiry and CVV are typed here, checked here
 * and sent from here to the processor's own endpoint; the page around it only ever gets the
 * single-use token and display facts. Texts in English and Chinese, light or dark as the app.
 */

export const CARD_FIELDS_LANGUAGES = ['en', 'zh'] as const;
export type CardFieldsLanguage = (typeof CARD_FIELDS_LANGUAGES)[number];

/** Every text the fields show; the script gets the error texts through data attributes. */
const TEXTS = {
  en: {
    title: 'Card details',
    processor: 'Causeway Sandbox processor · card fields',
    number: 'Card number',
    expiry: 'Expiry (MM/YY)',
    cvv: 'CVV',
    numberInvalid: 'Please enter a valid card number',
    network: 'We accept Visa and Mastercard only.',
    expiryFormat: 'Enter the expiry as MM/YY.',
    expired: 'This card has expired.',
    cvvInvalid: 'Enter the 3-digit CVV.',
    unavailable: 'The card could not be checked right now: try again.',
    tooMany: 'Too many attempts: wait a few minutes and try again.',
  },
  zh: {
    title: '银行卡信息',
    processor: 'Causeway 沙盒收单方 · 卡片输入',
    number: '卡号',
    expiry: '有效期（MM/YY）',
    cvv: '安全码（CVV）',
    numberInvalid: '请输入有效的卡号',
    network: '仅支持 Visa 和 Mastercard。',
    expiryFormat: '请按 MM/YY 格式输入有效期。',
    expired: '这张卡已过期。',
    cvvInvalid: '请输入 3 位安全码。',
    unavailable: '暂时无法验证这张卡，请重试。',
    tooMany: '尝试次数过多，请等几分钟后重试。',
  },
} as const satisfies Record<CardFieldsLanguage, Record<string, string>>;

export type CardFieldsTexts = (typeof TEXTS)['en'];
export const cardFieldsTexts = (language: CardFieldsLanguage): Record<keyof CardFieldsTexts, string> => TEXTS[language];

/** en unless the language asked for is Chinese (zh, zh-CN, zh-Hans, …). */
export const cardFieldsLanguageOf = (value: unknown): CardFieldsLanguage =>
  typeof value === 'string' && /^zh\b/i.test(value) ? 'zh' : 'en';

// Colours as the web app's light and dark themes; the background stays transparent so the
// fields sit on the sheet around them. Inputs are 56 px high like the app's fields, labels always shown.
const STYLE = `:root{color-scheme:light;--fg:#12141c;--muted:#5b6275;--line:#d8dce6;--focus:#6366f1;--danger:#b42318;--field:#fff}
:root[data-theme=dark]{color-scheme:dark;--fg:#eef0f6;--muted:#a3aabd;--line:#2e3342;--focus:#a5b4fc;--danger:#f97066;--field:#161922}
html,body{background:transparent}body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;padding:2px;color:var(--fg);line-height:1.4}
form{display:grid;gap:.75rem;margin:0}.row{display:grid;grid-template-columns:1fr 1fr;gap:.75rem}.field{display:grid;gap:.3rem;min-width:0}
label{font-size:.875rem;font-weight:600}input{box-sizing:border-box;width:100%;min-height:56px;padding:.8rem .75rem;font:inherit;font-size:1rem;color:var(--fg);
background:var(--field);border:1px solid var(--line);border-radius:.75rem}input:focus{outline:2px solid var(--focus);outline-offset:1px;border-color:var(--focus)}
input[aria-invalid=true]{border-color:var(--danger)}.error{margin:0;font-size:.8125rem;color:var(--danger)}.error:empty{display:none}
.processor{margin:0;font-size:.75rem;color:var(--muted)}`;

/** One labelled input with its error line (announced, and tied to the input by aria-describedby). */
function field(id: string, label: string, attributes: string): string {
  return `<div class="field"><label for="${id}">${escapeHtml(label)}</label><input id="${id}" name="${id}" ${attributes} aria-invalid="false" aria-describedby="${id}-error">
<p class="error" id="${id}-error" aria-live="polite"></p></div>`;
}

export function renderCardFields(input: { language: CardFieldsLanguage; dark: boolean }): string {
  const texts = cardFieldsTexts(input.language);
  const errorTexts = (['numberInvalid', 'network', 'expiryFormat', 'expired', 'cvvInvalid', 'unavailable', 'tooMany'] as const)
    .map((key) => `data-text-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}="${escapeHtml(texts[key])}"`)
    .join(' ');
  return `<!doctype html><html lang="${input.language === 'zh' ? 'zh-CN' : 'en'}" data-theme="${input.dark ? 'dark' : 'light'}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="referrer" content="no-referrer"><title>${escapeHtml(texts.title)}</title><style>${STYLE}</style></head>
<body><form id="card-fields" novalidate autocomplete="on" aria-label="${escapeHtml(texts.title)}" ${errorTexts}>
${field('number', texts.number, 'type="text" inputmode="numeric" autocomplete="cc-number" maxlength="23" spellcheck="false"')}
<div class="row">${field('expiry', texts.expiry, 'type="text" inputmode="numeric" autocomplete="cc-exp" maxlength="5" placeholder="MM/YY"')}
${field('cvv', texts.cvv, 'type="password" inputmode="numeric" autocomplete="cc-csc" maxlength="3"')}</div>
<p class="processor">${escapeHtml(texts.processor)}</p></form>
<script src="/sandbox/card-fields.js"></script></body></html>`;
}
