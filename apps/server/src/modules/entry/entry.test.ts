import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { menuLinks } from '../../db/schema/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.app.close());

const get = async (url: string, headers: Record<string, string> = {}) => {
  const response = await t.app.inject({ method: 'GET', url: `/prod-api/capi/v1${url}`, headers });
  return { statusCode: response.statusCode, body: response.json() };
};

describe('GET customer/entry/get-entry-config', () => {
  it('answers the default entry when no merchant is named', async () => {
    const { body } = await get('/customer/entry/get-entry-config');
    expect(body.data).toMatchObject({ merchantCode: 'DEFAULT', defaultFiatCurrency: 'EUR', defaultEntity: 'LI', isRoma: false });
  });

  it("answers a merchant's own entry", async () => {
    const { body } = await get('/customer/entry/get-entry-config?merchantCode=demo-merchant');
    expect(body.data).toMatchObject({ merchantName: 'Demo Merchant', defaultCryptoCurrency: 'USDT', defaultNetwork: 'TRX' });
    expect(body.data.paymentMethods).toContain('BUY_SEND');
  });

  it('answers 404 for an unknown merchant and 400 for a malformed code', async () => {
    expect((await get('/customer/entry/get-entry-config?merchantCode=nobody')).statusCode).toBe(404);
    expect((await get('/customer/entry/get-entry-config?merchantCode=%3Cscript%3E')).statusCode).toBe(400);
  });
});

describe('GET menu/get-links', () => {
  it('gives the links of the brand and entity, in order: by default our own legal pages, no placeholder domain (issue 14)', async () => {
    const { body } = await get('/menu/get-links?brand=causeway&entity=PL');
    expect(body.data).toEqual([
      { key: 'terms', url: '/{lng}/legal/terms', sort: 1 },
      { key: 'privacy', url: '/{lng}/legal/privacy', sort: 2 },
      { key: 'cookies', url: '/{lng}/legal/cookies', sort: 3 },
      { key: 'complaints', url: '/{lng}/legal/terms#complaints', sort: 4 },
    ]);
    expect(JSON.stringify((await get('/menu/get-links')).body.data)).not.toContain('causeway.example');
  });

  it("takes the entity from the entity header when the query has none, LI by default; an entity's own link wins", async () => {
    await t.db
      .insert(menuLinks)
      .values({ brand: 'causeway', entity: 'PL', linkKey: 'licence', url: 'https://pl.example/licence', sort: 5 });
    const keys = (data: Array<{ key: string }>) => data.map((link) => link.key);
    expect(keys((await get('/menu/get-links', { entity: 'PL' })).body.data)).toContain('licence');
    expect(keys((await get('/menu/get-links')).body.data)).not.toContain('licence');
    await t.db.delete(menuLinks).where(eq(menuLinks.linkKey, 'licence'));
  });

  it('never hands on a database link the browser could run or send off-site (javascript:, data:, //host): a bad legal row gives way to the built-in page, other bad rows are left out', async () => {
    await t.db.insert(menuLinks).values([
      { brand: 'rogue', entity: 'LI', linkKey: 'terms', url: 'javascript:alert(document.cookie)', sort: 1 },
      { brand: 'rogue', entity: 'LI', linkKey: 'privacy', url: '//evil.example/privacy', sort: 2 },
      { brand: 'rogue', entity: 'LI', linkKey: 'cookies', url: 'https://rogue.example/{lng}/cookies', sort: 3 },
      { brand: 'rogue', entity: 'LI', linkKey: 'licence', url: 'data:text/html,<script>alert(1)</script>', sort: 4 },
      { brand: 'rogue', entity: 'LI', linkKey: 'complaints', url: ' JavaScript:alert(1)', sort: 5 },
      { brand: 'rogue', entity: 'LI', linkKey: 'about', url: '/\\evil.example', sort: 6 },
    ]);
    try {
      expect((await get('/menu/get-links?brand=rogue')).body.data).toEqual([
        { key: 'terms', url: '/{lng}/legal/terms', sort: 1 },
        { key: 'privacy', url: '/{lng}/legal/privacy', sort: 2 },
        { key: 'cookies', url: 'https://rogue.example/{lng}/cookies', sort: 3 },
      ]);
    } finally {
      await t.db.delete(menuLinks).where(eq(menuLinks.brand, 'rogue'));
    }
  });

  it('answers an unknown brand with the legal pages alone, and a bad entity with a 400', async () => {
    expect((await get('/menu/get-links?brand=other')).body.data.map((l: { key: string }) => l.key)).toEqual([
      'terms',
      'privacy',
      'cookies',
    ]);
    expect((await get('/menu/get-links?entity=US')).statusCode).toBe(400);
  });
});

describe('GET common/feature-switch/query', () => {
  it('answers buy, deposit and withdraw for the client version', async () => {
    const old = await get('/common/feature-switch/query?clientType=Web&entry=indepdentMain&version=1000');
    expect(old.body.data).toEqual([
      { label: 'buy', enable: true },
      { label: 'deposit', enable: true },
      { label: 'withdraw', enable: false },
    ]);
    const current = await get('/common/feature-switch/query?clientType=Web&entry=indepdentMain&version=1025');
    expect(current.body.data).toContainEqual({ label: 'withdraw', enable: true });
  });

  it('turns every label off for an entry with no switches', async () => {
    const { body } = await get('/common/feature-switch/query?clientType=Web&entry=unknownEntry&version=1');
    expect(body.data.every((item: { enable: boolean }) => item.enable === false)).toBe(true);
  });

  it('refuses a missing version or an unknown client type', async () => {
    expect((await get('/common/feature-switch/query?clientType=Web&entry=main')).statusCode).toBe(400);
    expect((await get('/common/feature-switch/query?clientType=Fax&entry=main&version=1')).statusCode).toBe(400);
  });
});
