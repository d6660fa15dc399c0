import { randomUUID } from 'node:crypto';
import { PATHS, wireCodeOf } from '@causeway/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deskCall, deskSignIn, demoOperator } from '../../../test/desk-helpers.ts';
import {
  call,
  createIdentityTestApp,
  GOOD_PASSWORD,
  type IdentityTestApp,
  nextIp,
  signUpWithPassword,
} from '../../../test/identity-helpers.ts';
import { getQuote, verifiedBuyer } from '../../../test/order-helpers.ts';
import { operatorAuditLog, operators } from '../../db/schema/index.ts';

/**
 * docs/rules/operator-desk.md "Service": an admin switches a mode's maintenance and UK opening, the pairs and
 * their channels, and the feature switches; each change is audited with its before and after, and shows on
 * the next request of this process (the caches forget once the change commits).
 */
let t: IdentityTestApp;
let admin: string;
let support: string;
beforeAll(async () => {
  t = await createIdentityTestApp();
  admin = await deskSignIn(t, 'admin');
  support = await deskSignIn(t, 'support');
});
afterAll(() => t.app.close());

const EUR_BTC = 'EUR-BTC-BTC';

/** A desk change, a millisecond after the last one (so the audit rows, newest first, come in the order made). */
const post = (path: string, token: string, body: object) => {
  t.clock.advance(1);
  return deskCall(t.app, 'POST', path, token, { body });
};
const get = (path: string, token: string, query?: Record<string, string>) => deskCall(t.app, 'GET', path, token, query ? { query } : {});

const operatorId = async (role: 'admin' | 'support') =>
  (
    await t.db
      .select()
      .from(operators)
      .where(eq(operators.email, demoOperator(role).email))
  )[0]!.id;

/** The operator's audit rows of one action, newest first. */
const auditRows = async (role: 'admin' | 'support', action: string) =>
  t.db
    .select()
    .from(operatorAuditLog)
    .where(and(eq(operatorAuditLog.operatorId, await operatorId(role)), eq(operatorAuditLog.action, action)))
    .orderBy(desc(operatorAuditLog.at), desc(operatorAuditLog.id));

const passwordLogin = (email: string) =>
  call(t.app, 'POST', PATHS.passwordLogin, { body: { email, password: GOOD_PASSWORD, loginMode: 'individual' }, ip: nextIp() });

const listedCryptos = async () =>
  (await call(t.app, 'GET', `${PATHS.listCurrencyPairByBaseCurrency}?baseCurrency=EUR`)).body.data.map(
    (pair: { cryptoCurrency: string }) => pair.cryptoCurrency,
  );

describe('service modes', () => {
  it('an admin turns maintenance on for a mode: audited with before and after, its sign-ins answer 10000047; off again, they sign in', async () => {
    const email = 'desk-config-maintenance@example.test';
    await signUpWithPassword(t.app, email);
    const modes = await get(PATHS.deskServiceModes, admin);
    expect(modes.statusCode).toBe(200);
    expect(modes.body.data.modes).toContainEqual({
      mode: 'individual',
      maintenance: false,
      ukOpen: false,
      updatedBy: null,
      updatedAt: null,
    });

    const on = await post(PATHS.deskSetMaintenance, admin, { mode: 'individual', on: true });
    expect(on.statusCode).toBe(200);
    const adminId = await operatorId('admin');
    expect(on.body.data).toMatchObject({
      setting: 'service-modes.individual.maintenance',
      before: { mode: 'individual', maintenance: false, ukOpen: false, updatedBy: null },
      after: { mode: 'individual', maintenance: true, ukOpen: false, updatedBy: adminId },
    });
    const [row] = await auditRows('admin', 'config.set-maintenance');
    expect(row).toMatchObject({
      targetType: 'service-mode',
      targetId: 'individual',
      outcome: 'done',
      details: {
        setting: 'service-modes.individual.maintenance',
        before: expect.objectContaining({ maintenance: false }),
        after: expect.objectContaining({ maintenance: true }),
      },
    });

    // The next request of this process sees it (no wait for the 2 s cache).
    expect(await passwordLogin(email)).toMatchObject({ statusCode: 503, body: { code: '10000047' } });
    const business = await call(t.app, 'POST', PATHS.passwordLogin, {
      body: { email, password: GOOD_PASSWORD, loginMode: 'business' },
      ip: nextIp(),
    });
    expect(business.body.code).not.toBe('10000047');

    const off = await post(PATHS.deskSetMaintenance, admin, { mode: 'individual', on: false });
    expect(off.body.data).toMatchObject({ before: { maintenance: true }, after: { maintenance: false } });
    expect((await auditRows('admin', 'config.set-maintenance'))[0]!.details).toMatchObject({
      before: { maintenance: true },
      after: { maintenance: false },
    });
    expect((await passwordLogin(email)).body.data).toMatchObject({ status: 'SUCCESS' });
  });

  it('opens a mode to the UK and closes it again, audited', async () => {
    const open = await post(PATHS.deskSetUkOpen, admin, { mode: 'business', open: true });
    expect(open.body.data).toMatchObject({ setting: 'service-modes.business.uk-open', before: { ukOpen: false }, after: { ukOpen: true } });
    expect((await get(PATHS.deskServiceModes, admin)).body.data.modes).toContainEqual(
      expect.objectContaining({ mode: 'business', ukOpen: true, maintenance: false }),
    );
    await post(PATHS.deskSetUkOpen, admin, { mode: 'business', open: false });
    expect((await auditRows('admin', 'config.set-uk-open')).map((row) => row.details)).toEqual([
      expect.objectContaining({ after: expect.objectContaining({ ukOpen: false }) }),
      expect.objectContaining({ after: expect.objectContaining({ ukOpen: true }) }),
    ]);
  });
});

