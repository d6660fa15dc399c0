import { randomUUID } from 'node:crypto';
import { PATHS } from '@causeway/contracts';
import { expect } from 'vitest';
import { authenticatorOf, call, type IdentityTestApp, totpAt } from './identity-helpers.ts';
import { addCard, getQuote, TEST_CARDS, verifiedBuyer } from './order-helpers.ts';

/**
 * Card sells on the sandbox chain and processor (docs/rules/sell-deposits.md), for the tests of what their deposits
 * become (modules/orders/sell.flow.test.ts) and of what an operator does with crypto owed back
 * (modules/orders/deposit-returns.flow.test.ts).
 */
export const MINUTE = 60_000;
/** A sanctioned BTC address on the sandbox screening's deny list (docs/sandbox.md). */
export const SANCTIONED_BTC = '149w62rY42aZBox8fGcmqNsXUzSStKeq8C';
export const PAYOUT_CARDS = { declined: '4000000000000002', slow: '4000000000000077' };

export interface Seller {
  headers: Record<string, string>;
  cardId: string;
  /** Their authenticator's secret: selling needs one bound (docs/rules/order-states.md). */
  secret: string;
}

/** `app` answers the test's app, made in its beforeAll (so the helpers can be taken at the top of the file). */
export function sellHelpers(app: () => IdentityTestApp) {
  async function seller(name: string, card: string = TEST_CARDS.visa): Promise<Seller> {
    const t = app();
    const email = `sell-${name}@example.com`;
    const person = await verifiedBuyer(t, email);
    const saved = await addCard(t, person.headers, card);
    const authenticator = await authenticatorOf(t);
    const { secret } = await authenticator.startBinding(person.userId, email);
    expect(await authenticator.confirmBinding(person.userId, await totpAt(t.clock, secret))).toBe(true);
    return { headers: person.headers, cardId: saved.cardId, secret };
  }

  /** The authenticator code of the next 30 s step (a code is accepted once). */
  async function nextCode(who: Seller) {
    const t = app();
    t.clock.advance(30_000);
    return { otpType: 'GA_OTP', otpCode: await totpAt(t.clock, who.secret) };
  }

  /** A sell quote and its submission: answers the order id, the quote and the deposit block. */
  async function sell(who: Seller, cryptoAmount = '0.01') {
    const t = app();
    const orderId = randomUUID();
    // The code's 30 s step first: moving the clock after the quote would expire it.
    const code = await nextCode(who);
    const quote = await getQuote(t, who.headers, {
      orderId,
      transactionType: 'sell',
      fiatAmount: undefined,
      walletAddress: undefined,
      cryptoAmount,
    });
    expect(quote.statusCode, JSON.stringify(quote.body)).toBe(200);
    const submit = await call(t.app, 'POST', PATHS.submitSell, {
      headers: who.headers,
      body: { orderId, quoteId: quote.body.data.quoteId, cardId: who.cardId, ...code },
    });
    expect(submit.statusCode, JSON.stringify(submit.body)).toBe(200);
    return { orderId, quote: quote.body.data, deposit: submit.body.data.deposit, submitted: submit.body.data };
  }

  /** The sandbox chain "sends" to an address, as someone's wallet would. */
  async function send(deposit: { address: string; memo: string | null }, amount: string, fromAddress?: string) {
    const t = app();
    const sent = await t.app.inject({
      method: 'POST',
      url: '/sandbox/chain/send',
      payload: {
        asset: 'BTC',
        network: 'BTC',
        address: deposit.address,
        memo: deposit.memo,
        amount,
        ...(fromAddress ? { fromAddress } : {}),
      },
    });
    expect(sent.statusCode, sent.body).toBe(201);
  }

  /** Runs the worker while the chain adds blocks: BTC needs 2 confirmations, one block every 10 sandbox minutes. */
  async function passTime(minutes: number, stepMinutes = 1) {
    const t = app();
    for (let passed = 0; passed < minutes; passed += stepMinutes) {
      await t.app.jobs.drain();
      t.clock.advance(stepMinutes * MINUTE);
    }
    await t.app.jobs.drain();
  }

  const kinds = async (orderId: string) => (await app().app.orders.ledger.journalsOf(orderId)).map((journal) => journal.kind);
  const balanced = async () => {
    for (const total of (await app().app.orders.ledger.trialBalance()).values()) expect(total.isZero()).toBe(true);
  };
  const outcomes = async (orderId: string) => (await app().app.orders.deposits.ofOrder(orderId)).map((row) => row.outcome);
  const flagOf = async (orderId: string) => (await app().app.orders.repository.findOrder(orderId))!.operatorReviewReason;

  return { seller, nextCode, sell, send, passTime, kinds, balanced, outcomes, flagOf };
}
