import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createManualClock } from '../../platform/clock.ts';
import { BankRefusedError, BankUnavailableError, type PaymentInput } from './bank.ts';
import { type ClearJunctionBankOptions, createClearJunctionBank } from './clear-junction.ts';
import { jsonWithAmount, parseKeepingAmounts } from './clear-junction-http.ts';
import { clearJunctionFixture, createFakeClearJunction } from './fixtures/clear-junction/fake-clear-junction.ts';

// Clear Junction's payouts through its documented shapes (fixtures/clear-junction), against a stand-in
// fetch that checks every signature: the requests we send, and how each answer is read.
const API_KEY = '730ee406-817e-11e7-bb31-be2e44b06b34';
const PASSWORD = 'correct horse battery staple 2026';
const WALLET = '348e11ab-dbfb-4ae8-99e7-349b00868f6f';
const BASE = 'https://sandbox.clearjunction.test';

function setup(overrides: Partial<ClearJunctionBankOptions> = {}) {
  const clock = createManualClock();
  const fake = createFakeClearJunction({ apiKey: API_KEY, apiPassword: PASSWORD, walletUuid: WALLET });
  const bank = createClearJunctionBank({
    apiKey: API_KEY,
    apiPassword: PASSWORD,
    walletUuid: WALLET,
    baseUrl: `${BASE}/`,
    postbackUrl: 'https://pay.example.test/webhooks/clearjunction',
    clock,
    fetchImpl: fake.fetchImpl,
    timeoutMs: 100,
    ...overrides,
  });
  return { clock, fake, bank };
}
let counter = 0;
const payment = (overrides: Partial<PaymentInput> = {}): PaymentInput => ({
  idempotencyKey: `wd-cj-${(counter += 1)}`,
  currency: 'EUR',
  amount: '250.5',
  beneficiary: { name: 'Julie Maria Peterson', iban: 'DE89370400440532013000', bic: 'cobadeffxxx' },
  reference: 'CW WITHDRAWAL 1',
  ...overrides,
});
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error as Error,
  );
const sha512 = (text: string) => createHash('sha512').update(text).digest('hex');

