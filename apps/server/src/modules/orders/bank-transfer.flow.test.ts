import { randomUUID } from 'node:crypto';
import { PATHS } from '@causeway/contracts';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankCredit, verifiedPerson } from '../../../test/bank-helpers.ts';
import { authenticatorOf, call, createIdentityTestApp, type IdentityTestApp, totpAt } from '../../../test/identity-helpers.ts';
import { getQuote, orderDetail } from '../../../test/order-helpers.ts';
import { accounts } from '../ledger/index.ts';
import { BANK_BUY_DEADLINE_MS } from './bank-payment.ts';

/**
 * Bank-transfer buys (docs/rules/bank-transfers.md): paid from the balance, at once when it covers the
 * order, else once the order's own transfer has arrived; every mismatch of amount or time has its
 * outcome, what is not spent stays in the balance, and the books balance.
 */
let t: IdentityTestApp;
beforeAll(async () => {
  t = await createIdentityTestApp();
});
afterAll(() => t.app.close());

type Headers = Record<string, string>;
const HOUR = 60 * 60 * 1000;

async function buyer(name: string) {
  const person = await verifiedPerson(t, `bank-buy-${name}@example.com`);
  return person;
}

/** A bank-transfer quote and its submission, with no card: answers the order id and the order's detail. */
async function bankBuy(headers: Headers, fiatAmount = '100') {
  const orderId = randomUUID();
  const quote = await getQuote(t, headers, { orderId, fiatAmount, channelCode: 'CLEAR_JUNCTION', paymentMethod: 'BANK_TRANSFER' });
  expect(quote.statusCode, JSON.stringify(quote.body)).toBe(200);
  const submit = await call(t.app, 'POST', PATHS.submitBuy, {
    headers,
    body: { orderId, quoteId: quote.body.data.quoteId, channelCode: 'CLEAR_JUNCTION', paymentMethod: 'BANK_TRANSFER' },
  });
  expect(submit.statusCode, JSON.stringify(submit.body)).toBe(200);
  return { orderId, quote: quote.body.data, submitted: submit.body.data, detail: await orderDetail(t, headers, orderId) };
}

/** Runs the worker, moving the clock past each wait (the chain confirms a payout within seconds). */
async function passTime(ms: number, steps = 8) {
  for (let step = 0; step < steps; step++) {
    await t.app.jobs.drain();
    t.clock.advance(ms / steps);
  }
  await t.app.jobs.drain();
}

/** The order as the database holds it: the session's token does not outlive the hours these tests pass. */
const stored = async (orderId: string) => (await t.app.orders.repository.findOrder(orderId))!;
const received = (orderId: string) => t.app.banking.repository.receivedFor(orderId);
const eurOf = (userId: string) => t.app.orders.ledger.balance(accounts.customerBalance(userId, 'EUR').code);
const kinds = async (orderId: string) => (await t.app.orders.ledger.journalsOf(orderId)).map((journal) => journal.kind);
const balanced = async () => {
  for (const total of (await t.app.orders.ledger.trialBalance()).values()) expect(total.isZero()).toBe(true);
};
const pay = (reference: string, amount: string, over: Partial<Parameters<typeof bankCredit>[0]> = {}) =>
  t.app.banking.credits.record(bankCredit({ amount, reference: `Order ${reference}`, ...over }));

