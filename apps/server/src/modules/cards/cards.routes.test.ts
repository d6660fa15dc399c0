import {
  API_BASE,
  cardFieldsConfigSchema,
  cardFieldsSessionSchema,
  cardSchema,
  listCardResultSchema,
  MAX_CARDS,
  PATHS,
} from '@causeway/contracts';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createIdentityTestApp, type IdentityTestApp, signUp, tokenHeaders } from '../../../test/identity-helpers.ts';
import { BILLING, cardFieldsToken, TEST_CARDS } from '../../../test/order-helpers.ts';
import { cards, sandboxCardTokens, users } from '../../db/schema/index.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { CARD_ENTRY_SESSIONS_PER_HOUR } from './card-entry.ts';

let t: IdentityTestApp;
beforeAll(async () => {
  t = await createIdentityTestApp();
});
afterAll(() => t.app.close());

const HOUR_MS = 60 * 60 * 1000;

/** A Luhn-valid number: `body` (digits) followed by its check digit. */
function withCheckDigit(body: string): string {
  let sum = 0;
  for (let index = 0; index < body.length; index += 1) {
    let digit = Number(body[body.length - 1 - index]);
    if (index % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/** Every key and every scalar value (as text) of a JSON value, however deep. */
function leavesOf(value: unknown, into: { keys: string[]; values: string[] } = { keys: [], values: [] }) {
  if (Array.isArray(value)) for (const item of value) leavesOf(item, into);
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      into.keys.push(key);
      leavesOf(item, into);
    }
  } else into.values.push(String(value));
  return into;
}

/** A person signed in with a code; answers the headers, the user id, and a way to sign in again (tokens live an hour). */
async function person(email: string) {
  const token = await signUp(t.app, email);
  const [row] = await t.db.select().from(users).where(eq(users.emailNormalized, email));
  return { userId: row!.id, headers: tokenHeaders(token), signInAgain: async () => tokenHeaders(await signUp(t.app, email)) };
}

/** The card typed into the sandbox card fields, then add-card with their token (what the web app does). */
const addCard = async (
  headers: Record<string, string>,
  cardNumber: string,
  overrides: Record<string, unknown> = {},
  expiry = { expiryMonth: 12, expiryYear: 2031 },
) =>
  call(t.app, 'POST', PATHS.addCard, {
    headers,
    body: { cardToken: await cardFieldsToken(t.app, cardNumber, expiry), billingAddress: BILLING, ...overrides },
  });
const listCards = (headers: Record<string, string>) => call(t.app, 'POST', PATHS.listCard, { headers, body: {} });
const deleteCard = (headers: Record<string, string>, cardId: string) =>
  call(t.app, 'POST', PATHS.deleteCard, { headers, body: { cardId } });

describe('card/add-card and card/list-card', () => {
  it('answers 401 USER0000001 without a session', async () => {
    for (const [path, body] of [
      [PATHS.listCard, {}],
      [PATHS.addCard, { cardToken: 'tok_abcdefghijklmnop', billingAddress: BILLING }],
      [PATHS.deleteCard, { cardId: 'card_x' }],
    ] as const) {
      const response = await call(t.app, 'POST', path, { body });
      expect(response.statusCode, path).toBe(401);
      expect(response.body.code, path).toBe('USER0000001');
    }
  });

  it('keeps the BIN, the last 4 and the processor token: no column of cards or sandbox_card_tokens holds the number or the CVV', async () => {
    const buyer = await person('cards-stored@example.com');
    const added = await addCard(buyer.headers, '4242424242424242');
    expect(added.statusCode).toBe(200);
    expect(added.body.code).toBe('000000');
    const card = cardSchema.parse(added.body.data);
    expect(card).toMatchObject({
      cardBin: '424242',
      cardLast4: '4242',
      cardProcessor: 'VISA',
      enabled: true,
      maskedNumber: '4242 **** **** 4242',
      expiryMonth: 12,
      expiryYear: 2031,
    });
    expect(JSON.stringify(added.body)).not.toContain(TEST_CARDS.visa);

    const cardRows = await t.db.select().from(cards).where(eq(cards.userId, buyer.userId));
    expect(cardRows).toHaveLength(1);
    expect(cardRows[0]!.processorToken).toMatch(/^src_/);
    const tokenRows = await t.db
      .select()
      .from(sandboxCardTokens)
      .where(
        inArray(
          sandboxCardTokens.token,
          cardRows.map((row) => row.processorToken),
        ),
      );
    expect(tokenRows).toHaveLength(1);
    expect(cardRows[0]).toMatchObject({ cardBin: '424242', cardLast4: '4242' });
    for (const rows of [cardRows, tokenRows]) {
      const dump = JSON.stringify(rows);
      expect(dump).not.toContain(TEST_CARDS.visa);
      expect(dump).not.toMatch(/\d{13,19}/);
      // No column (nor key of the billing address JSON) is a CVV.
      const { keys, values } = leavesOf(JSON.parse(dump));
      expect(keys.filter((key) => /cvv|cvc|security.?code/i.test(key))).toEqual([]);
      expect(values).toContain('4242');
    }
  });

  it('refuses a body that carries a card number or CVV with a 400 that says so, writes nothing, and logs neither', async () => {
    const buyer = await person('cards-no-pan@example.com');
    const token = await cardFieldsToken(t.app, TEST_CARDS.visa);
    const bodies = [
      // The old form: number, expiry and CVV.
      { cardNumber: TEST_CARDS.visa, expiryMonth: 12, expiryYear: 2031, cvv: '987', billingAddress: BILLING },
      // A token, and a CVV or a number beside it.
      { cardToken: token, cvv: '987', billingAddress: BILLING },
      { cardToken: token, number: '4242 4242 4242 4242', billingAddress: BILLING },
      // A number typed where the address goes.
      { cardToken: token, billingAddress: { ...BILLING, address: '4242-4242-4242-4242' } },
    ];
    for (const body of bodies) {
      const response = await call(t.app, 'POST', PATHS.addCard, { headers: buyer.headers, body });
      expect(response.statusCode, JSON.stringify(Object.keys(body))).toBe(400);
      expect(response.body).toMatchObject({ status: 400, code: 'REQ0000400', data: null });
      expect(response.body.msg).toContain('card numbers and CVVs are never sent here');
      expect(JSON.stringify(response.body)).not.toContain(TEST_CARDS.visa);
    }
    expect(await t.db.select().from(cards).where(eq(cards.userId, buyer.userId))).toEqual([]);
    // Refused bodies spent nothing: the token still saves the card.
    expect(
      (await call(t.app, 'POST', PATHS.addCard, { headers: buyer.headers, body: { cardToken: token, billingAddress: BILLING } }))
        .statusCode,
    ).toBe(200);
    const logs = t.logs.join('');
    expect(logs).not.toContain(TEST_CARDS.visa);
    expect(logs).not.toContain('4242 4242 4242 4242');
    expect(logs).not.toContain('"987"');
  });

  it('spends a token once: a second add-card with it, or an unknown token, is CRD0000010 and adds nothing', async () => {
    const buyer = await person('cards-token-once@example.com');
    const cardToken = await cardFieldsToken(t.app, TEST_CARDS.master);
    expect(
      (await call(t.app, 'POST', PATHS.addCard, { headers: buyer.headers, body: { cardToken, billingAddress: BILLING } })).statusCode,
    ).toBe(200);
    const again = await call(t.app, 'POST', PATHS.addCard, { headers: buyer.headers, body: { cardToken, billingAddress: BILLING } });
    expect(again.statusCode).toBe(400);
    expect(again.body.code).toBe('CRD0000010');
    const unknown = await call(t.app, 'POST', PATHS.addCard, {
      headers: buyer.headers,
      body: { cardToken: 'tok_unknown00000000000000', billingAddress: BILLING },
    });
    expect(unknown.body.code).toBe('CRD0000010');
    const malformed = await call(t.app, 'POST', PATHS.addCard, {
      headers: buyer.headers,
      body: { cardToken: 'src_abc', billingAddress: BILLING },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.body.msg).toContain('cardToken');
    expect((await listCards(buyer.headers)).body.data.cards).toHaveLength(1);
  });

  it("card/card-fields-config names the sandbox processor's card-fields page", async () => {
    const response = await call(t.app, 'GET', PATHS.cardFieldsConfig);
    expect(response.statusCode).toBe(200);
    expect(cardFieldsConfigSchema.parse(response.body.data)).toEqual({ processor: 'sandbox', fieldsUrl: '/sandbox/card-fields' });
  });

  it("card/card-fields-config names Checkout.com Flow, its public key and environment (the keys') when Checkout.com takes the cards", async () => {
    const settings = {
      CARD_PROCESSOR: 'checkout',
      CHECKOUT_WEBHOOK_SECRET: 'test-checkout-webhook-signature-key',
      CHECKOUT_SINGLE_CHANNEL_KEY: 'true',
      PUBLIC_URL: 'https://pay.example.test',
    };
    for (const [environment, key, baseUrl] of [
      ['sandbox', 'sbox_cards', undefined],
      ['sandbox', 'sbox_cards', 'https://1a2b3c4d.api.sandbox.checkout.com'],
      ['production', 'cards', 'https://1a2b3c4d.api.checkout.com'],
      ['production', 'cards', undefined],
    ] as const) {
      const checkout = await createTestApp({
        ...settings,
        CHECKOUT_SECRET_KEY: `sk_${key}_secret`,
        CHECKOUT_PUBLIC_KEY: `pk_${key}_public`,
        ...(baseUrl ? { CHECKOUT_BASE_URL: baseUrl } : {}),
      });
      const response = await call(checkout.app, 'GET', PATHS.cardFieldsConfig);
      expect(cardFieldsConfigSchema.parse(response.body.data)).toEqual({
        processor: 'checkout',
        publicKey: `pk_${key}_public`,
        environment,
      });
      expect(JSON.stringify(response.body)).not.toContain(`sk_${key}_secret`);
      await checkout.app.close();
    }
  });

  it('card/card-fields-session needs a session, answers no paymentSession for the sandbox fields, and is never cached', async () => {
    expect((await call(t.app, 'POST', PATHS.cardFieldsSession, { body: {} })).body.code).toBe('USER0000001');
    const buyer = await person('cards-fields-session@example.com');
    const response = await t.app.inject({
      method: 'POST',
      url: `${API_BASE}${PATHS.cardFieldsSession}`,
      headers: buyer.headers,
      payload: {},
    });
    expect(response.statusCode).toBe(200);
    expect(cardFieldsSessionSchema.parse(response.json().data)).toEqual({ paymentSession: null });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it(`card/card-fields-session is limited to ${CARD_ENTRY_SESSIONS_PER_HOUR} an hour per person (REQ0000429 with Retry-After), not per address`, async () => {
    const busy = await person('cards-fields-busy@example.com');
    const other = await person('cards-fields-other@example.com');
    const open = (headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: `${API_BASE}${PATHS.cardFieldsSession}`, headers, payload: {} });
    for (let index = 0; index < CARD_ENTRY_SESSIONS_PER_HOUR; index += 1) expect((await open(busy.headers)).statusCode).toBe(200);
    const refused = await open(busy.headers);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('REQ0000429');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await open(other.headers)).statusCode).toBe(200);
    t.clock.advance(HOUR_MS);
    expect((await open(await busy.signInAgain())).statusCode).toBe(200);
  });

  it('lists the cards masked as "4242 **** **** 4242", never the number or the token', async () => {
    const buyer = await person('cards-list@example.com');
    await addCard(buyer.headers, TEST_CARDS.visa);
    t.clock.advance(1000);
    await addCard(buyer.headers, TEST_CARDS.master);
    const listed = await listCards(buyer.headers);
    expect(listed.statusCode).toBe(200);
    const result = listCardResultSchema.parse(listed.body.data);
    expect(result.maxCards).toBe(MAX_CARDS);
    expect(result.addCardAvailableAt).toBeNull();
    expect(result.cards.map((card) => card.maskedNumber)).toEqual(['4242 **** **** 4242', '5555 **** **** 4444']);
    expect(result.cards.map((card) => card.cardProcessor)).toEqual(['VISA', 'MASTER']);
    const [row] = await t.db.select().from(cards).where(eq(cards.userId, buyer.userId)).limit(1);
    const body = JSON.stringify(listed.body);
    expect(body).not.toContain(TEST_CARDS.visa);
    expect(body).not.toContain(TEST_CARDS.master);
    expect(body).not.toContain(row!.processorToken);
  });

  it('the card fields refuse an expired card (it never gets a token) and take one valid through the current month', async () => {
    const buyer = await person('cards-expired@example.com');
    // The test clock starts on 2026-11-21.
    const expired = await t.app.inject({
      method: 'POST',
      url: '/sandbox/card-fields/tokens',
      payload: { number: TEST_CARDS.visa, cvv: '123', expiryMonth: 10, expiryYear: 2026 },
    });
    expect(expired.statusCode).toBe(422);
    expect(expired.json()).toEqual({ reason: 'EXPIRED' });
    const thisMonth = await addCard(buyer.headers, TEST_CARDS.visa, {}, { expiryMonth: 11, expiryYear: 2026 });
    expect(thisMonth.statusCode).toBe(200);
  });

  it('refuses the same card a second time with CRD0000008', async () => {
    const buyer = await person('cards-twice@example.com');
    expect((await addCard(buyer.headers, TEST_CARDS.visa)).statusCode).toBe(200);
    const again = await addCard(buyer.headers, TEST_CARDS.visa, {}, { expiryMonth: 12, expiryYear: 2032 });
    expect(again.statusCode).toBe(409);
    expect(again.body.code).toBe('CRD0000008');
    expect((await listCards(buyer.headers)).body.data.cards).toHaveLength(1);
  });

  it('keeps at most 5 cards: the 6th is refused with CRD0000003', async () => {
    const buyer = await person('cards-six@example.com');
    const numbers = Array.from({ length: MAX_CARDS + 1 }, (_, index) => withCheckDigit(`41111111111100${index}`));
    for (const number of numbers.slice(0, MAX_CARDS)) {
      const added = await addCard(buyer.headers, number);
      expect(added.statusCode, number).toBe(200);
    }
    const sixth = await addCard(buyer.headers, numbers[MAX_CARDS]!);
    expect(sixth.statusCode).toBe(409);
    expect(sixth.body.code).toBe('CRD0000003');
    expect((await listCards(buyer.headers)).body.data.cards).toHaveLength(MAX_CARDS);
  });

  it("refuses to delete another person's card with CRD0000006 and leaves it in place", async () => {
    const owner = await person('cards-owner@example.com');
    const other = await person('cards-other@example.com');
    const card = (await addCard(owner.headers, TEST_CARDS.visa)).body.data as { cardId: string };
    const response = await deleteCard(other.headers, card.cardId);
    expect(response.statusCode).toBe(404);
    expect(response.body).toMatchObject({ code: 'CRD0000006', data: null });
    expect((await listCards(owner.headers)).body.data.cards.map((listed: { cardId: string }) => listed.cardId)).toEqual([card.cardId]);
    const unknown = await deleteCard(owner.headers, 'card_doesnotexist');
    expect(unknown.body.code).toBe('CRD0000006');
  });

  it('refuses adding a card during the 24 h after a security change with CRD0000005, and list-card says until when', async () => {
    const buyer = await person('cards-suspended@example.com');
    const until = new Date(t.clock.now().getTime() + 24 * HOUR_MS);
    await t.db.update(users).set({ sensitiveActionsSuspendedUntil: until }).where(eq(users.id, buyer.userId));
    const response = await addCard(buyer.headers, TEST_CARDS.visa);
    expect(response.statusCode).toBe(403);
    expect(response.body.code).toBe('CRD0000005');
    const listed = await listCards(buyer.headers);
    expect(listed.body.data.addCardAvailableAt).toBe(until.toISOString());
    expect(listed.body.data.addCardWaitReason).toBe('SECURITY_CHANGE');
    expect(await t.db.select().from(cards).where(eq(cards.userId, buyer.userId))).toEqual([]);
  });

  // Moves the clock by two days: keep it last.
  it('after a delete, refuses a new card for 48 h with CRD0000004 and data.availableAt, then allows it again', async () => {
    const buyer = await person('cards-readd@example.com');
    const first = (await addCard(buyer.headers, TEST_CARDS.visa)).body.data as { cardId: string };
    const deletedAt = t.clock.now();
    const deleted = await deleteCard(buyer.headers, first.cardId);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.body).toMatchObject({ code: '000000', data: null });
    const availableAt = new Date(deletedAt.getTime() + 48 * HOUR_MS).toISOString();

    const listed = await listCards(buyer.headers);
    expect(listed.body.data).toMatchObject({ cards: [], addCardAvailableAt: availableAt, addCardWaitReason: 'CARD_DELETED' });
    const refused = await addCard(buyer.headers, TEST_CARDS.master);
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toMatchObject({ code: 'CRD0000004', data: { availableAt } });

    t.clock.advance(47 * HOUR_MS);
    let headers = await buyer.signInAgain();
    const stillRefused = await addCard(headers, TEST_CARDS.master);
    expect(stillRefused.body).toMatchObject({ code: 'CRD0000004', data: { availableAt } });

    t.clock.advance(HOUR_MS + 1000);
    headers = await buyer.signInAgain();
    expect((await listCards(headers)).body.data).toMatchObject({ addCardAvailableAt: null, addCardWaitReason: null });
    const allowed = await addCard(headers, TEST_CARDS.visa);
    expect(allowed.statusCode).toBe(200);
    expect(allowed.body.data.cardId).not.toBe(first.cardId);
    expect((await listCards(headers)).body.data.cards.map((card: { cardId: string }) => card.cardId)).toEqual([allowed.body.data.cardId]);
  });
});
