import { inArray } from 'drizzle-orm';
import { sanitizeArticleHtml, textOfHtml } from '../../providers/help-desk/sanitize-html.ts';
import type { Database } from '../client.ts';
import { helpArticles, helpArticleTexts, helpSections, helpSectionTexts } from '../schema/index.ts';
import { HELP_ARTICLES, HELP_SECTIONS, type HelpSeedArticle, type HelpSeedSection } from './help-centre-content.ts';

/**
 * Seeds the built-in help centre (issue 6) with the articles of help-centre-content.ts. Like the
 * other seeds it never touches a row that exists (by key): an operator's edits survive restarts.
 * Bodies are sanitised here, when stored (docs/trust.md), and again by the widget when it renders.
 *
 * It runs at every start: it reads which keys exist and inserts only the missing ones, so a start
 * with nothing new writes nothing (and spends no identity values, which are the articles' public ids).
 */
export async function seedHelpCentre(
  db: Database,
  now: Date,
  content: { sections: readonly HelpSeedSection[]; articles: readonly HelpSeedArticle[] } = {
    sections: HELP_SECTIONS,
    articles: HELP_ARTICLES,
  },
): Promise<void> {
  await db.transaction(async (tx) => {
    const sectionKeys = [
      ...new Set([
        ...content.sections.map((s) => s.key),
        ...content.articles.flatMap((a) => (a.sectionKey === null ? [] : [a.sectionKey])),
      ]),
    ];
    const sectionIds = new Map(
      sectionKeys.length === 0
        ? []
        : (
            await tx.select({ id: helpSections.id, key: helpSections.key }).from(helpSections).where(inArray(helpSections.key, sectionKeys))
          ).map((s) => [s.key, s.id] as const),
    );
    const missingSections = content.sections.filter((s) => !sectionIds.has(s.key));
    if (missingSections.length > 0) {
      const newSections = await tx
        .insert(helpSections)
        .values(missingSections.map(({ key, position }) => ({ key, position })))
        .onConflictDoNothing()
        .returning({ id: helpSections.id, key: helpSections.key });
      const sectionTexts = newSections.flatMap(({ id, key }) => {
        sectionIds.set(key, id);
        const seed = missingSections.find((s) => s.key === key);
        return seed
          ? Object.keys(seed.name).map((locale) => ({
              sectionId: id,
              locale,
              name: seed.name[locale as keyof typeof seed.name],
              description: seed.description[locale as keyof typeof seed.description],
            }))
          : [];
      });
      if (sectionTexts.length > 0) await tx.insert(helpSectionTexts).values(sectionTexts).onConflictDoNothing();
    }

    const articleKeys = content.articles.map((a) => a.key);
    const existingArticles = new Set(
      articleKeys.length === 0
        ? []
        : (await tx.select({ key: helpArticles.key }).from(helpArticles).where(inArray(helpArticles.key, articleKeys))).map((a) => a.key),
    );
    const missingArticles = content.articles.filter((a) => !existingArticles.has(a.key));
    if (missingArticles.length === 0) return;
    const newArticles = await tx
      .insert(helpArticles)
      .values(
        missingArticles.map(({ key, sectionKey, position, labels }) => ({
          key,
          sectionId: sectionKey === null ? null : (sectionIds.get(sectionKey) ?? null),
          position,
          labels,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: helpArticles.id, key: helpArticles.key });
    const articleTexts = newArticles.flatMap(({ id, key }) => {
      const seed = missingArticles.find((a) => a.key === key);
      if (!seed) return [];
      return Object.keys(seed.title).map((locale) => {
        const bodyHtml = sanitizeArticleHtml(seed.body[locale as keyof typeof seed.body]);
        return {
          articleId: id,
          locale,
          title: seed.title[locale as keyof typeof seed.title],
          bodyHtml,
          bodyText: textOfHtml(bodyHtml),
          updatedAt: now,
        };
      });
    });
    if (articleTexts.length > 0) await tx.insert(helpArticleTexts).values(articleTexts).onConflictDoNothing();
  });
}
