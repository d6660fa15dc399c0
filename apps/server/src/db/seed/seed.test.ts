import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database.ts';
import type { DatabaseHandle } from '../client.ts';
import { countries, currencies, currencyPairs, pairChannels } from '../schema/index.ts';
import { seedReferenceData } from './index.ts';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

const count = async (table: typeof countries | typeof currencies | typeof currencyPairs | typeof pairChannels) =>
  (await handle.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n;

describe('seedReferenceData', () => {
  it('is idempotent and never overwrites an operator edit', async () => {
    const before = { countries: await count(countries), pairs: await count(currencyPairs), channels: await count(pairChannels) };
    await handle.db.update(currencies).set({ enabled: false }).where(eq(currencies.code, 'PLN'));
    await seedReferenceData(handle.db);
    expect({ countries: await count(countries), pairs: await count(currencyPairs), channels: await count(pairChannels) }).toEqual(before);
    const [pln] = await handle.db.select().from(currencies).where(eq(currencies.code, 'PLN'));
    expect(pln?.enabled).toBe(false);
  });

  it('lets the database refuse a pair whose limits are inverted', async () => {
    await expect(
      handle.db.insert(currencyPairs).values({ id: 'EUR-BTC-X', baseCurrency: 'EUR', cryptoCurrency: 'BTC', network: 'BTC', minAmount: '100', maxAmount: '10' }),
    ).rejects.toThrow();
  });
});
