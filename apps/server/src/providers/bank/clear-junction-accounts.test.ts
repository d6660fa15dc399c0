import { describe, expect, it } from 'vitest';
import { createManualClock } from '../../platform/clock.ts';
import { BankRefusedError, BankUnavailableError, BankWebhookRefusedError } from './bank.ts';
import { createClearJunctionBank } from './clear-junction.ts';
import { clearJunctionAccountId } from './clear-junction-orders.ts';
import { clearJunctionHeaders } from './clear-junction-signature.ts';
import { clearJunctionFixture, createFakeClearJunction } from './fixtures/clear-junction/fake-clear-junction.ts';

// Clear Junction's virtual IBANs, pay-ins and notifications, through the documented shapes (fixtures/clear-junction).
const API_KEY = '730ee406-817e-11e7-bb31-be2e44b06b34';
const PASSWORD = 'correct horse battery staple 2026';
const WALLET = '348e11ab-dbfb-4ae8-99e7-349b00868f6f';

function setup(allocationReads = 0) {
  const clock = createManualClock();
  const fake = createFakeClearJunction({ apiKey: API_KEY, apiPassword: PASSWORD, walletUuid: WALLET, allocationReads });
  const bank = createClearJunctionBank({ apiKey: API_KEY, apiPassword: PASSWORD, walletUuid: WALLET, clock, fetchImpl: fake.fetchImpl });
  return { clock, fake, bank };
}
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error as Error,
  );
const routes = (fake: ReturnType<typeof setup>['fake']) => fake.requests.map((request) => `${request.method} ${request.url.pathname}`);

describe('Clear Junction named accounts (virtual IBANs)', () => {
  it('allocates a GB virtual IBAN for the holder, under an account id that is also the client order and the registrant', async () => {
    const { fake, bank } = setup();
    const account = await bank.openNamedAccount({ holderReference: 'usr_7f3c2a91', holderName: 'Julie Maria Peterson', currency: 'EUR' });
    const accountId = clearJunctionAccountId('usr_7f3c2a91', 'EUR');
    expect(routes(fake)).toEqual([
      `GET /v7/gate/allocate/v2/status/iban/clientOrder/${accountId}`,
      'POST /v7/gate/allocate/v3/create/iban',
      `GET /v7/gate/allocate/v2/status/iban/clientOrder/${accountId}`,
    ]);
    expect(fake.requests[1]?.body).toEqual({
      clientOrder: accountId,
      walletUuid: WALLET,
      ibanCountry: 'GB',
      registrant: { clientCustomerId: accountId, individual: { firstName: 'Julie Maria', lastName: 'Peterson' } },
    });
    expect(account).toEqual({
      accountId,
      holderReference: 'usr_7f3c2a91',
      holderName: 'Julie Maria Peterson',
      currency: 'EUR',
      scheme: 'SEPA',
      iban: expect.stringMatching(/^GB\d{2}CLJU041307\d{8}$/),
      bic: 'CLJUGB21',
      sortCode: null,
      accountNumber: null,
      bankName: 'Clear Junction Limited',
      bankAddress: expect.stringContaining('London'),
    });
  });

  it('shows a GBP account as the sort code and account number its GB IBAN carries', async () => {
    const { fake, bank } = setup();
    fake.answerNext({ status: 404, body: {} });
    fake.answerNext({ body: clearJunctionFixture('allocation-accepted') });
    fake.answerNext({ body: clearJunctionFixture('allocation-status-allocated') });
    const account = await bank.openNamedAccount({ holderReference: 'usr_gbp', holderName: 'Ada Byron', currency: 'GBP' });
    expect(account).toMatchObject({ scheme: 'FPS', iban: null, bic: null, sortCode: '041307', accountNumber: '29900988' });
  });

  it('is unavailable while the allocation is pending, and finds the same allocation when asked again', async () => {
    const { fake, bank } = setup(1);
    const holder = { holderReference: 'usr_slow', holderName: 'Julie Peterson', currency: 'EUR' as const };
    expect(await failure(bank.openNamedAccount(holder))).toBeInstanceOf(BankUnavailableError);
    const account = await bank.openNamedAccount(holder);
    expect(account.iban).toMatch(/^GB/);
    expect(routes(fake).filter((route) => route.startsWith('POST'))).toHaveLength(1);
  });

  it('refuses for good an allocation Clear Junction declined, with its reason', async () => {
    const { fake, bank } = setup();
    fake.answerNext({ body: clearJunctionFixture('allocation-status-declined') });
    const error = await failure(bank.openNamedAccount({ holderReference: 'usr_declined', holderName: 'J', currency: 'EUR' }));
    expect(error).toBeInstanceOf(BankRefusedError);
    expect(error).toMatchObject({ reason: 'REJECTED', message: expect.stringContaining('Invalid firstName') });
  });
});