describe('a bank-transfer buy', () => {
  it('quotes the bank channel’s lower fee and waits, with its own reference, for its transfer', async () => {
    const who = await buyer('waits');
    const card = await getQuote(t, who.headers, { orderId: randomUUID() });
    const { quote, submitted, detail } = await bankBuy(who.headers);
    expect(Number(quote.fees.ourFee)).toBeLessThan(Number(card.body.data.fees.ourFee));
    expect(submitted).toMatchObject({ status: 'OrderSubmitted', threeDsUrl: null, failReason: null });
    expect(detail).toMatchObject({ channelCode: 'CLEAR_JUNCTION', paymentMethod: 'BANK_TRANSFER', card: null });
    expect(detail.bankTransfer).toMatchObject({ currency: 'EUR', scheme: 'SEPA', amount: '100.00', received: '0.00', funding: 'TRANSFER' });
    expect(detail.bankTransfer.reference).toMatch(/^CW[0-9A-HJKMNP-TV-Z]{8}$/);
    expect(new Date(detail.deadlineAt).getTime() - new Date(detail.createdAt).getTime()).toBe(BANK_BUY_DEADLINE_MS);
    await passTime(HOUR);
    expect((await stored(detail.orderId)).status).toBe('OrderSubmitted');
  });

  it('is priced when its money arrives and delivered; the balance pays it and keeps nothing of it', async () => {
    const who = await buyer('exact');
    const { orderId, detail } = await bankBuy(who.headers);
    t.clock.advance(10 * 60_000);
    await pay(detail.bankTransfer.reference, '100.00');
    await passTime(60_000);
    const done = await orderDetail(t, who.headers, orderId);
    expect(done).toMatchObject({ status: 'SUCCESS', failReason: null, refunded: false });
    expect(done.bankTransfer).toMatchObject({ received: '100.00' });
    // The payout and its network fee share one transaction (one timestamp): their order is not told.
    expect((await kinds(orderId)).slice(0, 3)).toEqual(['crypto-reservation', 'balance-capture', 'crypto-purchase']);
    expect((await kinds(orderId)).slice(3).sort()).toEqual(['crypto-payout', 'payout-network-fee']);
    const events = await t.app.orders.repository.events(orderId);
    expect(events.map((event) => event.detail)).toEqual(expect.arrayContaining([expect.stringMatching(/^funded: priced /)]));
    expect((await eurOf(who.userId)).toFixed()).toBe('0');
    await balanced();
  });

  it('takes its amount when more arrives, and the rest stays in the balance', async () => {
    const who = await buyer('more');
    const { orderId, detail } = await bankBuy(who.headers);
    await pay(detail.bankTransfer.reference, '150.00');
    await passTime(60_000);
    expect((await orderDetail(t, who.headers, orderId)).status).toBe('SUCCESS');
    expect((await eurOf(who.userId)).toFixed()).toBe('50');
    await balanced();
  });

  it('waits for the rest when less arrives; at its deadline it expires and what arrived stays in the balance', async () => {
    const who = await buyer('less');
    const { orderId, detail } = await bankBuy(who.headers);
    await pay(detail.bankTransfer.reference, '60.00');
    await passTime(HOUR);
    expect(new Decimal(await received(orderId)).toFixed()).toBe('60');
    expect((await stored(orderId)).status).toBe('OrderSubmitted');
    await passTime(BANK_BUY_DEADLINE_MS, 4);
    expect(await stored(orderId)).toMatchObject({ status: 'EXPIRED', failReason: 'FUNDS_NOT_RECEIVED' });
    expect((await eurOf(who.userId)).toFixed()).toBe('60');
    // Money that comes after the deadline is the person's too: it joins the balance, the order stays ended.
    const late = await pay(detail.bankTransfer.reference, '40.00');
    expect(late).toMatchObject({ outcome: 'DEPOSITED', orderId });
    await passTime(60_000);
    expect((await stored(orderId)).status).toBe('EXPIRED');
    expect((await eurOf(who.userId)).toFixed()).toBe('100');
    await balanced();
  });

  it('is paid from the balance at once when the balance covers it, at its quoted price', async () => {
    const who = await buyer('from-balance');
    const account = (await call(t.app, 'POST', PATHS.bankTransferInstructions, { headers: who.headers, body: {} })).body.data;
    await pay(account.reference, '250.00');
    const { orderId, quote, submitted, detail } = await bankBuy(who.headers);
    expect(detail.bankTransfer.funding).toBe('BALANCE');
    expect(submitted.status).toBe('PROCESSING');
    await passTime(60_000);
    const done = await orderDetail(t, who.headers, orderId);
    expect(done).toMatchObject({ status: 'SUCCESS', cryptoAmount: quote.cryptoAmount });
    expect((await eurOf(who.userId)).toFixed()).toBe('150');
    await balanced();
  });

  it('fails when the balance that was to pay it is spent first, and takes nothing', async () => {
    const who = await buyer('spent');
    const account = (await call(t.app, 'POST', PATHS.bankTransferInstructions, { headers: who.headers, body: {} })).body.data;
    await pay(account.reference, '100.00');
    // Both are submitted while the balance still holds 100 (nothing is taken before the capture): the first takes it.
    const first = await bankBuy(who.headers);
    const second = await bankBuy(who.headers);
    expect([first.detail.bankTransfer.funding, second.detail.bankTransfer.funding]).toEqual(['BALANCE', 'BALANCE']);
    await passTime(60_000);
    // Whichever the worker reaches first takes the money; the other fails.
    const ended = [await stored(first.orderId), await stored(second.orderId)];
    const loser = ended.find((order) => order.status !== 'SUCCESS')!;
    expect(ended.filter((order) => order.status === 'SUCCESS')).toHaveLength(1);
    expect(loser).toMatchObject({ status: 'FAILED', failReason: 'INSUFFICIENT_BALANCE' });
    // Its crypto was set aside, then put back; its money was never taken.
    expect(await kinds(loser.id)).not.toContain('balance-capture');
    expect((await eurOf(who.userId)).toFixed()).toBe('0');
    await balanced();
  });

  it('is refused a card-less submit on the card channel, and a quote on a channel the catalogue does not offer', async () => {
    const who = await buyer('refused');
    const orderId = randomUUID();
    const quote = await getQuote(t, who.headers, { orderId });
    const submit = await call(t.app, 'POST', PATHS.submitBuy, {
      headers: who.headers,
      body: { orderId, quoteId: quote.body.data.quoteId },
    });
    expect(submit.statusCode).toBe(400);
    const gbp = await getQuote(t, who.headers, {
      orderId: randomUUID(),
      channelCode: 'CLEAR_JUNCTION',
      paymentMethod: 'BANK_TRANSFER',
      fiatCurrency: 'AED',
    });
    expect(gbp.statusCode).toBe(400);
  });
});

