import { PATHS } from '@causeway/contracts';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankCredit, verifiedPerson } from '../../../test/bank-helpers.ts';
import { call, createIdentityTestApp, type IdentityTestApp } from '../../../test/identity-helpers.ts';
import { newIndividual } from '../../../test/kyc-helpers.ts';
import { tokenHeaders } from '../../../test/identity-helpers.ts';
import { sandboxBankOf } from '../../providers/bank/index.ts';
import { accounts } from '../ledger/index.ts';

/** BANK_POLL_MS's default: the poll runs this often. */
const POLL_MS = 300_000;

/**
 * Money by bank transfer into the trading account (docs/rules/bank-transfers.md): each way a credit
 * can arrive has its outcome, nothing is credited twice or lost, and the books balance.
 */
let t: IdentityTestApp;
beforeAll(async () => {
  t = await createIdentityTestApp();
});
afterAll(() => t.app.close());

type Headers = Record<string, string>;
const instructions = (headers: Headers, currency = 'EUR') =>
  call(t.app, 'POST', PATHS.bankTransferInstructions, { headers, body: { currency } });
const balances = async (headers: Headers) => {
  const response = await call(t.app, 'GET', PATHS.listBalance, { headers });
  expect(response.statusCode, JSON.stringify(response.body)).toBe(200);
  return response.body.data.balances as Array<{ currency: string; assetType: string; available: string }>;
};
const eurOf = async (headers: Headers) => (await balances(headers)).find((balance) => balance.currency === 'EUR')?.available ?? '0';
const ledgerBalance = (code: string) => t.app.orders.ledger.balance(code);
const balanced = async () => {
  for (const total of (await t.app.orders.ledger.trialBalance()).values()) expect(total.isZero()).toBe(true);
};
const record = (credit: Parameters<typeof bankCredit>[0]) => t.app.banking.credits.record(bankCredit(credit));

/** A verified person with their EUR account opened: answers their headers, id, account and reference. */
async function depositor(name: string, first = 'Ann', last = 'Example') {
  const person = await verifiedPerson(t, `bank-${name}@example.com`, first, last);
  const opened = await instructions(person.headers);
  expect(opened.statusCode, JSON.stringify(opened.body)).toBe(200);
  const account = await t.app.banking.repository.namedAccount(person.userId, 'sandbox', 'EUR');
  return { ...person, accountId: account!.accountId, reference: opened.body.data.reference as string, payer: `${first} ${last}` };
}

describe('bank transfer instructions', () => {
  it('are for verified people only, and refused before', async () => {
    const person = await newIndividual(t, 'bank-unverified@example.com');
    const response = await instructions(tokenHeaders(person.token));
    expect(response.statusCode).toBe(403);
    expect(response.body.code).toBe('ODR00001004');
    expect((await call(t.app, 'POST', PATHS.bankTransferInstructions, { body: {} })).statusCode).toBe(401);
  });

  it('open one account per currency in the verified name, with one reference for the person', async () => {
    const person = await verifiedPerson(t, 'bank-instructions@example.com', 'Zoë', 'Brontë');
    const eur = (await instructions(person.headers)).body.data;
    expect(eur).toMatchObject({ currency: 'EUR', scheme: 'SEPA', accountName: 'Zoë Brontë', sortCode: null, minimumAmount: '1' });
    expect(eur.iban).toMatch(/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/);
    expect(eur.reference).toMatch(/^CW[0-9A-HJKMNP-TV-Z]{8}$/);
    expect((await instructions(person.headers)).body.data).toEqual(eur);
    const gbp = (await instructions(person.headers, 'GBP')).body.data;
    expect(gbp).toMatchObject({ currency: 'GBP', scheme: 'FPS', iban: null, reference: eur.reference, minimumAmount: '10' });
    expect(gbp.sortCode).toMatch(/^\d{6}$/);
    expect(gbp.accountNumber).toMatch(/^\d{8}$/);
    expect((await instructions(person.headers, 'USD')).statusCode).toBe(400);
  });
});