describe('pairs', () => {
  it('a pair switched off leaves the catalogue and the quote from the next call; on again, it is back', async () => {
    const buyer = await verifiedBuyer(t, 'desk-config-pairs@example.test');
    const listing = await get(PATHS.deskPairs, admin, { baseCurrency: 'eur' });
    expect(listing.statusCode).toBe(200);
    const btc = (listing.body.data.pairs as Array<{ pairId: string; channels: unknown[] }>).find((pair) => pair.pairId === EUR_BTC);
    expect(btc).toMatchObject({ enabled: true, minAmount: '20', maxAmount: '20000' });
    expect(btc!.channels).toContainEqual(expect.objectContaining({ channelCode: 'CHECKOUT', transactionType: 'buy', enabled: true }));
    expect(await listedCryptos()).toContain('BTC');

    try {
      const off = await post(PATHS.deskChangePair, admin, { pairId: EUR_BTC, enabled: false });
      expect(off.body.data).toEqual({
        setting: `pairs.${EUR_BTC}`,
        before: expect.objectContaining({ pairId: EUR_BTC, enabled: true }),
        after: expect.objectContaining({ pairId: EUR_BTC, enabled: false }),
      });
      expect((await auditRows('admin', 'config.change-pair'))[0]).toMatchObject({
        targetType: 'pair',
        targetId: EUR_BTC,
        details: { setting: `pairs.${EUR_BTC}`, before: { enabled: true }, after: { enabled: false } },
      });
      expect(await listedCryptos()).not.toContain('BTC');
      expect((await getQuote(t, buyer.headers, { orderId: randomUUID() })).body.code).toBe(wireCodeOf('TradingPairUnsupported'));
    } finally {
      await post(PATHS.deskChangePair, admin, { pairId: EUR_BTC, enabled: true });
    }
    expect(await listedCryptos()).toContain('BTC');
    expect((await getQuote(t, buyer.headers, { orderId: randomUUID() })).statusCode).toBe(200);
  });

  it("turns one channel's offer off and on, audited", async () => {
    const channel = { pairId: EUR_BTC, channelCode: 'CHECKOUT', transactionType: 'buy' };
    const off = await post(PATHS.deskChangePairChannel, admin, { ...channel, enabled: false });
    expect(off.body.data).toEqual({
      setting: `pairs.${EUR_BTC}.CHECKOUT.buy`,
      before: { ...channel, enabled: true },
      after: { ...channel, enabled: false },
    });
    await post(PATHS.deskChangePairChannel, admin, { ...channel, enabled: true });
    expect((await auditRows('admin', 'config.change-pair-channel')).map((row) => row.details)).toEqual([
      expect.objectContaining({ after: { ...channel, enabled: true } }),
      expect.objectContaining({ after: { ...channel, enabled: false } }),
    ]);
  });
});

describe('feature switches', () => {
  it('makes a switch for a version, turns it, and removes it, each audited', async () => {
    const key = { clientType: 'Web', entry: 'indepdentMain', label: 'buy', minVersion: 3000 };
    const made = await post(PATHS.deskSetFeatureSwitch, admin, { ...key, enable: false });
    expect(made.body.data).toEqual({ setting: 'switches.Web.indepdentMain.buy.3000', before: null, after: { ...key, enable: false } });
    expect((await get(PATHS.deskFeatureSwitches, admin)).body.data.switches).toContainEqual(
      expect.objectContaining({ ...key, enable: false, updatedBy: await operatorId('admin') }),
    );
    const removed = await post(PATHS.deskRemoveFeatureSwitch, admin, key);
    expect(removed.body.data).toMatchObject({ before: { ...key, enable: false }, after: null });
    expect((await auditRows('admin', 'config.remove-feature-switch'))[0]).toMatchObject({
      targetType: 'feature-switch',
      targetId: 'Web.indepdentMain.buy.3000',
      details: { before: { enable: false }, after: null },
    });
    expect((await get(PATHS.deskFeatureSwitches, admin)).body.data.switches).not.toContainEqual(expect.objectContaining(key));
  });
});

