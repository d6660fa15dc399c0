import { randomUUID } from 'node:crypto';
import { PATHS } from '@causeway/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticatorOf, call, createIdentityTestApp, type IdentityTestApp, totpAt } from '../../../test/identity-helpers.ts';
import { addCard, getQuote, orderDetail, TEST_CARDS, verifiedBuyer } from '../../../test/order-helpers.ts';

/** The travel rule on (GTR_ENABLED): a buy and a sell say who holds the wallet; the order keeps it and shows it. */
let t: IdentityTestApp;
const VASP = { vaspId: 'vasp-kraken', name: 'Kraken', country: 'US', website: 'https://www.kraken.com' };
beforeAll(async () => {
  t = await createIdentityTestApp({ GTR_ENABLED: 'true', TRAVEL_RULE_VASPS: JSON.stringify([VASP]) });
});
afterAll(() => t.app.close());

async function buyer(name: string) {
  const person = await verifiedBuyer(t, `gtr-${name}@example.com`);
  const card = await addCard(t, person.headers, TEST_CARDS.visa);
  return { ...person, cardId: card.cardId };
}

const submitBuy = async (who: Awaited<ReturnType<typeof buyer>>, travelRule?: object) => {
  const orderId = randomUUID();
  const quote = await getQuote(t, who.headers, { orderId });
  const body = { orderId, quoteId: quote.body.data.quoteId, cardId: who.cardId, ...(travelRule ? { travelRule } : {}) };
  return { orderId, answer: await call(t.app, 'POST', PATHS.submitBuy, { headers: who.headers, body }) };
};

describe('the travel rule on a buy', () => {
  it('is required while gtr-enabled is on: without an answer, or with a VASP not in the list, nothing is ordered', async () => {
    const who = await buyer('missing');
    const missing = await submitBuy(who);
    expect(missing.answer.body.code).toBe('ODR00001020');
    const unknown = await submitBuy(who, { walletType: 'VASP', vaspId: 'vasp-nobody' });
    expect(unknown.answer.body).toMatchObject({ code: 'ODR00001020', msg: expect.stringMatching(/not in list-vasp-info/) });
    for (const { orderId } of [missing, unknown]) expect(await t.app.orders.repository.findOrder(orderId)).toBeUndefined();
  });

  it('keeps the VASP chosen, with its name, and shows it in the order', async () => {
    const who = await buyer('vasp');
    const { orderId, answer } = await submitBuy(who, { walletType: 'VASP', vaspId: VASP.vaspId });
    expect(answer.body.code).toBe('000000');
    expect((await orderDetail(t, who.headers, orderId)).travelRule).toEqual({
      walletType: 'VASP',
      vaspId: VASP.vaspId,
      vaspName: 'Kraken',
    });
  });
});

describe('the travel rule on a sell', () => {
  it('keeps a self-hosted answer for the wallet the crypto comes from', async () => {
    const who = await buyer('sell');
    const authenticator = await authenticatorOf(t);
    const { secret } = await authenticator.startBinding(who.userId, 'gtr-sell@example.com');
    expect(await authenticator.confirmBinding(who.userId, await totpAt(t.clock, secret))).toBe(true);
    t.clock.advance(30_000);
    const orderId = randomUUID();
    const quote = await getQuote(t, who.headers, {
      orderId,
      transactionType: 'sell',
      fiatAmount: undefined,
      walletAddress: undefined,
      cryptoAmount: '0.01',
    });
    const body = {
      orderId,
      quoteId: quote.body.data.quoteId,
      cardId: who.cardId,
      otpType: 'GA_OTP',
      otpCode: await totpAt(t.clock, secret),
    };
    const refused = await call(t.app, 'POST', PATHS.submitSell, { headers: who.headers, body });
    expect(refused.body.code).toBe('ODR00001020');
    const sold = await call(t.app, 'POST', PATHS.submitSell, {
      headers: who.headers,
      body: { ...body, travelRule: { walletType: 'SELF_HOSTED' } },
    });
    expect(sold.body.code, JSON.stringify(sold.body)).toBe('000000');
    expect((await orderDetail(t, who.headers, orderId)).travelRule).toEqual({ walletType: 'SELF_HOSTED', vaspId: null, vaspName: null });
  });
});
