import { randomBytes } from 'node:crypto';
import { DEFAULT_UPLOAD_AUTHOR, type HelpLocale } from '@causeway/contracts';
import type { Clock } from '../../platform/clock.ts';
import type { BuiltinDeskRepository } from './builtin-desk.repository.ts';
import { type HelpArticle, HelpDeskInputError, type HelpDeskProvider } from './help-desk.ts';

/** Zendesk's Upload Files: a token is valid for 60 minutes; so is ours. */
export const UPLOAD_TOKEN_TTL_MS = 60 * 60 * 1000;
const SNIPPET_RADIUS = 80;

export interface BuiltinHelpDeskOptions {
  repository: BuiltinDeskRepository;
  clock: Clock;
  /** Where the help site lives (PUBLIC_URL, or '' for links relative to the page's origin). */
  publicUrl: string;
}

/** The built-in help site's address of an article (help-site.routes.ts serves it). */
export const builtinArticleUrl = (publicUrl: string, locale: string, id: number) => `${publicUrl}/help-centre/${locale}/articles/${id}`;

/** Plain text around the first term found, with an ellipsis where it was cut. */
function snippetOf(text: string, terms: string[]): string {
  const lower = text.toLowerCase();
  const found = terms.map((t) => lower.indexOf(t.toLowerCase())).filter((i) => i >= 0);
  const at = found.length > 0 ? Math.min(...found) : 0;
  const start = Math.max(0, at - SNIPPET_RADIUS);
  const end = Math.min(text.length, at + SNIPPET_RADIUS * 2);
  return `${start > 0 ? '…' : ''}${text.slice(start, end).trim()}${end < text.length ? '…' : ''}`;
}

/**
 * The default help desk: the help centre in our own database (seeded en and zh by
 * prepareDatabase, bodies sanitised when stored) and tickets an operator reads on
 * /sandbox/help-desk. Behaves like Zendesk where the widget can tell: numeric ids, a locale per
 * text falling back to en-us, upload tokens that one request claims, status 'new'.
 */
export function createBuiltinHelpDesk({ repository, clock, publicUrl }: BuiltinHelpDeskOptions): HelpDeskProvider {
  const toArticle = (row: Awaited<ReturnType<BuiltinDeskRepository['article']>> & object): HelpArticle => ({
    id: row.id,
    title: row.title,
    bodyHtml: row.bodyHtml,
    updatedAt: row.updatedAt,
    sectionId: row.sectionId,
    labels: row.labels,
    url: builtinArticleUrl(publicUrl, row.locale, row.id),
    locale: row.locale,
  });

  return {
    kind: 'builtin',
    async articlesByLabel(locale: HelpLocale, labels: string[]) {
      return (await repository.articlesWithLabels(locale, labels, 30)).map(toArticle);
    },
    async search(locale, query) {
      const terms = query.trim().split(/\s+/).filter(Boolean).slice(0, 8);
      if (terms.length === 0) return [];
      return (await repository.search(locale, terms, 25)).map((row) => ({
        id: row.id,
        title: row.title,
        snippet: snippetOf(row.bodyText, terms),
        sectionId: row.sectionId,
        url: builtinArticleUrl(publicUrl, row.locale, row.id),
        updatedAt: row.updatedAt,
      }));
    },
    async sections(locale) {
      return (await repository.sections(locale)).map(({ id, name, description, position }) => ({ id, name, description, position }));
    },
    async sectionArticles(locale, sectionId) {
      if (!(await repository.sectionExists(sectionId))) return null;
      return (await repository.sectionArticles(locale, sectionId)).map(toArticle);
    },
    async article(locale, articleId) {
      const row = await repository.article(locale, articleId);
      return row ? toArticle(row) : null;
    },
    async upload(file) {
      const now = clock.now();
      await repository.pruneUnclaimedUploads(new Date(now.getTime() - UPLOAD_TOKEN_TTL_MS));
      const token = randomBytes(24).toString('base64url');
      await repository.insertUpload({
        token,
        fileName: file.fileName,
        contentType: file.contentType,
        size: file.bytes.length,
        author: file.author ?? DEFAULT_UPLOAD_AUTHOR,
        bytes: file.bytes,
        createdAt: now,
      });
      return { token, fileName: file.fileName, size: file.bytes.length, contentType: file.contentType };
    },
    async createRequest(request) {
      const now = clock.now();
      const created = await repository.insertRequest(
        {
          subject: request.subject,
          message: request.message,
          requesterEmail: request.requesterEmail,
          requesterName: request.requesterName,
          userId: request.requesterUserId,
          source: request.source,
          createdAt: now,
        },
        request.uploadTokens,
        new Date(now.getTime() - UPLOAD_TOKEN_TTL_MS),
      );
      if (!created) throw new HelpDeskInputError('An attachment token is unknown, expired or already used: upload the file again.');
      return created;
    },
  };
}