describe('a bank-transfer sell', () => {
  it('sells the crypto sent to its address and pays the proceeds into the balance, with no card', async () => {
    const email = 'bank-sell@example.com';
    const who = await verifiedPerson(t, email);
    const authenticator = await authenticatorOf(t);
    const { secret } = await authenticator.startBinding(who.userId, email);
    expect(await authenticator.confirmBinding(who.userId, await totpAt(t.clock, secret))).toBe(true);
    t.clock.advance(30_000);
    const code = { otpType: 'GA_OTP', otpCode: await totpAt(t.clock, secret) };
    const orderId = randomUUID();
    const bank = { channelCode: 'CLEAR_JUNCTION', paymentMethod: 'BANK_TRANSFER' };
    const quote = await getQuote(t, who.headers, {
      orderId,
      transactionType: 'sell',
      fiatAmount: undefined,
      walletAddress: undefined,
      cryptoAmount: '0.01',
      ...bank,
    });
    expect(quote.statusCode, JSON.stringify(quote.body)).toBe(200);
    const submit = await call(t.app, 'POST', PATHS.submitSell, {
      headers: who.headers,
      body: { orderId, quoteId: quote.body.data.quoteId, ...bank, ...code },
    });
    expect(submit.statusCode, JSON.stringify(submit.body)).toBe(200);
    const { address, memo } = submit.body.data.deposit;
    const sent = await t.app.inject({
      method: 'POST',
      url: '/sandbox/chain/send',
      payload: { asset: 'BTC', network: 'BTC', address, memo, amount: '0.01' },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    await passTime(40 * 60_000, 40);
    expect(await stored(orderId)).toMatchObject({ status: 'SUCCESS', cardId: null, processor: 'balance' });
    // The sale and its payout are posted in one transaction (one timestamp): their order is not told.
    expect((await kinds(orderId)).sort()).toEqual(['balance-payout', 'crypto-sale', 'sell-deposit']);
    expect((await eurOf(who.userId)).toFixed(2)).toBe(new Decimal(quote.body.data.fiatAmount).toFixed(2));
    await balanced();
  });
});