describe('Clear Junction pay-ins', () => {
  it('reads the documented pay-in: reference, payer, account, and amount in minor units', async () => {
    const { fake, bank } = setup();
    fake.answerNext({ body: clearJunctionFixture('payin-status-captured') });
    expect(await bank.getCredit('8A934717-72ED-45A2-9730-393A3F04BDF7')).toEqual({
      creditId: '8a934717-72ed-45a2-9730-393a3f04bdf7',
      // 2983ght938 is no account id of ours: a transfer to the wallet itself (the collection account).
      accountId: null,
      currency: 'EUR',
      amount: '210.55',
      reference: 'Birthday present',
      payerName: 'Peterson Julie',
      payerAccount: 'DE89370400440532013000',
      status: 'RECEIVED',
      receivedAt: new Date('2017-09-05T10:37:15Z'),
    });
    expect(fake.requests[0]?.url.pathname).toBe('/v7/gate/status/invoice/orderReference/8a934717-72ed-45a2-9730-393a3f04bdf7');
    fake.answerNext({ body: clearJunctionFixture('payin-status-pending') });
    expect(await failure(bank.getCredit('8a934717-72ed-45a2-9730-393a3f04bdf7'))).toBeInstanceOf(BankUnavailableError);
    expect(await failure(bank.getCredit('8a934717-72ed-45a2-9730-393a3f04bdf0'))).toMatchObject({ reason: 'UNKNOWN_CREDIT' });
    expect(await failure(bank.getCredit('bcr_x'))).toMatchObject({ reason: 'UNKNOWN_CREDIT' });
  });

  it('lists the pay-ins of the transaction report (at most seven days of it), oldest first, leaving out what is not final', async () => {
    const { fake, bank, clock } = setup();
    const accountId = clearJunctionAccountId('usr_list', 'GBP');
    const since = new Date(clock.now().getTime() - 30 * 24 * 60 * 60 * 1000);
    const base = { clientCustomerId: accountId, currency: 'GBP', reference: 'CW-1', payerName: 'Ada', payerIban: 'GB82WEST12345698765432' };
    fake.receive({ ...base, amount: '20.1', at: new Date(since.getTime() + 2_000) });
    fake.receive({ ...base, amount: '10', at: new Date(since.getTime() + 1_000) });
    Object.assign(fake.receive({ ...base, amount: '5', at: new Date(since.getTime() + 3_000) }), { status: 'pending' });
    fake.receive({ ...base, amount: '7', at: new Date(since.getTime() + 8 * 24 * 60 * 60 * 1000) });
    const credits = await bank.listCredits(since, 10);
    expect(credits.map((credit) => [credit.amount, credit.accountId])).toEqual([
      ['10.00', accountId],
      ['20.10', accountId],
    ]);
    expect(fake.requests[0]?.body).toEqual({
      walletUuid: WALLET,
      timestampFrom: since.toISOString().replace('.000Z', '+00:00'),
      timestampTo: '2026-10-29T12:00:00+00:00',
    });
    expect(await bank.listCredits(since, 1)).toHaveLength(1);
  });
});

describe('Clear Junction notifications', () => {
  it('reads a signed pay-in, payout and payout-return notification as what to read again', () => {
    const { fake, bank } = setup();
    const read = (name: string) => {
      const delivery = fake.notification(clearJunctionFixture(name));
      return bank.readWebhook(delivery.headers, delivery.rawBody);
    };
    expect(read('notification-payin')).toEqual([{ type: 'credit', creditId: '8a934717-72ed-45a2-9730-393a3f04bdf7' }]);
    expect(read('notification-payout')).toEqual([{ type: 'payment', paymentId: '12d603fa-4d0b-4fec-a9b0-cc3114da134e' }]);
    expect(read('notification-payout-return')).toEqual([{ type: 'payment', paymentId: '12d603fa-4d0b-4fec-a9b0-cc3114da134e' }]);
    const allocation = fake.notification({ type: 'ibanAllocationNotification', orderReference: '12d603fa-4d0b-4fec-a9b0-cc3114da134e' });
    expect(bank.readWebhook(allocation.headers, allocation.rawBody)).toEqual([]);
  });

  it('takes the signature bare or as a Bearer token, and refuses another key, another password, a changed body or missing headers', () => {
    const { fake, bank } = setup();
    const delivery = fake.notification(clearJunctionFixture('notification-payin'));
    expect(
      bank.readWebhook({ ...delivery.headers, Authorization: `Bearer ${delivery.headers.Authorization}` }, delivery.rawBody),
    ).toHaveLength(1);
    const body = delivery.rawBody.toString('utf8');
    const signedBy = (apiKey: string, apiPassword: string) =>
      clearJunctionHeaders({ apiKey, apiPassword }, delivery.headers.Date ?? '', body);
    const refused = [
      [signedBy('00000000-817e-11e7-bb31-be2e44b06b34', PASSWORD), delivery.rawBody],
      [signedBy(API_KEY, 'guessed'), delivery.rawBody],
      [delivery.headers, Buffer.from(body.replace('210.55', '2100.55'))],
      [{ ...delivery.headers, Date: '2026-11-21T12:00:01+00:00' }, delivery.rawBody],
      [{ 'X-API-KEY': API_KEY, Authorization: delivery.headers.Authorization }, delivery.rawBody],
      [{}, delivery.rawBody],
    ] as const;
    for (const [headers, rawBody] of refused) expect(() => bank.readWebhook({ ...headers }, rawBody)).toThrow(BankWebhookRefusedError);
  });
});
