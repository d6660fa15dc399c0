import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { createManualClock } from '../../platform/clock.ts';
import { registerSecurityHeaders } from '../../platform/security-headers.ts';
import { type BankWebhookNotice, createSandboxBank, SANDBOX_COLLECTION_ACCOUNTS, type SandboxBank } from '../../providers/bank/index.ts';
import { createSandboxBankBook } from '../../providers/bank/sandbox-bank.repository.ts';
import { registerSandboxBankRoutes } from './bank.routes.ts';

// The sandbox bank's page and calls (docs/sandbox.md "Bank") on a small app with our CSP. The intake's
// receiver is another module's: here a stand-in route reads what the sandbox delivers to it.
const clock = createManualClock();
let database: DatabaseHandle;
let bank: SandboxBank;
let app: FastifyInstance;
let delivered: BankWebhookNotice[][] = [];
let eventIds: string[] = [];
beforeAll(async () => {
  database = await createTestDatabase();
  bank = createSandboxBank({ book: createSandboxBankBook(database.db), clock, settleMs: 3_000 });
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerSecurityHeaders(app, "'self'");
  // The banking module names the payer of a transfer that gives only a reference; here one reference is known.
  registerSandboxBankRoutes(app, {
    bank,
    settleMs: 3_000,
    payerNameFor: async (reference) => (reference.includes('CW7K3M9Q2X') ? 'Ann Example' : null),
  });
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post('/webhooks/sandbox-bank', { config: { caller: 'webhook' } }, async (request) => {
      delivered.push(bank.readWebhook(request.headers, request.body as Buffer));
      eventIds.push((JSON.parse((request.body as Buffer).toString('utf8')) as { eventId: string }).eventId);
      return { ok: true };
    });
  });
  await app.ready();
});
beforeEach(() => {
  delivered = [];
  eventIds = [];
});
afterAll(async () => {
  await app.close();
  await database.close();
});

let counter = 0;
const account = (currency: 'EUR' | 'GBP' = 'EUR') =>
  bank.openNamedAccount({ holderReference: `usr_routes${(counter += 1)}`, holderName: 'Julie Peterson', currency });
const json = (url: string, payload: unknown) => app.inject({ method: 'POST', url, payload: payload as object });
const form = (fields: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url: '/sandbox/bank',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });

describe('POST /sandbox/bank/credit and /sandbox/bank/return', () => {
  it('makes a transfer arrive on a named account, answers the credit, and delivers a signed notice to the intake', async () => {
    const to = await account();
    const response = await json('/sandbox/bank/credit', {
      iban: to.iban,
      currency: 'EUR',
      amount: '250.5',
      reference: 'CW-7Q4K2M',
      payerName: 'Julie Peterson',
    });
    expect(response.statusCode).toBe(201);
    const { credit } = response.json();
    expect(credit).toEqual({
      creditId: expect.stringMatching(/^bcr_/),
      accountId: to.accountId,
      currency: 'EUR',
      amount: '250.50',
      reference: 'CW-7Q4K2M',
      payerName: 'Julie Peterson',
      payerAccount: null,
      status: 'RECEIVED',
      receivedAt: clock.now().toISOString(),
    });
    expect(await bank.getCredit(credit.creditId)).toMatchObject({ status: 'RECEIVED' });
    expect(delivered).toEqual([[{ type: 'credit', creditId: credit.creditId }]]);
  });

  it('lands on the collection account with no account, and by sort code and account number', async () => {
    expect((await json('/sandbox/bank/credit', { currency: 'GBP', amount: '5', payerName: 'Ada' })).json().credit.accountId).toBeNull();
    const to = await account('GBP');
    const byUk = await json('/sandbox/bank/credit', {
      sortCode: to.sortCode,
      accountNumber: to.accountNumber,
      currency: 'GBP',
      amount: '5',
      payerName: 'Ada',
    });
    expect(byUk.json().credit.accountId).toBe(to.accountId);
  });

  it('takes the short form the sandbox promises (reference, amount, currency), paid by whom the reference names', async () => {
    const named = await json('/sandbox/bank/incoming', { reference: 'Order CW7K3M9Q2X', amount: '20.00', currency: 'EUR' });
    expect(named.statusCode, named.body).toBe(201);
    expect(named.json().credit).toMatchObject({ accountId: null, payerName: 'Ann Example', reference: 'Order CW7K3M9Q2X' });
    const nobody = await json('/sandbox/bank/incoming', { reference: 'CW0000000000', amount: '20.00', currency: 'EUR' });
    expect(nobody.json().credit.payerName).toBe('Unknown Payer');
    const told = await json('/sandbox/bank/incoming', { reference: 'x', amount: '1', currency: 'EUR', payerName: 'Bob' });
    expect(told.json().credit.payerName).toBe('Bob');
    expect((await json('/sandbox/bank/incoming', { amount: '1', currency: 'EUR' })).statusCode).toBe(400);
  });

  it('returns a credit, and tells the intake again', async () => {
    const { credit } = (await json('/sandbox/bank/credit', { currency: 'EUR', amount: '1', payerName: 'Ada' })).json();
    const response = await json('/sandbox/bank/return', { creditId: credit.creditId });
    expect(response.statusCode).toBe(200);
    expect(response.json().credit).toMatchObject({ creditId: credit.creditId, status: 'RETURNED' });
    expect(delivered.at(-1)).toEqual([{ type: 'credit', creditId: credit.creditId }]);
    // Two events about one credit, each with its own id for the intake to keep once.
    expect(eventIds).toEqual([`${credit.creditId}:RECEIVED`, `${credit.creditId}:RETURNED`]);
    expect((await json('/sandbox/bank/return', { creditId: 'bcr_nothing' })).json()).toMatchObject({ reason: 'UNKNOWN_CREDIT' });
  });

  it.each([
    ['an amount with three decimals', { amount: '1.001' }, { reason: 'INVALID_INPUT', field: 'amount' }],
    ['a bad IBAN', { iban: 'LT000000000000000000' }, { reason: 'INVALID_INPUT', field: 'iban' }],
    ['an IBAN the sandbox bank does not hold', { iban: 'DE89370400440532013000' }, { reason: 'INVALID_ACCOUNT' }],
    ['GBP to an IBAN', { iban: SANDBOX_COLLECTION_ACCOUNTS.EUR.iban, currency: 'GBP' }, { reason: 'UNSUPPORTED_CURRENCY' }],
  ])('answers 422 with a clear message for %s, and delivers nothing', async (_name, change, refusal) => {
    const response = await json('/sandbox/bank/credit', { currency: 'EUR', amount: '1', payerName: 'Ada', ...change });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ ...refusal, message: expect.any(String) });
    expect(delivered).toEqual([]);
  });

  it.each([
    ['no payer', { payerName: undefined }],
    ['another currency', { currency: 'USD' }],
    ['a number for the amount', { amount: 1 }],
    ['a reference over 140 characters', { reference: 'x'.repeat(141) }],
  ])('refuses %s before anything arrives (400)', async (_name, change) => {
    expect((await json('/sandbox/bank/credit', { currency: 'EUR', amount: '1', payerName: 'Ada', ...change })).statusCode).toBe(400);
  });

  it('refuses a body over 4 KB', async () => {
    expect((await json('/sandbox/bank/credit', { currency: 'EUR', amount: '1', payerName: 'Ada', pad: 'x'.repeat(5000) })).statusCode).toBe(
      413,
    );
  });
});

