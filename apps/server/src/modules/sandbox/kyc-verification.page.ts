import type { CountrySeed } from '../../db/seed/countries.ts';
import { escapeHtml, FAVICON_LINK } from '../../platform/html.ts';

export interface VerificationFormValues {
  firstName: string;
  lastName: string;
  dob: string;
  nationality: string;
  residenceCountry: string;
}

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;padding:1rem;display:flex;justify-content:center}
main{width:100%;max-width:420px}label{display:block;margin:.8rem 0 .2rem;font-weight:600}
input,select{width:100%;box-sizing:border-box;padding:.6rem;font:inherit;border:1px solid #8888;border-radius:.5rem}
button{margin-top:1.2rem;width:100%;padding:.8rem;font:inherit;font-weight:600;border:0;border-radius:.6rem;background:#4f46e5;color:#fff;cursor:pointer}
.note{font-size:.9rem;opacity:.8}.errors{color:#dc2626}code{overflow-wrap:anywhere}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">${FAVICON_LINK}<title>${escapeHtml(title)} · Sandbox KYC vendor</title><style>${STYLE}</style></head>
<body><main>${body}</main></body></html>`;
}

function countryOptions(countries: CountrySeed[], selected: string): string {
  return ['<option value="">Choose a country</option>']
    .concat(
      countries.map(
        (c) => `<option value="${c.code}"${c.code === selected ? ' selected' : ''}>${escapeHtml(c.englishName)} (${c.code})</option>`,
      ),
    )
    .join('');
}

/**
 * The sandbox vendor's verification page (docs/sandbox.md): name, date of birth, nationality,
 * residence and a document image. Plain HTML and a multipart form: no script, so it runs under
 * our CSP and works by keyboard.
 */
export function renderVerificationForm(input: {
  token: string;
  returnUrl: string;
  values: VerificationFormValues;
  errors: string[];
  countries: CountrySeed[];
}): string {
  const { values } = input;
  const field = (name: keyof VerificationFormValues, label: string, type: string, autocomplete: string) =>
    `<label for="${name}">${label}</label><input id="${name}" name="${name}" type="${type}" required autocomplete="${autocomplete}" value="${escapeHtml(values[name])}">`;
  const errors = input.errors.length
    ? `<ul class="errors" role="alert">${input.errors.map((e) => `<li>${escapeHtml(e)}</li>`).join('')}</ul>`
    : '';
  return page(
    'Verify your identity',
    `<h1>Verify your identity</h1>
<p class="note">Sandbox KYC vendor. The outcome follows the last name: <code>reject</code>, <code>resubmit</code>, <code>pending</code>, <code>sanction</code>, <code>duplicate</code>; nationality or residence KP, IR or SY blocks; anything else passes.</p>${errors}
<form method="post" action="/sandbox/kyc/verify" enctype="multipart/form-data">
<input type="hidden" name="token" value="${escapeHtml(input.token)}"><input type="hidden" name="returnUrl" value="${escapeHtml(input.returnUrl)}">
${field('firstName', 'First name', 'text', 'given-name')}${field('lastName', 'Last name', 'text', 'family-name')}${field('dob', 'Date of birth', 'date', 'bday')}
<label for="nationality">Nationality</label><select id="nationality" name="nationality" required>${countryOptions(input.countries, values.nationality)}</select>
<label for="residenceCountry">Country of residence</label><select id="residenceCountry" name="residenceCountry" required>${countryOptions(input.countries, values.residenceCountry)}</select>
<label for="document">Identity document (JPG, PNG or PDF, 10 KB to 5120 KB)</label><input id="document" name="document" type="file" required accept=".jpg,.jpeg,.png,.pdf">
<button type="submit">Submit for review</button></form>`,
  );
}

export function renderMessagePage(title: string, message: string, returnUrl: string): string {
  return page(
    title,
    `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>${returnUrl ? `<p><a href="${escapeHtml(returnUrl)}">Back to Causeway</a></p>` : ''}`,
  );
}