describe('Clear Junction requests', () => {
  it('signs every request: X-API-KEY, the Date it was formed at, and sha512 of key, date, hashed password and body, upper-cased', async () => {
    const { fake, bank, clock } = setup();
    await bank.sendPayment(payment());
    const [request] = fake.requests;
    const date = '2026-11-21T12:00:00+00:00';
    expect(clock.now().toISOString()).toBe('2026-11-21T12:00:00.000Z');
    expect(request?.headers).toMatchObject({ 'x-api-key': API_KEY, date, 'content-type': 'application/json', accept: 'application/json' });
    expect(request?.headers.authorization).toBe(
      sha512(`${API_KEY.toUpperCase()}${date}${sha512(PASSWORD).toUpperCase()}${request!.text.toUpperCase()}`),
    );
    // The password only ever signs: it is in no request.
    for (const sent of fake.requests) expect(JSON.stringify(sent.headers) + sent.text).not.toContain(PASSWORD);
  });

  it('posts a SEPA payout: the key as clientOrder, the amount as a JSON number written exactly, our wallet as payer', async () => {
    const { fake, bank } = setup();
    const input = payment();
    const sent = await bank.sendPayment(input);
    const [request, approval] = fake.requests;
    expect(request?.method).toBe('POST');
    expect(request?.url.href).toBe(`${BASE}/v7/gate/payout/bankTransfer/eu`);
    expect(request?.text).toContain('"amount":250.50');
    expect(request?.body).toEqual({
      clientOrder: input.idempotencyKey,
      currency: 'EUR',
      amount: 250.5,
      description: 'CW WITHDRAWAL 1',
      postbackUrl: 'https://pay.example.test/webhooks/clearjunction',
      payer: { walletUuid: WALLET },
      payee: { individual: { firstName: 'Julie Maria', lastName: 'Peterson' } },
      payeeRequisite: { iban: 'DE89370400440532013000', bankSwiftCode: 'COBADEFFXXX' },
    });
    expect(sent).toMatchObject({
      idempotencyKey: input.idempotencyKey,
      status: 'PENDING',
      scheme: 'SEPA',
      amount: '250.50',
      currency: 'EUR',
    });
    // Created awaiting approval: we approve it, as CLEAR_JUNCTION_APPROVE_PAYOUTS says.
    expect(approval?.url.pathname).toBe('/v7/gate/transactionAction/approve');
    expect(approval?.body).toEqual({ orderReferenceArray: [sent.paymentId] });
  });

  it('posts a Faster Payments payout to a sort code and account number, and leaves approval to the dashboard when told to', async () => {
    const { fake, bank } = setup({ approvePayouts: false });
    await bank.sendPayment(
      payment({ currency: 'GBP', amount: '12', beneficiary: { name: 'Ada', sortCode: '20-00-00', accountNumber: '55779911' } }),
    );
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]?.url.pathname).toBe('/v7/gate/payout/bankTransfer/fps');
    expect(fake.requests[0]?.body).toMatchObject({
      currency: 'GBP',
      amount: 12,
      payee: { individual: { firstName: 'Ada', lastName: 'Ada' } },
      payeeRequisite: { sortCode: '200000', accountNumber: '55779911' },
    });
  });

  it('talks to https://client.clearjunction.com unless told otherwise, and names a missing setting', async () => {
    const { fake } = setup();
    const bank = createClearJunctionBank({ apiKey: API_KEY, apiPassword: PASSWORD, walletUuid: WALLET, fetchImpl: fake.fetchImpl });
    await bank.findPayment('anything');
    expect(fake.requests[0]?.url.href).toBe('https://client.clearjunction.com/v7/gate/status/payout/clientOrder/anything');
    expect(() => createClearJunctionBank({ apiKey: '', apiPassword: PASSWORD, walletUuid: WALLET })).toThrow('CLEAR_JUNCTION_API_KEY');
    expect(() => createClearJunctionBank({ apiKey: API_KEY, apiPassword: '', walletUuid: WALLET })).toThrow('CLEAR_JUNCTION_API_PASSWORD');
    expect(() => createClearJunctionBank({ apiKey: API_KEY, apiPassword: PASSWORD, walletUuid: 'w1' })).toThrow(
      'CLEAR_JUNCTION_WALLET_UUID',
    );
    expect(() => createClearJunctionBank({ apiKey: API_KEY, apiPassword: PASSWORD, walletUuid: WALLET, baseUrl: 'ftp://x' })).toThrow(
      'CLEAR_JUNCTION_API_URL',
    );
  });
});

describe('Clear Junction idempotency by client order', () => {
  it('answers the earlier payout for a retry (Clear Junction refuses the client order twice), never a second one', async () => {
    const { fake, bank } = setup();
    const input = payment();
    const first = await bank.sendPayment(input);
    const again = await bank.sendPayment(input);
    expect(again.paymentId).toBe(first.paymentId);
    expect(fake.payoutCount()).toBe(1);
    expect(fake.requests.map((request) => `${request.method} ${request.url.pathname}`).slice(2)).toEqual([
      'POST /v7/gate/payout/bankTransfer/eu',
      `GET /v7/gate/status/payout/clientOrder/${input.idempotencyKey}`,
    ]);
  });

  it('refuses another payment under a used key', async () => {
    const { bank } = setup();
    const input = payment();
    await bank.sendPayment(input);
    expect(await failure(bank.sendPayment({ ...input, amount: '250.51' }))).toMatchObject({ reason: 'IDEMPOTENCY_CONFLICT' });
    expect(await failure(bank.sendPayment({ ...input, beneficiary: { name: 'X', iban: 'NL91ABNA0417164300' } }))).toMatchObject({
      reason: 'IDEMPOTENCY_CONFLICT',
    });
  });

  it('after a timeout, finds the payout the key made (and approves it), or none when it was never made', async () => {
    const { fake, bank } = setup();
    const lost = payment();
    fake.answerNext({ lose: true });
    expect(await failure(bank.sendPayment(lost))).toBeInstanceOf(BankUnavailableError);
    const found = await bank.findPayment(lost.idempotencyKey);
    expect(found).toMatchObject({ idempotencyKey: lost.idempotencyKey, status: 'PENDING' });
    expect(fake.requests.at(-1)?.body).toEqual({ orderReferenceArray: [found!.paymentId] });
    fake.settleAll();
    expect((await bank.getPayment(found!.paymentId)).status).toBe('SETTLED');
    const never = payment();
    fake.answerNext({ hang: true });
    expect(await failure(bank.sendPayment(never))).toBeInstanceOf(BankUnavailableError);
    expect(await bank.findPayment(never.idempotencyKey)).toBeNull();
  });
});

