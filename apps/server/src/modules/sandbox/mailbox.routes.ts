import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { escapeHtml, FAVICON_LINK } from '../../platform/html.ts';
import type { SandboxOutbox } from '../../providers/mail/sandbox-outbox.repository.ts';

interface MailboxMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (a promotional email's List-Unsubscribe and List-Unsubscribe-Post), by name. */
  headers: Record<string, string>;
  sentAt: string;
}

function renderMailboxPage(messages: MailboxMessage[]): string {
  const rows = messages
    .map(
      (m) =>
        `<tr><td>${escapeHtml(m.sentAt)}</td><td>${escapeHtml(m.to)}</td><td>${escapeHtml(m.subject)}</td><td>${escapeHtml(m.text)}</td></tr>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">${FAVICON_LINK}<title>Sandbox mailbox · Causeway</title>
<style>body{font-family:system-ui,sans-serif;margin:1rem}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #8884;padding:.4rem;text-align:left;vertical-align:top;overflow-wrap:anywhere}</style></head>
<body><h1>Sandbox mailbox</h1><p>The latest ${messages.length} messages the sandbox mail provider kept instead of sending. JSON for one address: <code>/sandbox/mailbox?to=EMAIL</code>.</p>
<table><thead><tr><th>Sent</th><th>To</th><th>Subject</th><th>Text</th></tr></thead><tbody>${rows || '<tr><td colspan="4">No messages yet.</td></tr>'}</tbody></table></body></html>`;
}

/** docs/sandbox.md, "Mail": the outbox as JSON for one address (newest first), or an HTML page of the latest 100. */
export function registerMailboxRoutes(app: FastifyInstance, outbox: SandboxOutbox): void {
  app.withTypeProvider<ZodTypeProvider>().get('/sandbox/mailbox', {
    schema: {
      tags: ['sandbox'],
      summary: 'Messages the sandbox mail provider kept',
      querystring: z.object({ to: z.string().trim().min(3).max(254).optional() }),
    },
    config: { caller: 'sandbox' },
    handler: async (request, reply) => {
      const rows = await outbox.list({ to: request.query.to, limit: 100 });
      const messages = rows.map(({ id, to, subject, text, html, headers, sentAt }) => ({
        id,
        to,
        subject,
        text,
        html,
        headers,
        sentAt: sentAt.toISOString(),
      }));
      if (request.query.to) return { messages };
      return reply.type('text/html; charset=utf-8').send(renderMailboxPage(messages));
    },
  });
}
