import { randomUUID } from 'node:crypto';
import { canonicalEntryQuery, PATHS } from '@causeway/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantMembers } from '../../../db/schema/index.ts';
import { hmacHex } from '../../../platform/crypto.ts';
import {
  authenticatorOf,
  call,
  createIdentityTestApp,
  type IdentityTestApp,
  signInWithCode,
  totpAt,
} from '../../../../test/identity-helpers.ts';
import { newIndividual } from '../../../../test/kyc-helpers.ts';
import { addCard, getQuote, verifiedBuyer, TEST_CARDS } from '../../../../test/order-helpers.ts';
import { DEMO_MERCHANT } from '../demo-merchant.ts';
import { MAX_WORKING_KEYS } from './merchant-console.service.ts';

/**
 * The merchant console's calls (docs/rules/merchant-console.md): only a merchant's members reach them,
 * keys made there sign at once and stop when rolled or revoked, and the sensitive changes take the
 * authenticator's code when one is bound.
 */
let t: IdentityTestApp;
let owner: { userId: string; headers: Record<string, string> };
let stranger: { headers: Record<string, string> };
const merchantId = DEMO_MERCHANT.id;

beforeAll(async () => {
  t = await createIdentityTestApp();
  const person = await newIndividual(t, 'console-owner@example.com');
  owner = { userId: person.userId, headers: { token: person.token } };
  await t.db.insert(merchantMembers).values({ merchantId, userId: person.userId, role: 'Owner', createdAt: t.clock.now() });
  stranger = { headers: { token: (await newIndividual(t, 'console-stranger@example.com')).token } };
});
afterAll(() => t.app.close());

/** A session lasts an hour: after the clock moved on, the owner signs in again. */
async function signInAgain() {
  owner.headers = { token: (await signInWithCode(t.app, 'console-owner@example.com', { stayLoggedIn: true })).token.token };
}
const post = (path: string, body: object, headers = owner.headers) => call(t.app, 'POST', path, { headers, body });
const get = (path: string, query: Record<string, string>, headers = owner.headers) =>
  call(t.app, 'GET', `${path}?${new URLSearchParams(query).toString()}`, { headers });

/** A merchant transaction signed with a key: 200 while the key works, MerchantLinkInvalid once it does not. */
async function transactionSignedWith(apiKey: string, secret: string) {
  const params = {
    apiKey,
    timestamp: String(t.clock.now().getTime()),
    tranId: `console-${randomUUID()}`,
    tranType: 'buy',
    fiatCurrency: 'EUR',
    fiatAmount: '50',
    cryptoCurrency: 'BTC',
    network: 'BTC',
  };
  return call(t.app, 'POST', PATHS.merchantTransactionCreate, {
    body: { ...params, signature: hmacHex(Buffer.from(secret), canonicalEntryQuery(params)) },
  });
}

