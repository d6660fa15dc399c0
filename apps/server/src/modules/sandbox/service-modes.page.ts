import { escapeHtml, FAVICON_LINK } from '../../platform/html.ts';
import type { ServiceModeState } from '../availability/index.ts';

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;padding:1rem;display:flex;justify-content:center;line-height:1.45}
main{width:100%;max-width:960px}.note{font-size:.9rem;opacity:.8}.done{color:#16a34a;font-weight:600}.errors{color:#dc2626}
.table{overflow-x:auto}table{border-collapse:collapse;width:100%;font-size:.95rem}td,th{border-bottom:1px solid #8884;padding:.5rem;text-align:left;vertical-align:middle}
form{display:inline}button{min-height:44px;padding:.5rem .9rem;font:inherit;font-weight:600;border:0;border-radius:.6rem;background:#4f46e5;color:#fff;cursor:pointer}
button.off{background:#dc2626}code{overflow-wrap:anywhere}`;

const MODE_NAMES: Record<ServiceModeState['mode'], string> = {
  individual: 'Individual (login-v2)',
  independent: 'Independent (login-independent, merchant entries)',
  business: 'Business (business-login)',
  businessIndependent: 'Business independent (business-login-independent)',
};

const toggle = (mode: string, field: 'maintenance' | 'ukOpen', on: boolean, label: string, danger: boolean) =>
  `<form method="post" action="/sandbox/service-modes"><input type="hidden" name="mode" value="${escapeHtml(mode)}">` +
  `<input type="hidden" name="${field}" value="${on ? 'true' : 'false'}"><button type="submit"${danger ? ' class="off"' : ''}>${label}</button></form>`;

const row = (state: ServiceModeState) => `<tr><th scope="row">${escapeHtml(MODE_NAMES[state.mode])}</th>
<td>${state.maintenance ? '<strong>Maintenance</strong> (10000047)' : 'Served'}<br>${toggle(state.mode, 'maintenance', !state.maintenance, state.maintenance ? 'End maintenance' : 'Start maintenance', !state.maintenance)}</td>
<td>${state.ukOpen ? 'Open to the UK' : 'Closed to the UK (10000041)'}<br>${toggle(state.mode, 'ukOpen', !state.ukOpen, state.ukOpen ? 'Close to the UK' : 'Open to the UK', state.ukOpen)}</td>
<td>${state.updatedBy ? `${escapeHtml(state.updatedBy)}, ${escapeHtml(state.updatedAt ?? '')}` : 'never switched'}</td></tr>`;

/**
 * The sandbox's service-mode switches (docs/sandbox.md "Maintenance and the UK"): each sign-in mode's
 * maintenance switch and UK opening, as an operator would turn them. Plain HTML forms, no script.
 */
export function renderServiceModesPage(input: { modes: ServiceModeState[]; changed?: string; errors?: string[] }): string {
  const errors = input.errors?.length
    ? `<ul class="errors" role="alert">${input.errors.map((error) => `<li>${escapeHtml(error)}</li>`).join('')}</ul>`
    : '';
  const changed = input.changed ? `<p class="done" role="status">Switched: ${escapeHtml(input.changed)}.</p>` : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">${FAVICON_LINK}<title>Sandbox service modes · Causeway</title><style>${STYLE}</style></head>
<body><main><h1>Maintenance and the UK</h1>
<p class="note">Each sign-in mode's switches, as an operator turns them. Under maintenance a mode's sign-ins and signed-in calls answer
10000047 (sign-out still works) and the checkout shows services-unavailable. Closed to the UK, a UK resident (verified residence GB) or
a sign-in from a UK address (<code>192.0.2.x</code> in the sandbox) gets the UK notice, 10000041. For scripts:
<code>POST /sandbox/service-modes</code> with <code>{"mode": "individual", "maintenance": true}</code> or <code>"ukOpen"</code>.</p>${errors}${changed}
<div class="table"><table><thead><tr><th scope="col">Mode</th><th scope="col">Maintenance</th><th scope="col">UK</th><th scope="col">Last switched</th></tr></thead>
<tbody>${input.modes.map(row).join('')}</tbody></table></div></main></body></html>`;
}
