import {
  type HelpArticleJson,
  type HelpArticlePayload,
  type HelpArticlesPayload,
  type HelpRequestPayload,
  type HelpSearchPayload,
  type HelpSectionsPayload,
  type HelpUploadPayload,
  requesterNameOf,
  ticketSubject,
} from '@causeway/contracts';
import { createTtlCache } from '../../platform/ttl-cache.ts';
import type { HelpArticle, HelpAttachmentInput, HelpDeskProvider } from '../../providers/help-desk/index.ts';
import type { HelpDeskOperation } from './help-desk-operations.ts';

/** The signed-in person asking: a ticket they open is filed under their id and their account's address. */
export interface HelpRequester {
  userId: string;
  email: string;
}

/** An article or section that does not exist (the route answers HLP0000004). */
export class HelpContentNotFound extends Error {
  override name = 'HelpContentNotFound';
}

const articleJson = (article: HelpArticle): HelpArticleJson => ({
  id: article.id,
  title: article.title,
  body: article.bodyHtml,
  updated_at: article.updatedAt.toISOString(),
  section_id: article.sectionId,
  label_names: article.labels,
  html_url: article.url,
  locale: article.locale,
});

/**
 * Runs one allowed help-desk operation and shapes the answer as Zendesk's JSON (the widget reads
 * the same JSON whichever desk answers). Zendesk's reads are cached for a minute: the widget
 * asks the same sections and cards of every visitor, and the API's quota is per account.
 */
export function createHelpService(provider: HelpDeskProvider, options: { readCacheMs?: number } = {}) {
  const cache = createTtlCache<unknown>({ ttlMs: options.readCacheMs ?? 60_000, maxEntries: 500 });
  const read = <T>(key: string, load: () => Promise<T>): Promise<T> =>
    provider.kind === 'zendesk' ? (cache.get(key, load) as Promise<T>) : load();

  async function run(operation: HelpDeskOperation, requester: HelpRequester | null): Promise<unknown> {
    switch (operation.op) {
      case 'articlesByLabel':
        return read(`label:${operation.locale}:${operation.labels.join(',')}`, async (): Promise<HelpArticlesPayload> => ({
          articles: (await provider.articlesByLabel(operation.locale, operation.labels)).map(articleJson),
        }));
      case 'search':
        return read(`search:${operation.locale}:${operation.query.toLowerCase()}`, async (): Promise<HelpSearchPayload> => {
          const results = await provider.search(operation.locale, operation.query);
          return {
            results: results.map((r) => ({
              id: r.id,
              title: r.title,
              snippet: r.snippet,
              section_id: r.sectionId,
              html_url: r.url,
              updated_at: r.updatedAt.toISOString(),
            })),
            count: results.length,
          };
        });
      case 'sections':
        return read(`sections:${operation.locale}`, async (): Promise<HelpSectionsPayload> => ({
          sections: await provider.sections(operation.locale),
        }));
      case 'sectionArticles':
        return read(`section:${operation.locale}:${operation.sectionId}`, async (): Promise<HelpArticlesPayload> => {
          const articles = await provider.sectionArticles(operation.locale, operation.sectionId);
          if (!articles) throw new HelpContentNotFound(`no section ${operation.sectionId}`);
          return { articles: articles.map(articleJson) };
        });
      case 'article':
        return read(`article:${operation.locale}:${operation.articleId}`, async (): Promise<HelpArticlePayload> => {
          const article = await provider.article(operation.locale, operation.articleId);
          if (!article) throw new HelpContentNotFound(`no article ${operation.articleId}`);
          return { article: articleJson(article) };
        });
      case 'createRequest': {
        const { request } = operation;
        // Signed in, a ticket is always the person's own: whatever address the body names, the
        // account's is used (issue 13 F7). Only a signed-out request keeps the typed address.
        const email = requester?.email ?? request.requester.email;
        const source = request.custom_fields[0]?.value ?? 'tickets_from_widget';
        const created = await provider.createRequest({
          // docs/rules/validation.md: feedback always has its own subject; a support ticket without a topic gets one.
          subject: ticketSubject(source, email, request.subject),
          message: request.comment.body,
          requesterEmail: email,
          requesterName: requesterNameOf(email),
          requesterUserId: requester?.userId ?? null,
          uploadTokens: request.comment.uploads ?? [],
          source,
        });
        const payload: HelpRequestPayload = { request: created };
        return payload;
      }
    }
  }

  return {
    /** The operation's answer as Zendesk's JSON text (zendesk/request's data.data); `requester` is the signed-in person, if any. */
    async request(operation: HelpDeskOperation, requester: HelpRequester | null = null): Promise<string> {
      return JSON.stringify(await run(operation, requester));
    },
    /** Stores an attachment; the answer is uploads.json's JSON text. */
    async upload(file: HelpAttachmentInput): Promise<string> {
      const upload = await provider.upload(file);
      const payload: HelpUploadPayload = {
        upload: { token: upload.token, attachment: { file_name: upload.fileName, size: upload.size, content_type: upload.contentType } },
      };
      return JSON.stringify(payload);
    },
  };
}

export type HelpService = ReturnType<typeof createHelpService>;
