/**
 * The script of the sandbox card fields (served as /sandbox/card-fields.js, so it runs under the
 * CSP's script-src 'self'). It talks to the page around it by postMessage, only with its own
 * origin (the sandbox processor is served by the site it is embedded in) and only with its parent:
 *
 *   parent → fields  { source: 'causeway-card-fields', type: 'tokenize' | 'validate' }   (validate: show every problem now)
 *   fields → parent  { source, type: 'ready' | 'resize', height }
 *                    { source, type: 'validity', valid }
 *                    { source, type: 'submit' }                    (Enter in a field)
 *                    { source, type: 'tokenized', token, scheme, bin, last4, expiryMonth, expiryYear, expiresOn }
 *                    { source, type: 'error', reason: 'invalid' | 'refused' | 'unavailable' }
 *
 * The number and CVV go to POST /sandbox/card-fields/tokens (the processor) and nowhere else.
 */
export const CARD_FIELDS_SCRIPT = `(() => {
  'use strict';
  const SOURCE = 'causeway-card-fields';
  const form = document.getElementById('card-fields');
  const inputs = { number: form.elements.number, expiry: form.elements.expiry, cvv: form.elements.cvv };
  const text = (key) => form.dataset[key] || '';
  const left = new Set();
  let busy = false;

  const post = (message) => window.parent.postMessage({ source: SOURCE, ...message }, window.location.origin);
  const digitsOf = (value) => value.replace(/\\D/g, '');

  function isLuhnValid(digits) {
    if (!/^\\d{12,19}$/.test(digits)) return false;
    let sum = 0;
    for (let index = 0; index < digits.length; index += 1) {
      let digit = Number(digits[digits.length - 1 - index]);
      if (index % 2 === 1) { digit *= 2; if (digit > 9) digit -= 9; }
      sum += digit;
    }
    return sum % 10 === 0;
  }
  function networkOf(digits) {
    if (/^4/.test(digits)) return 'VISA';
    const two = Number(digits.slice(0, 2));
    const four = Number(digits.slice(0, 4));
    return (two >= 51 && two <= 55) || (four >= 2221 && four <= 2720) ? 'MASTER' : null;
  }
  function expiryOf(value) {
    const match = /^(\\d{2})\\/(\\d{2})$/.exec(value);
    if (!match) return null;
    const month = Number(match[1]);
    return month >= 1 && month <= 12 ? { month, year: 2000 + Number(match[2]) } : null;
  }

  /** Each field's problem (a text key), or '' when it is fine. */
  function problems() {
    const number = digitsOf(inputs.number.value);
    const expiry = expiryOf(inputs.expiry.value);
    const now = new Date();
    return {
      number: !isLuhnValid(number) ? 'textNumberInvalid' : !networkOf(number) ? 'textNetwork' : '',
      expiry: !expiry ? 'textExpiryFormat' : expiry.year * 12 + expiry.month < now.getFullYear() * 12 + now.getMonth() + 1 ? 'textExpired' : '',
      cvv: /^\\d{3}$/.test(inputs.cvv.value) ? '' : 'textCvvInvalid',
    };
  }
  const isComplete = (name) => (name === 'number' && digitsOf(inputs.number.value).length >= 16) || (name === 'expiry' && inputs.expiry.value.length === 5) || (name === 'cvv' && inputs.cvv.value.length === 3);

  function show(name, key) {
    const input = inputs[name];
    input.setAttribute('aria-invalid', key ? 'true' : 'false');
    document.getElementById(name + '-error').textContent = key ? text(key) : '';
  }
  /** Shows the problems of the fields the person has left or filled (all of them when \`all\`), and tells the parent whether the card is complete. */
  function check(all) {
    const found = problems();
    for (const name of Object.keys(inputs)) show(name, all || left.has(name) || isComplete(name) ? found[name] : '');
    post({ type: 'validity', valid: !found.number && !found.expiry && !found.cvv });
    return found;
  }

  inputs.number.addEventListener('input', () => {
    inputs.number.value = digitsOf(inputs.number.value).slice(0, 19).replace(/(\\d{4})(?=\\d)/g, '$1 ');
    check(false);
  });
  inputs.expiry.addEventListener('input', (event) => {
    let digits = digitsOf(inputs.expiry.value).slice(0, 4);
    if (/^[2-9]/.test(digits)) digits = ('0' + digits).slice(0, 4);
    // Deleting the slash deletes it, rather than putting it straight back.
    const deleting = event.inputType && event.inputType.startsWith('delete');
    inputs.expiry.value = digits.length > 2 || (digits.length === 2 && !deleting) ? digits.slice(0, 2) + '/' + digits.slice(2) : digits;
    check(false);
  });
  inputs.cvv.addEventListener('input', () => {
    inputs.cvv.value = digitsOf(inputs.cvv.value).slice(0, 3);
    check(false);
  });
  for (const [name, input] of Object.entries(inputs)) {
    input.addEventListener('blur', () => { if (input.value) left.add(name); check(false); });
  }
  form.addEventListener('submit', (event) => { event.preventDefault(); post({ type: 'submit' }); });
  form.addEventListener('keydown', (event) => { if (event.key === 'Enter') { event.preventDefault(); post({ type: 'submit' }); } });

  async function tokenize() {
    if (busy) return;
    const found = check(true);
    const first = ['number', 'expiry', 'cvv'].find((name) => found[name]);
    if (first) { inputs[first].focus(); post({ type: 'error', reason: 'invalid' }); return; }
    busy = true;
    const expiry = expiryOf(inputs.expiry.value);
    try {
      const response = await fetch('/sandbox/card-fields/tokens', {
        method: 'POST', headers: { 'content-type': 'application/json' }, credentials: 'omit', cache: 'no-store',
        body: JSON.stringify({ number: digitsOf(inputs.number.value), expiryMonth: expiry.month, expiryYear: expiry.year, cvv: inputs.cvv.value }),
      });
      const body = await response.json().catch(() => ({}));
      if (response.status === 201 && body.token) {
        post({ type: 'tokenized', token: body.token, scheme: body.scheme, bin: body.bin, last4: body.last4, expiryMonth: body.expiryMonth, expiryYear: body.expiryYear, expiresOn: body.expiresOn });
        return;
      }
      if (response.status === 422) {
        const field = { INVALID_NUMBER: ['number', 'textNumberInvalid'], UNSUPPORTED_NETWORK: ['number', 'textNetwork'], EXPIRED: ['expiry', 'textExpired'], INVALID_CVV: ['cvv', 'textCvvInvalid'] }[body.reason] || ['number', 'textNumberInvalid'];
        show(field[0], field[1]);
        inputs[field[0]].focus();
        post({ type: 'error', reason: 'refused' });
        return;
      }
      show('number', response.status === 429 ? 'textTooMany' : 'textUnavailable');
      post({ type: 'error', reason: 'unavailable' });
    } catch {
      show('number', 'textUnavailable');
      post({ type: 'error', reason: 'unavailable' });
    } finally {
      busy = false;
    }
  }

  window.addEventListener('message', (event) => {
    // Only the page this is embedded in, on this origin, may ask for a token.
    if (event.origin !== window.location.origin || event.source !== window.parent) return;
    if (!event.data || event.data.source !== SOURCE) return;
    if (event.data.type === 'tokenize') void tokenize();
    if (event.data.type === 'validate') check(true);
  });

  const height = () => Math.ceil(document.documentElement.getBoundingClientRect().height);
  new ResizeObserver(() => post({ type: 'resize', height: height() })).observe(document.documentElement);
  post({ type: 'ready', height: height() });
})();
`;