describe('GET and POST /sandbox/bank (the page)', () => {
  it('is a form prefilled from the link, with the documented accounts, under the CSP, never cached, no script', async () => {
    const to = await account();
    const response = await app.inject({ method: 'GET', url: `/sandbox/bank?iban=${to.iban}&amount=12.5&reference=CW-1&currency=EUR` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-security-policy']).toContain("form-action 'self'");
    const page = response.body;
    expect(page).toContain('<meta name="color-scheme" content="light dark">');
    expect(page).toContain(`id="iban" name="iban" value="${to.iban}"`);
    expect(page).toContain('id="amount" name="amount" value="12.5"');
    expect(page).toContain('<option value="EUR" selected>EUR</option>');
    for (const iban of ['LT369999000000000404', 'LT799999000000000406', 'LT799999000000000503', 'LT529999000000000504'])
      expect(page).toContain(iban);
    expect(page).not.toContain('<script');
  });

  it('without a link, shows the defaults: EUR, the demo payer, the collection account', async () => {
    const page = (await app.inject({ method: 'GET', url: '/sandbox/bank' })).body;
    expect(page).toContain('<option value="EUR" selected>EUR</option>');
    expect(page).toContain('id="payerName" name="payerName" value="Julie Peterson"');
    expect(page).toContain('id="iban" name="iban" value=""');
    expect(page).toContain(SANDBOX_COLLECTION_ACCOUNTS.EUR.iban);
  });

  it('makes a transfer arrive from the form and answers 303 back to the page, which shows it', async () => {
    const to = await account('GBP');
    const response = await form({
      action: 'credit',
      sortCode: '99-00-10',
      accountNumber: to.accountNumber!,
      currency: 'GBP',
      amount: '40',
      reference: 'CW-9',
      payerName: 'Ada Byron',
      iban: '',
      payerAccount: '',
    });
    expect(response.statusCode).toBe(303);
    const location = new URL(response.headers.location as string, 'http://localhost');
    const creditId = location.searchParams.get('arrived')!;
    expect(await bank.getCredit(creditId)).toMatchObject({ accountId: to.accountId, amount: '40.00' });
    const page = (await app.inject({ method: 'GET', url: `${location.pathname}${location.search}` })).body;
    expect(page).toContain(`40.00 GBP arrived: credit <code>${creditId}</code>`);
    const returned = await form({ action: 'return', creditId });
    expect(returned.statusCode).toBe(303);
    expect((await bank.getCredit(creditId)).status).toBe('RETURNED');
    expect(delivered).toHaveLength(2);
  });

  it('shows the form again with clear errors and the values typed, escaped', async () => {
    const response = await form({ action: 'credit', iban: '"><script>alert(1)</script>', currency: 'EUR', amount: '', payerName: 'Ada' });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Enter the amount');
    expect(response.body).toContain('&#34;&#62;&#60;script&#62;');
    expect(response.body).not.toContain('<script>alert(1)');
    const refused = await form({ action: 'credit', iban: 'DE89370400440532013000', currency: 'EUR', amount: '1', payerName: 'Ada' });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('the sandbox bank holds no account with this IBAN');
    expect((await form({ action: 'return', creditId: 'bcr_nothing' })).body).toContain('the sandbox bank has no credit with this id');
  });
});
