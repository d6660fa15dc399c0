import { DEFAULT_HELP_LOCALE } from '@causeway/contracts';
import { and, arrayContains, asc, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { helpArticles, helpArticleTexts, helpRequests, helpSections, helpSectionTexts, helpUploads } from '../../db/schema/index.ts';

type ArticleRow = {
  id: number;
  sectionId: number | null;
  position: number;
  labels: string[];
  locale: string;
  title: string;
  bodyHtml: string;
  bodyText: string;
  updatedAt: Date;
};

/** Of the rows of one article in `locale` and the base locale, the one in `locale` when it exists. */
function preferLocale<T extends { id: number; locale: string }>(rows: T[], locale: string): T[] {
  const chosen = new Map<number, T>();
  for (const row of rows) {
    const held = chosen.get(row.id);
    if (!held || (held.locale !== locale && row.locale === locale)) chosen.set(row.id, row);
  }
  return [...chosen.values()];
}

class UnclaimableUploads extends Error {}

const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The built-in help desk's tables (help_*). Every read takes a locale and falls back, per article, to DEFAULT_HELP_LOCALE (en-us), the locale every article is written in first. */
export function createBuiltinDeskRepository(db: Database) {
  const articleColumns = {
    id: helpArticles.id,
    sectionId: helpArticles.sectionId,
    position: helpArticles.position,
    labels: helpArticles.labels,
    locale: helpArticleTexts.locale,
    title: helpArticleTexts.title,
    bodyHtml: helpArticleTexts.bodyHtml,
    bodyText: helpArticleTexts.bodyText,
    updatedAt: helpArticleTexts.updatedAt,
  };
  const articleRows = () =>
    db.select(articleColumns).from(helpArticles).innerJoin(helpArticleTexts, eq(helpArticleTexts.articleId, helpArticles.id));
  const inLocales = (locale: string) => inArray(helpArticleTexts.locale, [locale, DEFAULT_HELP_LOCALE]);

  return {
    async articlesWithLabels(locale: string, labels: string[], limit: number): Promise<ArticleRow[]> {
      const rows = await articleRows().where(and(inLocales(locale), arrayContains(helpArticles.labels, labels)));
      return preferLocale(rows, locale)
        .sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime() || a.id - b.id)
        .slice(0, limit);
    },

    /** Articles whose title or text holds every term (case-insensitive), title matches first. */
    async search(locale: string, terms: string[], limit: number): Promise<ArticleRow[]> {
      const everyTerm = terms.map(
        (term) => sql`(${helpArticleTexts.title} ilike ${likePattern(term)} or ${helpArticleTexts.bodyText} ilike ${likePattern(term)})`,
      );
      // An article may match in either locale; it is shown in the person's locale when it has one,
      // so every text of a matching article is read (one query: the match is a subquery).
      const matching = db
        .select({ id: helpArticleTexts.articleId })
        .from(helpArticleTexts)
        .where(and(inLocales(locale), ...everyTerm));
      const shown = preferLocale(await articleRows().where(and(inLocales(locale), inArray(helpArticles.id, matching))), locale);
      const titleHits = (row: ArticleRow) => terms.filter((term) => row.title.toLowerCase().includes(term.toLowerCase())).length;
      return shown
        .sort((a, b) => titleHits(b) - titleHits(a) || b.updatedAt.getTime() - a.updatedAt.getTime() || a.id - b.id)
        .slice(0, limit);
    },

    async sections(locale: string) {
      const rows = await db
        .select({
          id: helpSections.id,
          position: helpSections.position,
          locale: helpSectionTexts.locale,
          name: helpSectionTexts.name,
          description: helpSectionTexts.description,
        })
        .from(helpSections)
        .innerJoin(helpSectionTexts, eq(helpSectionTexts.sectionId, helpSections.id))
        .where(inArray(helpSectionTexts.locale, [locale, DEFAULT_HELP_LOCALE]));
      return preferLocale(rows, locale).sort((a, b) => a.position - b.position || a.id - b.id);
    },

    async sectionExists(sectionId: number): Promise<boolean> {
      const [row] = await db.select({ id: helpSections.id }).from(helpSections).where(eq(helpSections.id, sectionId));
      return Boolean(row);
    },

    async sectionArticles(locale: string, sectionId: number): Promise<ArticleRow[]> {
      const rows = await articleRows().where(and(inLocales(locale), eq(helpArticles.sectionId, sectionId)));
      return preferLocale(rows, locale).sort((a, b) => a.position - b.position || a.id - b.id);
    },

    async article(locale: string, articleId: number): Promise<ArticleRow | undefined> {
      return preferLocale(await articleRows().where(and(inLocales(locale), eq(helpArticles.id, articleId))), locale)[0];
    },

    async insertUpload(values: typeof helpUploads.$inferInsert): Promise<void> {
      await db.insert(helpUploads).values(values);
    },

    /** Drops uploads no request took before `before` (an hour old: their tokens have expired). */
    async pruneUnclaimedUploads(before: Date): Promise<void> {
      await db.delete(helpUploads).where(and(isNull(helpUploads.requestId), lt(helpUploads.createdAt, before)));
    },

    /**
     * Opens a request and claims its uploads in one transaction. Answers null, and writes
     * nothing, when a token is unknown, already claimed or older than `uploadedAfter`.
     */
    async insertRequest(values: typeof helpRequests.$inferInsert, uploadTokens: string[], uploadedAfter: Date) {
      return db
        .transaction(async () => {
          const [request] = await db
            .insert(helpRequests)
            .values(values)
            .returning({ id: helpRequests.id, status: helpRequests.status, subject: helpRequests.subject });
          if (!request) throw new Error('the request insert returned no row');
          if (uploadTokens.length > 0) {
            const claimed = await db
              .update(helpUploads)
              .set({ requestId: request.id })
              .where(
                and(
                  inArray(helpUploads.token, uploadTokens),
                  isNull(helpUploads.requestId),
                  sql`${helpUploads.createdAt} >= ${uploadedAfter}`,
                ),
              )
              .returning({ token: helpUploads.token });
            // Throwing rolls the request back with the claims.
            if (claimed.length !== new Set(uploadTokens).size) throw new UnclaimableUploads();
          }
          return request;
        })
        .catch((error: unknown) => {
          if (error instanceof UnclaimableUploads) return null;
          throw error;
        });
    },

    /** The newest requests with their attachments' names and sizes (the operator's page). */
    async latestRequests(limit: number) {
      const requests = await db.select().from(helpRequests).orderBy(desc(helpRequests.id)).limit(limit);
      const ids = requests.map((r) => r.id);
      const files =
        ids.length === 0
          ? []
          : await db
              .select({
                token: helpUploads.token,
                requestId: helpUploads.requestId,
                fileName: helpUploads.fileName,
                size: helpUploads.size,
                contentType: helpUploads.contentType,
              })
              .from(helpUploads)
              .where(inArray(helpUploads.requestId, ids))
              .orderBy(asc(helpUploads.createdAt), asc(helpUploads.token));
      return requests.map((request) => ({ ...request, attachments: files.filter((f) => f.requestId === request.id) }));
    },

    /** One attachment of one request (both must match, so a token alone opens nothing unclaimed). */
    async attachment(requestId: number, token: string) {
      const [row] = await db
        .select()
        .from(helpUploads)
        .where(and(eq(helpUploads.requestId, requestId), eq(helpUploads.token, token)));
      return row;
    },
  };
}

export type BuiltinDeskRepository = ReturnType<typeof createBuiltinDeskRepository>;
