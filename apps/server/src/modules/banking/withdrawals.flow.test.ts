import { randomUUID } from 'node:crypto';
import { PATHS, wireCodeOf } from '@causeway/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankCredit, verifiedPerson } from '../../../test/bank-helpers.ts';
import { authenticatorOf, call, createIdentityTestApp, type IdentityTestApp, totpAt } from '../../../test/identity-helpers.ts';
import { SANDBOX_OUTCOME_ACCOUNTS } from '../../providers/bank/index.ts';
import { makeIban } from '../../providers/bank/iban.ts';
import { accounts } from '../ledger/index.ts';

/**
 * Withdrawals to a saved bank account (docs/rules/bank-transfers.md) on the sandbox bank: each of its
 * documented outcomes ends the withdrawal as it should, money is never paid twice or lost, and the
 * books balance.
 */
let t: IdentityTestApp;
beforeAll(async () => {
  t = await createIdentityTestApp();
});
afterAll(() => t.app.close());

type Headers = Record<string, string>;
const MINUTE = 60_000;
/** A valid German IBAN no sandbox outcome lists (its payments settle), a new one each time: an IBAN is one person's. */
let accountNumber = 532013000;
const paysIban = () => makeIban('DE', `37040044${String(accountNumber++).padStart(10, '0')}`);
const outcome = (name: string) => SANDBOX_OUTCOME_ACCOUNTS.find((account) => account.outcome === name)!;

interface Withdrawer {
  userId: string;
  headers: Headers;
  secret: string;
}

async function withdrawer(name: string, balance = '500.00'): Promise<Withdrawer> {
  const email = `withdraw-${name}@example.com`;
  const person = await verifiedPerson(t, email);
  const authenticator = await authenticatorOf(t);
  const { secret } = await authenticator.startBinding(person.userId, email);
  expect(await authenticator.confirmBinding(person.userId, await totpAt(t.clock, secret))).toBe(true);
  const account = (await call(t.app, 'POST', PATHS.bankTransferInstructions, { headers: person.headers, body: {} })).body.data;
  await t.app.banking.credits.record(bankCredit({ amount: balance, reference: account.reference }));
  return { userId: person.userId, headers: person.headers, secret };
}

async function saveIban(who: Withdrawer, iban: string) {
  const saved = await call(t.app, 'POST', PATHS.addBankAccount, {
    headers: who.headers,
    body: { kind: 'SEPA', accountName: 'Ann Example', iban, bankName: 'Some Bank' },
  });
  expect(saved.statusCode, JSON.stringify(saved.body)).toBe(200);
  return saved.body.data.bankAccountId as string;
}

/** The next 30 s step's code (a code is accepted once). */
async function code(who: Withdrawer) {
  t.clock.advance(30_000);
  return { otpType: 'GA_OTP', otpCode: await totpAt(t.clock, who.secret) };
}

const withdraw = async (who: Withdrawer, bankAccountId: string, amount: string, body: Record<string, unknown> = {}) =>
  call(t.app, 'POST', PATHS.submitWithdraw, {
    headers: who.headers,
    body: { withdrawId: randomUUID(), bankAccountId, currency: 'EUR', amount, ...(await code(who)), ...body },
  });

async function passTime(minutes: number) {
  for (let passed = 0; passed < minutes; passed++) {
    await t.app.jobs.drain();
    t.clock.advance(MINUTE);
  }
  await t.app.jobs.drain();
}

const stored = async (id: string) => (await t.app.banking.withdrawals.find(id))!;
const eurOf = async (userId: string) => (await t.app.orders.ledger.balance(accounts.customerBalance(userId, 'EUR').code)).toFixed();
const balanced = async () => {
  for (const total of (await t.app.orders.ledger.trialBalance()).values()) expect(total.isZero()).toBe(true);
};