describe('Clear Junction answers', () => {
  it.each([
    ['a server error', { status: 500, body: { errors: [{ code: '50', message: 'Internal error' }] } }],
    ['rate limiting', { status: 429, body: {} }],
    ['the sandbox load balancer refusing our address', { status: 403, text: '<html>403 Forbidden</html>' }],
    ['an answer that is no order', { status: 201, body: { hello: 'world' } }],
    ['a network error', { networkError: true as const }],
  ])('makes %s BankUnavailableError (retry with the same key)', async (_name, answer) => {
    const { fake, bank } = setup();
    fake.answerNext(answer);
    const error = await failure(bank.sendPayment(payment()));
    expect(error).toBeInstanceOf(BankUnavailableError);
    expect(error.message).not.toContain(PASSWORD);
  });

  it('says a refused signature is our credentials, and a refused payout is REJECTED with Clear Junction’s words', async () => {
    const wrong = setup({ apiPassword: 'not the password' });
    expect((await failure(wrong.bank.sendPayment(payment()))).message).toMatch(/HTTP 401 .*CLEAR_JUNCTION_API_KEY/);
    const { fake, bank } = setup();
    fake.answerNext({ status: 409, body: clearJunctionFixture('error-validation') });
    const refused = (await failure(bank.sendPayment(payment()))) as BankRefusedError;
    expect(refused).toBeInstanceOf(BankRefusedError);
    expect(refused).toMatchObject({ reason: 'REJECTED', message: expect.stringContaining('30 Validation error Wrong period dates') });
  });

  it('reads the documented payout statuses: settled, declined with its message, returned', async () => {
    const { fake, bank } = setup();
    const id = '12d603fa-4d0b-4fec-a9b0-cc3114da134e';
    fake.answerNext({ body: clearJunctionFixture('payout-status-settled') });
    expect(await bank.getPayment(id)).toEqual({
      paymentId: id,
      idempotencyKey: '999899-0005',
      status: 'SETTLED',
      scheme: 'SEPA',
      currency: 'EUR',
      amount: '210.55',
      reason: null,
    });
    fake.answerNext({ body: clearJunctionFixture('payout-status-declined') });
    expect(await bank.getPayment(id)).toMatchObject({
      status: 'REJECTED',
      scheme: 'FPS',
      reason: '008 Incorrect recipient details Please check account number.',
    });
    fake.answerNext({ body: clearJunctionFixture('payout-status-returned') });
    expect(await bank.getPayment(id)).toMatchObject({ status: 'RETURNED', reason: expect.stringContaining('AC06') });
    expect(await failure(bank.getPayment('not-a-uuid'))).toMatchObject({ reason: 'UNKNOWN_PAYMENT' });
  });

  it('keeps amounts exactly as written, in and out', () => {
    expect(parseKeepingAmounts('{"amount": 0.1, "operationAmount":12345678901234567.89, "n": 1}')).toEqual({
      amount: '0.1',
      operationAmount: '12345678901234567.89',
      n: 1,
    });
    expect(jsonWithAmount({ clientOrder: 'a' }, '0.10')).toBe('{"clientOrder":"a","amount":0.10}');
    expect(() => jsonWithAmount({}, '1e3')).toThrow();
  });
});