describe('the merchant console', () => {
  it("answers a merchant's member only: a stranger is refused every call, and sees no membership", async () => {
    expect((await call(t.app, 'GET', PATHS.merchantConsoleMemberships, { headers: owner.headers })).body.data.merchants).toEqual([
      expect.objectContaining({ merchantId, name: DEMO_MERCHANT.name, role: 'Owner' }),
    ]);
    expect((await call(t.app, 'GET', PATHS.merchantConsoleMemberships, { headers: stranger.headers })).body.data.merchants).toEqual([]);
    for (const answer of [
      await get(PATHS.merchantConsoleKeys, { merchantId }, stranger.headers),
      await post(PATHS.merchantConsoleKeyCreate, { merchantId }, stranger.headers),
      await get(PATHS.merchantConsoleEndpoints, { merchantId }, stranger.headers),
      await post(PATHS.merchantConsoleOriginAdd, { merchantId, origin: 'https://evil.example' }, stranger.headers),
      await get(PATHS.merchantConsoleOrders, { merchantId }, stranger.headers),
    ])
      expect([answer.statusCode, answer.body.code]).toEqual([403, 'MCN0000001']);
    expect((await get(PATHS.merchantConsoleKeys, { merchantId })).statusCode).toBe(200);
  });

  it('makes a key whose secret is shown once and signs at once; a roll keeps the old one for the hours asked; a revoke stops it', async () => {
    const made = (await post(PATHS.merchantConsoleKeyCreate, { merchantId })).body.data;
    expect(made).toMatchObject({
      status: 'Active',
      apiKey: expect.stringMatching(/^pk_sandbox_/),
      secret: expect.stringMatching(/^sk_sandbox_/),
    });
    expect(made.secretHint).toBe(made.secret.slice(-4));
    const listed = (await get(PATHS.merchantConsoleKeys, { merchantId })).body.data.keys;
    expect(JSON.stringify(listed)).not.toContain(made.secret);
    expect((await transactionSignedWith(made.apiKey, made.secret)).statusCode).toBe(200);

    const rolled = (await post(PATHS.merchantConsoleKeyRoll, { merchantId, keyId: made.keyId, expiresInHours: 1 })).body.data;
    expect((await transactionSignedWith(rolled.apiKey, rolled.secret)).statusCode).toBe(200);
    expect((await transactionSignedWith(made.apiKey, made.secret)).statusCode).toBe(200);
    const keys = (await get(PATHS.merchantConsoleKeys, { merchantId })).body.data.keys;
    expect(keys.find((key: { keyId: string }) => key.keyId === made.keyId)).toMatchObject({ status: 'Expiring' });
    t.clock.advance(3_600_000 + 1000);
    await signInAgain();
    expect((await transactionSignedWith(made.apiKey, made.secret)).body.code).toBe('USE000001010');
    expect(
      (await get(PATHS.merchantConsoleKeys, { merchantId })).body.data.keys.find((key: { keyId: string }) => key.keyId === made.keyId),
    ).toMatchObject({ status: 'Expired' });

    // Rolled again with a longer overlap, a key keeps the sooner end it had.
    const again = (await post(PATHS.merchantConsoleKeyRoll, { merchantId, keyId: rolled.keyId, expiresInHours: 2 })).body.data;
    const rolledEnd = async () =>
      (await get(PATHS.merchantConsoleKeys, { merchantId })).body.data.keys.find((key: { keyId: string }) => key.keyId === rolled.keyId)
        .expiresAt;
    const firstEnd = await rolledEnd();
    const third = await post(PATHS.merchantConsoleKeyRoll, { merchantId, keyId: rolled.keyId, expiresInHours: 72 });
    expect(third.statusCode).toBe(200);
    expect(await rolledEnd()).toBe(firstEnd);
    for (const extra of [again.keyId, third.body.data.keyId]) await post(PATHS.merchantConsoleKeyRevoke, { merchantId, keyId: extra });
    expect((await post(PATHS.merchantConsoleKeyRevoke, { merchantId, keyId: rolled.keyId })).statusCode).toBe(200);
    expect((await transactionSignedWith(rolled.apiKey, rolled.secret)).body.code).toBe('USE000001010');
    expect((await post(PATHS.merchantConsoleKeyRoll, { merchantId, keyId: rolled.keyId, expiresInHours: 1 })).body.code).toBe('MCN0000002');
    // The demo key was never touched.
    expect((await transactionSignedWith(DEMO_MERCHANT.apiKey, DEMO_MERCHANT.secret)).statusCode).toBe(200);
  });

  it(`keeps at most ${MAX_WORKING_KEYS} working keys, and refuses another merchant's key`, async () => {
    const working = async () =>
      (await get(PATHS.merchantConsoleKeys, { merchantId })).body.data.keys.filter(
        (key: { status: string }) => key.status === 'Active' || key.status === 'Expiring',
      );
    while ((await working()).length < MAX_WORKING_KEYS)
      expect((await post(PATHS.merchantConsoleKeyCreate, { merchantId })).statusCode).toBe(200);
    expect((await post(PATHS.merchantConsoleKeyCreate, { merchantId })).body.code).toBe('MCN0000003');
    expect((await post(PATHS.merchantConsoleKeyRevoke, { merchantId, keyId: 'mkey_not_ours' })).body.code).toBe('MCN0000002');
  });

  it('asks for the authenticator code to make a key once one is bound', async () => {
    const authenticator = await authenticatorOf(t);
    const { secret } = await authenticator.startBinding(owner.userId, 'console-owner@example.com');
    expect(await authenticator.confirmBinding(owner.userId, await totpAt(t.clock, secret))).toBe(true);
    const keys = (await get(PATHS.merchantConsoleKeys, { merchantId })).body.data.keys as Array<{
      keyId: string;
      apiKey: string;
      status: string;
    }>;
    const someKey = keys.find((key) => key.status === 'Active' && key.apiKey !== DEMO_MERCHANT.apiKey)!;
    expect((await post(PATHS.merchantConsoleKeyRevoke, { merchantId, keyId: someKey.keyId })).body.code).toBe('ODR00001009');
    expect(
      (await post(PATHS.merchantConsoleKeyRevoke, { merchantId, keyId: someKey.keyId, otpType: 'GA_OTP', otpCode: '000000' })).body.code,
    ).toBe('USE003000011');
    t.clock.advance(30_000);
    const answer = await post(PATHS.merchantConsoleKeyRevoke, {
      merchantId,
      keyId: someKey.keyId,
      otpType: 'GA_OTP',
      otpCode: await totpAt(t.clock, secret),
    });
    expect(answer.statusCode).toBe(200);
  });

  it('adds an endpoint with its secret once, sends it a test event, and lists the delivery', async () => {
    t.clock.advance(30_000);
    const created = await post(PATHS.merchantConsoleEndpointCreate, {
      merchantId,
      url: 'http://127.0.0.1:1/hooks',
      description: 'nowhere',
    });
    // The authenticator bound above: without its code, refused.
    expect(created.body.code).toBe('ODR00001009');
    const endpointList = (await get(PATHS.merchantConsoleEndpoints, { merchantId })).body.data.endpoints;
    const demoEndpoint = endpointList[0];
    const sent = (await post(PATHS.merchantConsoleEndpointTest, { merchantId, endpointId: demoEndpoint.endpointId })).body.data;
    await t.app.jobs.drain();
    const log = (await get(PATHS.merchantConsoleDeliveries, { merchantId, endpointId: demoEndpoint.endpointId })).body.data.deliveries;
    expect(log[0]).toMatchObject({ messageId: sent.messageId, eventType: 'webhook.test' });
    expect(log[0].attempts.length).toBeGreaterThan(0);
    expect(
      (await post(PATHS.merchantConsoleReplay, { merchantId, messageId: sent.messageId, endpointId: demoEndpoint.endpointId })).statusCode,
    ).toBe(200);
    expect((await post(PATHS.merchantConsoleReplay, { merchantId, messageId: 'msg_not_ours' })).body.code).toBe('MWH0000003');
  });

  it('keeps allowed origins as bare origins, at most 20', async () => {
    // From none: a sandbox start allows this port's loopback origins for the demo merchant.
    for (const { origin } of (await get(PATHS.merchantConsoleOrigins, { merchantId })).body.data.origins)
      await post(PATHS.merchantConsoleOriginRemove, { merchantId, origin });
    expect((await post(PATHS.merchantConsoleOriginAdd, { merchantId, origin: 'https://shop.example.com/checkout' })).statusCode).toBe(400);
    expect((await post(PATHS.merchantConsoleOriginAdd, { merchantId, origin: 'https://shop.example.com' })).body.data.origins).toEqual([
      { origin: 'https://shop.example.com', createdAt: expect.any(String) },
    ]);
    for (let i = 1; i < 20; i++) await post(PATHS.merchantConsoleOriginAdd, { merchantId, origin: `https://shop${i}.example.com` });
    expect((await post(PATHS.merchantConsoleOriginAdd, { merchantId, origin: 'https://one-more.example.com' })).body.code).toBe(
      'MCN0000004',
    );
    // Every HTML page may now be framed by the allowed origins (CSP frame-ancestors), besides FRAME_ANCESTORS.
    const frameAncestors = async () =>
      /frame-ancestors ([^;]*)/.exec(
        String((await t.app.inject({ method: 'GET', url: '/en/legal/terms' })).headers['content-security-policy']),
      )?.[1];
    expect(await frameAncestors()).toContain("'self' https://shop.example.com https://shop1.example.com");
    const removed = await post(PATHS.merchantConsoleOriginRemove, { merchantId, origin: 'https://shop.example.com' });
    expect(removed.body.data.origins).toHaveLength(19);
    expect(await frameAncestors()).not.toContain('https://shop.example.com ');
    // JSON answers are not pages: their CSP stays as it was.
    const json = await t.app.inject({
      method: 'GET',
      url: `/prod-api${PATHS.merchantConsoleOrigins}?merchantId=${merchantId}`,
      headers: owner.headers,
    });
    expect(String(json.headers['content-security-policy'])).not.toContain('shop1');
  });

  it("lists the merchant's orders, newest first, and only the merchant's", async () => {
    const before = (await get(PATHS.merchantConsoleOrders, { merchantId })).body.data.total as number;
    const buyer = await verifiedBuyer(t, 'console-buyer@example.com');
    const card = await addCard(t, buyer.headers, TEST_CARDS.visa);
    const tranId = `console-order-${randomUUID()}`;
    const params = {
      apiKey: DEMO_MERCHANT.apiKey,
      timestamp: String(t.clock.now().getTime()),
      tranId,
      tranType: 'buy',
      fiatCurrency: 'EUR',
      fiatAmount: '60',
      cryptoCurrency: 'BTC',
      network: 'BTC',
    };
    const created = await call(t.app, 'POST', PATHS.merchantTransactionCreate, {
      body: { ...params, signature: hmacHex(Buffer.from(DEMO_MERCHANT.secret), canonicalEntryQuery(params)) },
    });
    expect(created.statusCode, JSON.stringify(created.body)).toBe(200);
    const orderId = randomUUID();
    const quote = await getQuote(t, buyer.headers, { orderId, tranId, fiatAmount: '60' });
    expect(quote.statusCode, JSON.stringify(quote.body)).toBe(200);
    await call(t.app, 'POST', PATHS.submitBuy, {
      headers: buyer.headers,
      body: { orderId, quoteId: quote.body.data.quoteId, cardId: card.cardId },
    });
    // An order of no merchant is not listed.
    await getQuote(t, buyer.headers, { orderId: randomUUID(), fiatAmount: '30' });
    const listed = (await get(PATHS.merchantConsoleOrders, { merchantId })).body.data;
    expect(listed.total).toBe(before + 1);
    expect(listed.orders[0]).toMatchObject({ orderId, tranId, side: 'BUY', fiatCurrency: 'EUR', fiatAmount: '60', cryptoCurrency: 'BTC' });
  });
});
