import { escapeHtml, FAVICON_LINK } from '../../platform/html.ts';
import type { BuiltinDeskRepository } from '../../providers/help-desk/builtin-desk.repository.ts';

export type OperatorRequest = Awaited<ReturnType<BuiltinDeskRepository['latestRequests']>>[number];

export const attachmentPath = (requestId: number, token: string) =>
  `/sandbox/help-desk/requests/${requestId}/attachments/${encodeURIComponent(token)}`;

const SOURCE_NAMES: Record<string, string> = { tickets_from_widget: 'Support', feedbacks_from_widget: 'Feedback' };

function renderRequest(r: OperatorRequest): string {
  const files = r.attachments
    .map(
      (a) =>
        `<li><a href="${escapeHtml(attachmentPath(r.id, a.token))}">${escapeHtml(a.fileName)}</a> (${Math.ceil(a.size / 1024)} KB)</li>`,
    )
    .join('');
  return `<article aria-labelledby="request-${r.id}">
<h2 id="request-${r.id}">#${r.id} ${escapeHtml(r.subject)}</h2>
<p class="meta">${escapeHtml(SOURCE_NAMES[r.source] ?? r.source)} · ${escapeHtml(r.status)} · ${escapeHtml(r.requesterName)} &lt;${escapeHtml(r.requesterEmail)}&gt; · ${escapeHtml(r.createdAt.toISOString())}</p>
<pre>${escapeHtml(r.message)}</pre>
${files ? `<h3>Attachments</h3><ul>${files}</ul>` : ''}
</article>`;
}

/** /sandbox/help-desk: the built-in desk's newest requests, for the operator. Plain HTML, no script. */
export function renderHelpDeskPage(requests: OperatorRequest[]): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">${FAVICON_LINK}<title>Help desk · Causeway</title>
<style>body{font-family:system-ui,sans-serif;margin:1rem;max-width:60rem}article{border-bottom:1px solid #8884;padding:.5rem 0}h2{font-size:1.1rem;margin:.3rem 0}.meta{color:#888;margin:.2rem 0;overflow-wrap:anywhere}pre{white-space:pre-wrap;overflow-wrap:anywhere;font:inherit}</style></head>
<body><h1>Help desk</h1><p>The latest ${requests.length} support and feedback requests sent from the help widget to the built-in help desk. JSON: <code>/sandbox/help-desk?format=json</code>.</p>
${requests.map(renderRequest).join('\n') || '<p>No requests yet.</p>'}</body></html>`;
}