describe('a withdrawal', () => {
  it('leaves the balance at once, is paid to the saved account, and settles', async () => {
    const who = await withdrawer('settles');
    const accountId = await saveIban(who, paysIban());
    const response = await withdraw(who, accountId, '120.50');
    expect(response.statusCode, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data).toMatchObject({ status: 'PROCESSING', amount: '120.50', currency: 'EUR', failReason: null });
    expect(response.body.data.maskedAccount).toMatch(/^DE89/);
    expect(await eurOf(who.userId)).toBe('379.5');
    await passTime(2);
    expect(await stored(response.body.data.withdrawId)).toMatchObject({ status: 'SUCCESS', step: 'WATCH' });
    const detail = await call(t.app, 'POST', PATHS.withdrawDetail, {
      headers: who.headers,
      body: { withdrawId: response.body.data.withdrawId },
    });
    expect(detail.body.data).toMatchObject({ status: 'SUCCESS' });
    expect(await eurOf(who.userId)).toBe('379.5');
    await balanced();
  });

  it('answers the same withdrawal for the same id and body, and pays it once', async () => {
    const who = await withdrawer('idempotent');
    const accountId = await saveIban(who, paysIban());
    const body = { withdrawId: randomUUID(), bankAccountId: accountId, currency: 'EUR', amount: '50' };
    const first = await call(t.app, 'POST', PATHS.submitWithdraw, { headers: who.headers, body: { ...body, ...(await code(who)) } });
    const again = await call(t.app, 'POST', PATHS.submitWithdraw, { headers: who.headers, body: { ...body, ...(await code(who)) } });
    expect(again.body.data.withdrawId).toBe(first.body.data.withdrawId);
    const other = await call(t.app, 'POST', PATHS.submitWithdraw, {
      headers: who.headers,
      body: { ...body, amount: '60', ...(await code(who)) },
    });
    expect(other.statusCode).toBe(422);
    expect(await eurOf(who.userId)).toBe('450');
  });

  it('is refused, changing nothing: over the balance, under the minimum, without the code, to another’s account', async () => {
    const who = await withdrawer('refused', '100.00');
    const accountId = await saveIban(who, paysIban());
    const over = await withdraw(who, accountId, '100.01');
    expect([over.statusCode, over.body.code]).toEqual([409, 'ODR00001024']);
    const under = await withdraw(who, accountId, '0.99');
    expect([under.statusCode, under.body.code]).toEqual([400, 'ODR00001001']);
    const cents = await withdraw(who, accountId, '10.001');
    expect(cents.body.code).toBe('ODR00001001');
    const noCode = await withdraw(who, accountId, '10', { otpType: undefined, otpCode: undefined });
    expect(noCode.body.code).toBe('ODR00001009');
    const stranger = await withdrawer('refused-stranger');
    const theirs = await withdraw(stranger, accountId, '10');
    expect(theirs.body.code).toBe('BKA0000010');
    const pounds = await withdraw(who, accountId, '10', { currency: 'GBP' });
    expect(pounds.body.code).toBe('ODR00001025');
    expect(await eurOf(who.userId)).toBe('100');
    await balanced();
  });

  it('two racing for the same money: one is paid, the other is refused for the balance', async () => {
    const who = await withdrawer('race', '100.00');
    const accountId = await saveIban(who, paysIban());
    const [a, b] = await Promise.all([withdraw(who, accountId, '80'), withdraw(who, accountId, '80')]);
    const paid = [a, b].filter((answer) => answer.statusCode === 200);
    expect(paid).toHaveLength(1);
    let refused = a === paid[0] ? b : a;
    // Each carries the code of its own 30 s step, and a step older than the last one accepted is a
    // replay: when the later code is checked first, the other request is refused before it reaches
    // the money. Sent again with a new code, it must then be refused for the balance.
    if (refused.body.code === wireCodeOf('AuthenticatorCodeWrong')) refused = await withdraw(who, accountId, '80');
    expect([refused.statusCode, refused.body.code]).toEqual([409, wireCodeOf('InsufficientBalance')]);
    expect(await eurOf(who.userId)).toBe('20');
  });

  it('rejected by the bank, or returned after it settled, puts the money back into the balance', async () => {
    const who = await withdrawer('bounced');
    const rejected = await withdraw(who, await saveIban(who, outcome('REJECT').iban), '100');
    const returned = await withdraw(who, await saveIban(who, outcome('RETURN').iban), '100');
    expect(await eurOf(who.userId)).toBe('300');
    await passTime(3);
    expect(await stored(rejected.body.data.withdrawId)).toMatchObject({
      status: 'FAILED',
      failReason: 'REJECTED',
      bankReason: expect.stringMatching(/AC04/),
    });
    expect(await stored(returned.body.data.withdrawId)).toMatchObject({ status: 'FAILED', failReason: 'RETURNED' });
    expect(await eurOf(who.userId)).toBe('500');
    await balanced();
  });

  it('keeps its money out while the bank is down, then finds a payment whose answer was lost, and pays once', async () => {
    const who = await withdrawer('outage');
    const down = await withdraw(who, await saveIban(who, outcome('UNAVAILABLE').iban), '100');
    const lost = await withdraw(who, await saveIban(who, outcome('TIMEOUT').iban), '100');
    await passTime(3);
    expect(await stored(down.body.data.withdrawId)).toMatchObject({ status: 'PROCESSING', step: 'PAY', paymentId: null });
    expect(await stored(lost.body.data.withdrawId)).toMatchObject({ status: 'SUCCESS' });
    expect(await eurOf(who.userId)).toBe('300');
    await balanced();
  });
});
