import { type LegalUrls, menuLinkUrlFor } from '@causeway/contracts';
import type { FastifyInstance } from 'fastify';
import { LEGAL_DOCUMENTS, LEGAL_LANGUAGES } from './legal-content.ts';
import { legalPagePath, renderLegalPage } from './legal.page.ts';

/**
 * The default terms of use, privacy statement and cookie policy at /en/legal/terms and the like
 * (and /legal/terms, which goes to English). A page the operator replaced by configuration sends
 * the reader to the operator's one instead, so an old link (an email, a bookmark) still leads to
 * the text in force.
 */
export function registerLegalRoutes(app: FastifyInstance, { legalUrls }: { legalUrls: LegalUrls }): void {
  for (const document of LEGAL_DOCUMENTS) {
    app.get(
      `/legal/${document}`,
      { schema: { tags: ['legal'], summary: `The ${document} page in English` }, config: { caller: 'public' } },
      async (_request, reply) => reply.redirect(legalPagePath('en', document), 302),
    );
    for (const language of LEGAL_LANGUAGES) {
      const path = legalPagePath(language, document);
      const configured = legalUrls[document];
      const replacement = configured ? menuLinkUrlFor(configured, language) : undefined;
      const summary = `The default ${document} page (${language}), or a redirect to the operator's`;
      if (replacement && replacement !== path) {
        app.get(path, { schema: { tags: ['legal'], summary }, config: { caller: 'public' } }, async (_request, reply) =>
          reply.redirect(replacement, 302),
        );
      } else {
        // The same for every reader: rendered once here, not on every request.
        const html = renderLegalPage(language, document);
        app.get(path, { schema: { tags: ['legal'], summary }, config: { caller: 'public' } }, async (_request, reply) =>
          reply.type('text/html; charset=utf-8').header('cache-control', 'public, max-age=300').send(html),
        );
      }
    }
  }
}
