import { eq, sql } from 'drizzle-orm';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database.ts';
import { DEMO_MERCHANT } from '../../modules/merchant/demo-merchant.ts';
import { merchantSecretKey } from '../../modules/merchant/merchant-entry.ts';
import { decrypt } from '../../platform/crypto.ts';
import { loadServerSecret } from '../../platform/server-secret.repository.ts';
import { type DatabaseHandle, openDatabase } from '../client.ts';
import { hasSandboxTools } from '../../platform/deployment-mode.ts';
import { prepareDatabase } from '../../prepare-database.ts';
import { cards, countries, currencies, currencyPairs, merchantApiKeys, merchants, pairChannels, users, wallets } from '../schema/index.ts';
import { createLedger } from '../../modules/ledger/ledger.repository.ts';
import { seedReferenceData } from './index.ts';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

const count = async (
  table: typeof countries | typeof currencies | typeof currencyPairs | typeof pairChannels,
  database: DatabaseHandle = handle,
) => (await database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n;

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
      handle.db
        .insert(currencyPairs)
        .values({ id: 'EUR-BTC-X', baseCurrency: 'EUR', cryptoCurrency: 'BTC', network: 'BTC', minAmount: '100', maxAmount: '10' }),
    ).rejects.toThrow();
  });
});

describe('the demo trading data (docs/sandbox.md: the demo individual has a saved VISA 4242 and a default wallet)', () => {
  it('seeds the card (tokenised, never the number), default wallets and the sandbox inventory, once', async () => {
    const [demo] = await handle.db.select().from(users).where(eq(users.emailNormalized, 'demo@causeway.test'));
    const saved = await handle.db.select().from(cards).where(eq(cards.userId, demo!.id));
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ cardBin: '424242', cardLast4: '4242', cardProcessor: 'VISA', processor: 'sandbox', enabled: true });
    expect(JSON.stringify(saved)).not.toContain('4242424242424242');
    const defaults = await handle.db.select().from(wallets).where(eq(wallets.userId, demo!.id));
    expect(
      defaults
        .filter((wallet) => wallet.isDefault)
        .map((wallet) => wallet.network)
        .sort(),
    ).toEqual(['BTC', 'ETH']);
    await prepareDatabase(handle, { demoData: true });
    expect(await handle.db.select().from(cards).where(eq(cards.userId, demo!.id))).toHaveLength(1);
    expect((await createLedger(handle.db).balance('inventory:BTC')).gt(0)).toBe(true);
  });
});

describe('an install with real mail (prepareDatabase without demo data)', () => {
  // Migrates a database from nothing (no test snapshot to clone): past the default 20 s on CI's two
  // loaded cores while the e2e suite runs beside it (20.9 s seen).
  it('has neither the demo accounts nor the demo merchant, whose password and secret are published', { timeout: 90_000 }, async () => {
    const fresh = await openDatabase({ pglite: await PGlite.create() });
    try {
      await prepareDatabase(fresh, { demoData: false });
      expect(await fresh.db.select().from(merchants)).toEqual([]);
      expect(await fresh.db.select().from(users)).toEqual([]);
      expect(await count(countries, fresh)).toBeGreaterThan(0);
    } finally {
      await fresh.close();
    }
  });

  it('is what a server with SMTP_URL, or in production, prepares', () => {
    expect(hasSandboxTools({ CAUSEWAY_ENV: 'sandbox', SMTP_URL: 'smtp://mail.example.test:587' })).toBe(false);
    expect(hasSandboxTools({ CAUSEWAY_ENV: 'production', SMTP_URL: undefined })).toBe(false);
    expect(hasSandboxTools({ CAUSEWAY_ENV: 'sandbox', SMTP_URL: undefined })).toBe(true);
  });
});

describe('the demo merchant (prepareDatabase)', () => {
  const demoRow = async () => (await handle.db.select().from(merchants).where(eq(merchants.id, DEMO_MERCHANT.id)))[0];
  const demoKey = async () => (await handle.db.select().from(merchantApiKeys).where(eq(merchantApiKeys.apiKey, DEMO_MERCHANT.apiKey)))[0];

  it('is seeded at preparation with its published key, the secret sealed under the server secret the app derives its key from', async () => {
    expect(await demoRow()).toMatchObject({ status: 'Active', skipLoginEnabled: true });
    const row = await demoKey();
    expect(row).toMatchObject({
      merchantId: DEMO_MERCHANT.id,
      secretHint: DEMO_MERCHANT.secret.slice(-4),
      revokedAt: null,
      expiresAt: null,
    });
    const key = merchantSecretKey(await loadServerSecret(handle.db, undefined));
    expect(decrypt(key, row!.secretEncrypted)).toBe(DEMO_MERCHANT.secret);
  });

  it('never overwrites an operator edit, and seals under SECRET_KEY when one is configured', async () => {
    await handle.db.update(merchants).set({ name: 'Renamed by an operator' }).where(eq(merchants.id, DEMO_MERCHANT.id));
    await prepareDatabase(handle, { demoData: true });
    expect((await demoRow())?.name).toBe('Renamed by an operator');

    await handle.db.delete(merchantApiKeys).where(eq(merchantApiKeys.apiKey, DEMO_MERCHANT.apiKey));
    const secretKey = 'a-configured-secret-key-of-32-characters';
    await prepareDatabase(handle, { secretKey, demoData: true });
    expect(decrypt(merchantSecretKey(Buffer.from(secretKey, 'utf8')), (await demoKey())!.secretEncrypted)).toBe(DEMO_MERCHANT.secret);
  });
});
