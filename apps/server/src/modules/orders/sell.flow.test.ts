import { randomUUID } from 'node:crypto';
import { PATHS } from '@causeway/contracts';
import Decimal from 'decimal.js';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import { sandboxChainNotice } from '../../providers/chain/index.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createIdentityTestApp, type IdentityTestApp } from '../../../test/identity-helpers.ts';
import { addCard, getQuote, orderDetail, TEST_CARDS, verifiedBuyer } from '../../../test/order-helpers.ts';
import { MINUTE, PAYOUT_CARDS, SANCTIONED_BTC, sellHelpers } from '../../../test/sell-helpers.ts';

/**
 * Card sells end to end on the sandbox chain and processor (docs/rules/sell-deposits.md): each way a
 * deposit can arrive has its outcome, nothing is ever dropped from the books, and the books balance.
 */
let t: IdentityTestApp;
beforeAll(async () => {
  t = await createIdentityTestApp();
});
afterAll(() => t.app.close());

const { seller, nextCode, sell, send, passTime, kinds, balanced, outcomes, flagOf } = sellHelpers(() => t);

describe('a card sell', () => {
  it('gives an address for the order; the exact amount, once confirmed, is sold and paid out to the card', async () => {
    const who = await seller('exact');
    const { orderId, quote, deposit, submitted } = await sell(who);
    expect(quote).toMatchObject({ transactionType: 'sell', cryptoAmount: '0.01' });
    expect(submitted).toMatchObject({ status: 'OrderSubmitted', failReason: null });
    expect(deposit).toMatchObject({ network: 'BTC', cryptoCurrency: 'BTC', amount: '0.01', memo: null, confirmationsRequired: 2 });
    expect(deposit.address).toMatch(/^(bc1|[13])/);
    // The same order id answers the same address.
    const again = await call(t.app, 'POST', PATHS.submitSell, {
      headers: who.headers,
      body: { orderId, quoteId: quote.quoteId, cardId: who.cardId },
    });
    expect(again.body.data.deposit.address).toBe(deposit.address);

    await send(deposit, '0.01');
    await passTime(5);
    // One block so far: seen, not yet enough.
    const waiting = await orderDetail(t, who.headers, orderId);
    expect(waiting.status).toBe('OrderSubmitted');
    expect(waiting.deposit.confirmations).toBe(1);
    await passTime(10);
    const detail = await orderDetail(t, who.headers, orderId);
    expect(detail).toMatchObject({ status: 'SUCCESS', transactionType: 'sell', fiatAmount: quote.fiatAmount, cryptoAmount: '0.01' });
    expect(detail.deposit.receivedAmount).toBe('0.01');
    expect(await kinds(orderId)).toEqual(['sell-deposit', 'crypto-sale', 'card-payout']);
    expect(await outcomes(orderId)).toEqual(['MATCHED']);
    expect(await flagOf(orderId)).toBeNull();
    await balanced();
    const mailbox = await t.app.inject({ method: 'GET', url: '/sandbox/mailbox?to=sell-exact@example.com' });
    const receipt = mailbox.json().messages.find((message: { subject: string }) => message.subject.includes('receipt'));
    expect(receipt.subject).toBe('Your Causeway receipt: 0.01 BTC sold');
    expect(receipt.text).toContain(`Paid to your card: ${quote.fiatAmount} EUR`);
  });

  it('less than quoted, but enough: all of it is sold at the quoted price and the order says what was paid', async () => {
    const who = await seller('under');
    const { orderId, quote, deposit } = await sell(who, '0.01');
    await send(deposit, '0.008');
    await passTime(15);
    const detail = await orderDetail(t, who.headers, orderId);
    expect(detail).toMatchObject({ status: 'SUCCESS', cryptoAmount: '0.008' });
    expect(new Decimal(detail.fiatAmount).lt(quote.fiatAmount)).toBe(true);
    // The quoted price, not a new one.
    expect(detail.price).toBe(quote.price);
    expect(await outcomes(orderId)).toEqual(['UNDER']);
    await balanced();
  });

  it('too little to sell: the order fails, the crypto is held as owed back, and an operator is told', async () => {
    const who = await seller('short');
    const { orderId, deposit } = await sell(who, '0.01');
    await send(deposit, '0.00001');
    await passTime(15);
    expect(await orderDetail(t, who.headers, orderId)).toMatchObject({ status: 'FAILED', failReason: 'DEPOSIT_TOO_SMALL' });
    expect(await kinds(orderId)).toEqual(['sell-deposit']);
    expect(await flagOf(orderId)).toMatch(/too small to sell, owed back: 0.00001 BTC/);
    await balanced();
  });

  it('more than quoted: the quoted amount is sold, the excess is owed back', async () => {
    const who = await seller('over');
    const { orderId, deposit } = await sell(who, '0.01');
    await send(deposit, '0.015');
    await passTime(15);
    expect(await orderDetail(t, who.headers, orderId)).toMatchObject({ status: 'SUCCESS', cryptoAmount: '0.01' });
    expect(await outcomes(orderId)).toEqual(['OVER']);
    expect(await flagOf(orderId)).toMatch(/0.005 BTC owed back/);
    await balanced();
  });

  it('sent twice: the second transfer is owed back, also after the order ended', async () => {
    const who = await seller('twice');
    const { orderId, deposit } = await sell(who, '0.01');
    await send(deposit, '0.01');
    await passTime(15);
    expect((await orderDetail(t, who.headers, orderId)).status).toBe('SUCCESS');
    await send(deposit, '0.01');
    // The ended order's address is still read (every 10 minutes), and the second transfer booked once confirmed.
    await passTime(40, 5);
    expect(await outcomes(orderId)).toEqual(['MATCHED', 'EXTRA']);
    expect(await kinds(orderId)).toEqual(['sell-deposit', 'crypto-sale', 'card-payout', 'sell-deposit']);
    expect(await flagOf(orderId)).toMatch(/another deposit after the order's, owed back: 0.01 BTC/);
    await balanced();
  });

  it('nothing sent in 30 minutes: the order expires; a transfer after that is owed back', async () => {
    const who = await seller('late');
    const { orderId, deposit } = await sell(who, '0.01');
    await passTime(31);
    expect(await orderDetail(t, who.headers, orderId)).toMatchObject({ status: 'EXPIRED', failReason: 'DEPOSIT_NOT_RECEIVED' });
    await send(deposit, '0.01');
    await passTime(40, 5);
    expect(await outcomes(orderId)).toEqual(['LATE']);
    expect(await kinds(orderId)).toEqual(['sell-deposit']);
    expect(await flagOf(orderId)).toMatch(/after the window, owed back/);
    await balanced();
  });

  it('from a sanctioned sender: held apart (never sold), the order fails, an operator decides', async () => {
    const who = await seller('screened');
    const { orderId, deposit } = await sell(who, '0.01');
    await send(deposit, '0.01', SANCTIONED_BTC);
    await passTime(15);
    expect(await orderDetail(t, who.headers, orderId)).toMatchObject({ status: 'FAILED', failReason: 'DEPOSIT_SCREENED' });
    const [journal] = await t.app.orders.ledger.journalsOf(orderId);
    expect(journal!.kind).toBe('sell-deposit-frozen');
    expect(await flagOf(orderId)).toMatch(/screened sender held/);
    await balanced();
  });

  it('a declined payout: sold, the proceeds stay owed in the books, the order fails and an operator pays another way', async () => {
    const who = await seller('payout-declined', PAYOUT_CARDS.declined);
    const { orderId, deposit } = await sell(who, '0.01');
    await send(deposit, '0.01');
    await passTime(15);
    expect(await orderDetail(t, who.headers, orderId)).toMatchObject({ status: 'FAILED', failReason: 'PAYOUT_DECLINED' });
    expect(await kinds(orderId)).toEqual(['sell-deposit', 'crypto-sale']);
    expect(await flagOf(orderId)).toMatch(/card payout declined/);
    await balanced();
  });

  it('a slow payout keeps the order PROCESSING until the processor pays', async () => {
    const who = await seller('payout-slow', PAYOUT_CARDS.slow);
    const { orderId, deposit } = await sell(who, '0.01');
    await send(deposit, '0.01');
    await passTime(11);
    expect((await orderDetail(t, who.headers, orderId)).status).toBe('PROCESSING');
    await passTime(3);
    expect((await orderDetail(t, who.headers, orderId)).status).toBe('SUCCESS');
    await balanced();
  });
});

describe('submit-sell refuses', () => {
  it('a buy quote', async () => {
    const who = await seller('buy-quote');
    const orderId = randomUUID();
    const quote = await getQuote(t, who.headers, { orderId });
    const submit = await call(t.app, 'POST', PATHS.submitSell, {
      headers: who.headers,
      body: { orderId, quoteId: quote.body.data.quoteId, cardId: who.cardId },
    });
    expect(submit.body.code).toBe('ODR00001008');
  });

  it('a sell quote on submit-buy, and a sell quote with a wallet address', async () => {
    const who = await seller('sell-on-buy');
    const orderId = randomUUID();
    const quote = await getQuote(t, who.headers, {
      orderId,
      transactionType: 'sell',
      fiatAmount: undefined,
      walletAddress: undefined,
      cryptoAmount: '0.01',
    });
    const submit = await call(t.app, 'POST', PATHS.submitBuy, {
      headers: who.headers,
      body: { orderId, quoteId: quote.body.data.quoteId, cardId: who.cardId },
    });
    expect(submit.body.code).toBe('ODR00001008');
    const withWallet = await getQuote(t, who.headers, {
      orderId: randomUUID(),
      transactionType: 'sell',
      fiatAmount: undefined,
      cryptoAmount: '0.01',
    });
    expect(withWallet.body.code).toBe('ODR00001002');
  });
});

describe('selling after a security change', () => {
  it('is paused until the suspension ends (ODR00001016, with when it resumes), then allowed again', async () => {
    const who = await seller('suspended');
    const person = (await t.db.select().from(users).where(eq(users.email, 'sell-suspended@example.com')))[0]!;
    // What a password or authenticator change sets (24 h from it; identity/credentials-changed.test.ts), here nearly over.
    const until = new Date(t.clock.now().getTime() + 2 * MINUTE);
    await t.db.update(users).set({ sensitiveActionsSuspendedUntil: until }).where(eq(users.id, person.id));
    const orderId = randomUUID();
    const quote = await getQuote(t, who.headers, {
      orderId,
      transactionType: 'sell',
      fiatAmount: undefined,
      walletAddress: undefined,
      cryptoAmount: '0.01',
    });
    const body = { orderId, quoteId: quote.body.data.quoteId, cardId: who.cardId };
    const refused = await call(t.app, 'POST', PATHS.submitSell, { headers: who.headers, body });
    expect(refused.body).toMatchObject({ code: 'ODR00001016', data: { until: until.toISOString() } });
    expect(await t.app.orders.repository.findOrder(orderId)).toBeUndefined();
    t.clock.advance(2 * MINUTE);
    const code = await nextCode(who);
    const fresh = await getQuote(t, who.headers, {
      orderId,
      transactionType: 'sell',
      fiatAmount: undefined,
      walletAddress: undefined,
      cryptoAmount: '0.01',
    });
    expect(fresh.statusCode, JSON.stringify(fresh.body)).toBe(200);
    const allowed = await call(t.app, 'POST', PATHS.submitSell, {
      headers: who.headers,
      body: { ...body, quoteId: fresh.body.data.quoteId, ...code },
    });
    expect(allowed.body.data.status).toBe('OrderSubmitted');
  });
});

describe('selling needs an authenticator', () => {
  it('is refused (ODR00001009) without one bound, and without its code when one is; nothing is started', async () => {
    const person = await verifiedBuyer(t, 'sell-no-authenticator@example.com');
    const saved = await addCard(t, person.headers, TEST_CARDS.visa);
    const orderId = randomUUID();
    const quote = await getQuote(t, person.headers, {
      orderId,
      transactionType: 'sell',
      fiatAmount: undefined,
      walletAddress: undefined,
      cryptoAmount: '0.01',
    });
    const body = { orderId, quoteId: quote.body.data.quoteId, cardId: saved.cardId };
    const unbound = await call(t.app, 'POST', PATHS.submitSell, { headers: person.headers, body });
    expect(unbound.body.code).toBe('ODR00001009');
    const who = await seller('no-code');
    const other = randomUUID();
    const otherQuote = await getQuote(t, who.headers, {
      orderId: other,
      transactionType: 'sell',
      fiatAmount: undefined,
      walletAddress: undefined,
      cryptoAmount: '0.01',
    });
    const noCode = await call(t.app, 'POST', PATHS.submitSell, {
      headers: who.headers,
      body: { orderId: other, quoteId: otherQuote.body.data.quoteId, cardId: who.cardId },
    });
    expect(noCode.body.code).toBe('ODR00001009');
    expect(await t.app.orders.repository.findOrder(orderId)).toBeUndefined();
    expect(await t.app.orders.repository.findOrder(other)).toBeUndefined();
  });
});

describe("the chain's webhooks", () => {
  it('are taken when signed (a sell at the address is looked at at once) and refused, changing nothing, when not', async () => {
    const who = await seller('webhook');
    const { orderId, deposit } = await sell(who, '0.01');
    const notice = sandboxChainNotice({
      transferId: 'cin_test',
      asset: 'BTC',
      network: 'BTC',
      address: deposit.address,
      txHash: 'ab'.repeat(32),
    });
    const forged = await t.app.inject({
      method: 'POST',
      url: '/webhooks/sandbox-chain',
      headers: { ...notice.headers, 'x-signature-sha256': '0'.repeat(64) },
      payload: notice.rawBody,
    });
    expect(forged.json().code).toBe('WHK0000401');
    const taken = await t.app.inject({ method: 'POST', url: '/webhooks/sandbox-chain', headers: notice.headers, payload: notice.rawBody });
    expect(taken.statusCode).toBe(200);
    // Nothing arrived for real: the order still waits.
    await t.app.jobs.drain();
    expect((await orderDetail(t, who.headers, orderId)).status).toBe('OrderSubmitted');
  });
});
