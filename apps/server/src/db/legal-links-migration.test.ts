import fs from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database.ts';
import type { DatabaseHandle } from './client.ts';
import { menuLinks } from './schema/index.ts';

const MIGRATION = new URL('../../drizzle/0023_legal_links.sql', import.meta.url);

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

const urlOf = async (entity: string, linkKey: string) =>
  (
    await handle.db
      .select({ url: menuLinks.url })
      .from(menuLinks)
      .where(and(eq(menuLinks.brand, 'causeway'), eq(menuLinks.entity, entity), eq(menuLinks.linkKey, linkKey)))
  )[0]?.url;

// Issue 14: a database seeded before it still held the placeholder domain.
describe('migration 0023: the seeded legal links lead to our own pages', () => {
  it("moves the placeholder links to the built-in pages and leaves an operator's own link alone", async () => {
    for (const key of ['terms', 'privacy', 'cookies', 'complaints']) {
      await handle.db
        .update(menuLinks)
        .set({ url: `https://causeway.example/legal/li/${key}` })
        .where(and(eq(menuLinks.entity, 'LI'), eq(menuLinks.linkKey, key)));
    }
    await handle.db
      .update(menuLinks)
      .set({ url: 'https://shop.example/pl/privacy' })
      .where(and(eq(menuLinks.entity, 'PL'), eq(menuLinks.linkKey, 'privacy')));

    for (const statement of fs.readFileSync(MIGRATION, 'utf8').split('--> statement-breakpoint'))
      await handle.db.execute(sql.raw(statement));

    expect(await urlOf('LI', 'terms')).toBe('/{lng}/legal/terms');
    expect(await urlOf('LI', 'privacy')).toBe('/{lng}/legal/privacy');
    expect(await urlOf('LI', 'cookies')).toBe('/{lng}/legal/cookies');
    expect(await urlOf('LI', 'complaints')).toBe('/{lng}/legal/terms#complaints');
    expect(await urlOf('PL', 'privacy')).toBe('https://shop.example/pl/privacy');
  });
});