describe('who may, and what is refused', () => {
  it('refuses support with DSK0000004, audited as refused, and changes nothing', async () => {
    const before = (await get(PATHS.deskServiceModes, admin)).body.data;
    for (const [path, body] of [
      [PATHS.deskSetMaintenance, { mode: 'individual', on: true }],
      [PATHS.deskChangePair, { pairId: EUR_BTC, enabled: false }],
      [PATHS.deskSetFeatureSwitch, { clientType: 'Web', entry: 'main', label: 'buy', minVersion: 0, enable: false }],
    ] as const) {
      expect(await post(path, support, body)).toMatchObject({ statusCode: 403, body: { code: 'DSK0000004' } });
    }
    expect((await get(PATHS.deskServiceModes, support)).body.code).toBe('DSK0000004');
    expect((await get(PATHS.deskServiceModes, admin)).body.data).toEqual(before);
    expect(await auditRows('support', 'config.set-maintenance')).toEqual([
      expect.objectContaining({ outcome: 'refused', details: { permission: 'config:change' } }),
    ]);
    expect(await listedCryptos()).toContain('BTC');
  });

  it('answers bad input 400 (or an unknown setting 404), writes no audit row, and changes nothing', async () => {
    const modes = (await get(PATHS.deskServiceModes, admin)).body.data;
    const pairs = (await get(PATHS.deskPairs, admin)).body.data;
    const switches = (await get(PATHS.deskFeatureSwitches, admin)).body.data;
    const rowsBefore = (
      await t.db
        .select()
        .from(operatorAuditLog)
        .where(eq(operatorAuditLog.operatorId, await operatorId('admin')))
    ).length;

    const refusals: Array<[string, object, number, string]> = [
      [PATHS.deskSetMaintenance, { mode: 'everyone', on: true }, 400, 'REQ0000400'],
      [PATHS.deskSetMaintenance, { mode: 'individual', on: 'yes' }, 400, 'REQ0000400'],
      [PATHS.deskSetUkOpen, { mode: 'individual' }, 400, 'REQ0000400'],
      [PATHS.deskChangePair, { pairId: EUR_BTC }, 400, 'REQ0000400'],
      [PATHS.deskChangePair, { pairId: EUR_BTC, maxAmount: 30000 }, 400, 'REQ0000400'],
      [PATHS.deskChangePair, { pairId: EUR_BTC, maxAmount: '3e4' }, 400, 'SET0000001'],
      [PATHS.deskChangePair, { pairId: EUR_BTC, minAmount: '500', maxAmount: '100' }, 400, 'SET0000001'],
      [PATHS.deskChangePair, { pairId: 'EUR-DOGE-DOGE', enabled: false }, 404, 'SET0000002'],
      [PATHS.deskChangePairChannel, { pairId: EUR_BTC, channelCode: 'KLARNA', transactionType: 'sell', enabled: true }, 404, 'SET0000002'],
      [PATHS.deskSetFeatureSwitch, { clientType: 'Web', entry: 'main', label: 'fly', minVersion: 0, enable: true }, 400, 'REQ0000400'],
      [PATHS.deskRemoveFeatureSwitch, { clientType: 'Web', entry: 'main', label: 'buy', minVersion: 424242 }, 404, 'SET0000002'],
    ];
    for (const [path, body, status, code] of refusals) {
      const answer = await post(path, admin, body);
      expect({ path, body, status: answer.statusCode, code: answer.body.code }).toEqual({ path, body, status, code });
    }
    expect((await get(PATHS.deskPairs, admin, { baseCurrency: 'EURO' })).statusCode).toBe(400);

    expect((await get(PATHS.deskServiceModes, admin)).body.data).toEqual(modes);
    expect((await get(PATHS.deskPairs, admin)).body.data).toEqual(pairs);
    expect((await get(PATHS.deskFeatureSwitches, admin)).body.data).toEqual(switches);
    expect(
      (
        await t.db
          .select()
          .from(operatorAuditLog)
          .where(eq(operatorAuditLog.operatorId, await operatorId('admin')))
      ).length,
    ).toBe(rowsBefore);
  });
});
