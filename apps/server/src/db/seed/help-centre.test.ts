import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database.ts';
import type { DatabaseHandle } from '../client.ts';
import { helpArticles, helpArticleTexts, helpSections } from '../schema/index.ts';
import { seedHelpCentre } from './help-centre.ts';
import { HELP_ARTICLES, HELP_SECTIONS } from './help-centre-content.ts';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

const count = async (table: typeof helpSections | typeof helpArticles | typeof helpArticleTexts) =>
  (await handle.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n;

describe('the built-in help centre seed (issue 6)', () => {
  it('holds every section and article of the content in en-us and zh-cn', async () => {
    expect(await count(helpSections)).toBe(HELP_SECTIONS.length);
    expect(await count(helpArticles)).toBe(HELP_ARTICLES.length);
    expect(await count(helpArticleTexts)).toBe(HELP_ARTICLES.length * 2);
    const topics = ['buy', 'sell', 'verif', 'card', 'bank', 'fee', 'limit', 'secur'];
    const names = HELP_SECTIONS.map((s) => s.name['en-us'].toLowerCase()).join(' | ');
    for (const topic of topics) expect(names).toContain(topic);
    expect(HELP_ARTICLES.filter((a) => a.labels.includes('Promotion')).length).toBeGreaterThanOrEqual(2);
  });

  it('is idempotent and keeps an operator edit', async () => {
    const [first] = await handle.db.select().from(helpArticleTexts).limit(1);
    await handle.db
      .update(helpArticleTexts)
      .set({ title: 'Edited by the operator' })
      .where(sql`${helpArticleTexts.articleId} = ${first!.articleId} and ${helpArticleTexts.locale} = ${first!.locale}`);
    await seedHelpCentre(handle.db, new Date());
    expect(await count(helpArticles)).toBe(HELP_ARTICLES.length);
    const [after] = await handle.db
      .select()
      .from(helpArticleTexts)
      .where(sql`${helpArticleTexts.articleId} = ${first!.articleId} and ${helpArticleTexts.locale} = ${first!.locale}`);
    expect(after?.title).toBe('Edited by the operator');
  });

  it('spends no ids when nothing is new (it runs at every start): the next new article takes the next id', async () => {
    const seedOne = async (key: string) => {
      await seedHelpCentre(handle.db, new Date(), {
        sections: [],
        articles: [
          {
            key,
            sectionKey: HELP_SECTIONS[0]!.key,
            position: 99,
            labels: [],
            title: { 'en-us': key, 'zh-cn': key },
            body: { 'en-us': '<p>Next</p>', 'zh-cn': '<p>下一个</p>' },
          },
        ],
      });
      const [article] = await handle.db.select().from(helpArticles).where(eq(helpArticles.key, key));
      return article!;
    };
    const first = await seedOne('next-id-test-1');
    await seedHelpCentre(handle.db, new Date());
    await seedHelpCentre(handle.db, new Date());
    const second = await seedOne('next-id-test-2');
    expect(second.id).toBe(first.id + 1);
    const [section] = await handle.db.select().from(helpSections).where(eq(helpSections.key, HELP_SECTIONS[0]!.key));
    expect(second.sectionId).toBe(section?.id);
  });

  it('sanitises bodies when it stores them (docs/trust.md): scripts, handlers, javascript: links and SVG are gone, links open safely', async () => {
    const hostile = [
      '<p>Hello<script>window.__pwned = 1</script></p>',
      '<img src="x" onerror="window.__pwned = 1">',
      '<a href="javascript:window.__pwned = 1">click</a>',
      '<svg><script>window.__pwned = 1</script><circle onload="window.__pwned = 1"/></svg>',
      '<a href="https://example.com/fees">fees</a><iframe src="https://evil.example"></iframe><style>*{display:none}</style>',
    ].join(' ');
    await seedHelpCentre(handle.db, new Date(), {
      sections: [],
      articles: [
        {
          key: 'hostile-test',
          sectionKey: null,
          position: 1,
          labels: ['Test'],
          title: { 'en-us': 'Hostile', 'zh-cn': '恶意' },
          body: { 'en-us': hostile, 'zh-cn': hostile },
        },
      ],
    });
    const [article] = await handle.db.select().from(helpArticles).where(eq(helpArticles.key, 'hostile-test'));
    const texts = await handle.db.select().from(helpArticleTexts).where(eq(helpArticleTexts.articleId, article!.id));
    expect(texts).toHaveLength(2);
    for (const text of texts) {
      expect(text.bodyHtml).not.toMatch(/<script|onerror|onload|javascript:|<svg|<iframe|<style|__pwned/i);
      expect(text.bodyHtml).toContain('<a href="https://example.com/fees" target="_blank" rel="noopener noreferrer">fees</a>');
      expect(text.bodyText).toBe('Hello click fees');
    }
  });
});