describe('a credit', () => {
  it('on the person’s own account, from their own name, is their balance once, however often it is reported', async () => {
    const who = await depositor('exact');
    expect(await balances(who.headers)).toEqual([]);
    const credit = bankCredit({ amount: '100.00', accountId: who.accountId, payerName: 'ANN  EXAMPLE' });
    const first = await t.app.banking.credits.record(credit);
    expect(first).toMatchObject({ outcome: 'DEPOSITED', userId: who.userId, suspenseReason: null });
    await t.app.banking.credits.record(credit);
    await Promise.all([t.app.banking.credits.record(credit), t.app.banking.credits.record(credit)]);
    expect(await balances(who.headers)).toEqual([{ currency: 'EUR', assetType: 'fiat', available: '100' }]);
    await balanced();
  });

  it('on the collection account is the person’s whose reference it carries, however the bank wrote it', async () => {
    const who = await depositor('reference');
    const spaced = `${who.reference.slice(0, 5).toLowerCase()} ${who.reference.slice(5)}`;
    expect(await record({ amount: '25.50', reference: `Top up ${spaced}` })).toMatchObject({ outcome: 'DEPOSITED', userId: who.userId });
    expect(await eurOf(who.headers)).toBe('25.5');
  });

  it('waits in suspense when it names nobody, two people, or comes from someone else, and nobody’s balance moves', async () => {
    const who = await depositor('suspense');
    const other = await depositor('suspense-other', 'Bob', 'Sample');
    const suspenseBefore = await ledgerBalance(accounts.bankSuspense('EUR').code);
    const unknown = await record({ amount: '40', reference: 'no reference here' });
    const conflict = await record({ amount: '41', accountId: who.accountId, reference: other.reference });
    const thirdParty = await record({ amount: '42', accountId: who.accountId, payerName: 'Mallory Stranger' });
    const pounds = await record({ amount: '43', accountId: who.accountId, currency: 'GBP' });
    expect([unknown, conflict, thirdParty, pounds].map((row) => [row.outcome, row.suspenseReason])).toEqual([
      ['SUSPENSE', 'UNKNOWN_PAYEE'],
      ['SUSPENSE', 'CONFLICT'],
      ['SUSPENSE', 'PAYER_NAME'],
      ['SUSPENSE', 'CURRENCY'],
    ]);
    expect(await balances(who.headers)).toEqual([]);
    expect(await balances(other.headers)).toEqual([]);
    expect((await ledgerBalance(accounts.bankSuspense('EUR').code)).minus(suspenseBefore).toFixed()).toBe('123');
    // The operator's page lists them, with why (a sandbox install without OPERATOR_PASSWORD: open, as /sandbox/ledger is).
    const listed = await t.app.inject({ method: 'GET', url: '/operator/bank-suspense?format=json' });
    expect(listed.statusCode, listed.body).toBe(200);
    const credits = listed.json().credits as Array<{ id: string; reason: string }>;
    expect(credits).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: unknown.id, reason: 'UNKNOWN_PAYEE' }),
        expect.objectContaining({ id: thirdParty.id, reason: 'PAYER_NAME' }),
      ]),
    );
    const page = await t.app.inject({ method: 'GET', url: '/operator/bank-suspense' });
    expect(page.body).toContain('Paid from an account not in the person’s name');
    await balanced();
  });

  it('returned by the sender’s bank leaves the balance, or suspense; one already spent is booked for an operator', async () => {
    const who = await depositor('returns');
    const kept = await record({ amount: '30', accountId: who.accountId });
    const spent = await record({ amount: '20', accountId: who.accountId });
    const held = await record({ amount: '10', reference: 'nobody' });
    expect(await eurOf(who.headers)).toBe('50');
    const returned = { ...bankCredit({ amount: '30' }), creditId: kept.creditId, accountId: who.accountId, status: 'RETURNED' as const };
    expect((await t.app.banking.credits.record(returned)).returnedAt).not.toBeNull();
    await t.app.banking.credits.record(returned);
    expect(await eurOf(who.headers)).toBe('20');
    // The person spends what is left (as a buy's capture would), then the other credit comes back.
    await t.app.orders.ledger.post({
      kind: 'test-spend',
      reference: 'test',
      idempotencyKey: `test-spend:${who.userId}`,
      entries: [
        { account: accounts.customerBalance(who.userId, 'EUR'), amount: new Decimal(20) },
        { account: accounts.customerFunds('EUR'), amount: new Decimal(-20) },
      ],
    });
    const unrecoveredBefore = await ledgerBalance(accounts.bankReturnsUnrecovered('EUR').code);
    await t.app.banking.credits.record({ ...bankCredit({ amount: '20' }), creditId: spent.creditId, status: 'RETURNED' });
    expect(await eurOf(who.headers)).toBe('0');
    expect((await ledgerBalance(accounts.bankReturnsUnrecovered('EUR').code)).minus(unrecoveredBefore).toFixed()).toBe('20');
    const suspenseBefore = await ledgerBalance(accounts.bankSuspense('EUR').code);
    await t.app.banking.credits.record({ ...bankCredit({ amount: '10' }), creditId: held.creditId, status: 'RETURNED' });
    expect(suspenseBefore.minus(await ledgerBalance(accounts.bankSuspense('EUR').code)).toFixed()).toBe('10');
    await balanced();
  });

  it('whose webhook was lost is found by the poll behind the webhooks, and booked once', async () => {
    const who = await depositor('poll');
    const sandbox = sandboxBankOf(t.app.banking.bank)!;
    // Straight into the sandbox bank: no webhook reaches us, as when our process died taking it.
    await sandbox.simulateIncomingCredit({ currency: 'EUR', amount: '33.00', reference: who.reference, payerName: who.payer });
    expect(await balances(who.headers)).toEqual([]);
    t.clock.advance(POLL_MS);
    await t.app.jobs.drain();
    expect(await eurOf(who.headers)).toBe('33');
    t.clock.advance(POLL_MS);
    await t.app.jobs.drain();
    expect(await eurOf(who.headers)).toBe('33');
    await balanced();
  });

  it('is never shown to another person', async () => {
    const who = await depositor('private');
    const other = await depositor('private-other', 'Bob', 'Sample');
    await record({ amount: '12', accountId: who.accountId });
    expect(await eurOf(who.headers)).toBe('12');
    expect(await balances(other.headers)).toEqual([]);
  });
});
