import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { createManualClock } from '../../platform/clock.ts';
import { type BankProvider, type BankRefusedError, BankWebhookRefusedError, type NamedAccount, type PaymentInput } from './bank.ts';
import { createClearJunctionBank } from './clear-junction.ts';
import { createFakeClearJunction } from './fixtures/clear-junction/fake-clear-junction.ts';
import { isValidIban } from './iban.ts';
import { createSandboxBank } from './sandbox.ts';
import { createSandboxBankBook } from './sandbox-bank.repository.ts';
import { sandboxBankNotice } from './sandbox-webhook.ts';

// One suite, every adapter (docs/house-style.md): the sandbox bank on a real database, Clear Junction against its stand-in.
let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

interface Subject {
  bank: BankProvider;
  clock: ReturnType<typeof createManualClock>;
  /** Moves the world on until sent payments are settled. */
  settle(): void;
  /** Someone's bank sends `amount` to a named account. */
  receive(account: NamedAccount, amount: string, reference: string): Promise<void>;
  /** The vendor's signed webhook about a credit or a payment, exactly as it would deliver it. */
  notice(about: { creditId: string } | { paymentId: string }): { headers: Record<string, string>; rawBody: Buffer };
}

const CJ = {
  apiKey: '730ee406-817e-11e7-bb31-be2e44b06b34',
  apiPassword: 'contract password',
  walletUuid: '348e11ab-dbfb-4ae8-99e7-349b00868f6f',
};
const adapters: Array<[string, () => Subject]> = [
  [
    'sandbox',
    () => {
      const clock = createManualClock();
      const bank = createSandboxBank({ book: createSandboxBankBook(database.db), clock, settleMs: 3_000 });
      return {
        bank,
        clock,
        settle: () => clock.advance(3_000),
        receive: async (account, amount, reference) =>
          void (await bank.simulateIncomingCredit({
            accountId: account.accountId,
            currency: account.currency,
            amount,
            reference,
            payerName: 'Julie Peterson',
          })),
        notice: (about) => sandboxBankNotice('creditId' in about ? { type: 'credit', ...about } : { type: 'payment', ...about }),
      };
    },
  ],
  [
    'clearjunction',
    () => {
      const clock = createManualClock();
      const fake = createFakeClearJunction(CJ);
      const bank = createClearJunctionBank({ ...CJ, baseUrl: 'https://sandbox.clearjunction.test', clock, fetchImpl: fake.fetchImpl });
      return {
        bank,
        clock,
        settle: () => fake.settleAll(),
        receive: async (account, amount, reference) =>
          void fake.receive({
            clientCustomerId: account.accountId,
            currency: account.currency,
            amount,
            reference,
            payerName: 'Julie Peterson',
            payerIban: 'DE89370400440532013000',
            at: clock.now(),
          }),
        notice: (about) =>
          fake.notification(
            'creditId' in about
              ? { type: 'payinNotification', orderReference: about.creditId, messageUuid: crypto.randomUUID() }
              : { type: 'payoutNotification', orderReference: about.paymentId, messageUuid: crypto.randomUUID() },
          ),
      };
    },
  ],
];

let counter = 0;
const holder = () => `usr_contract${(counter += 1)}`;
const payment = (overrides: Partial<PaymentInput> = {}): PaymentInput => ({
  idempotencyKey: `wd-contract-${(counter += 1)}`,
  currency: 'EUR',
  amount: '250.5',
  beneficiary: { name: 'Julie Peterson', iban: 'DE89 3704 0044 0532 0130 00' },
  reference: 'CW WITHDRAWAL 1',
  ...overrides,
});
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (error: unknown) => error as BankRefusedError,
  );

describe.each(adapters)('BankProvider: %s', (_name, create) => {
  it('opens one named account per holder and currency, idempotently: an IBAN for EUR, a sort code and account number for GBP', async () => {
    const { bank } = create();
    const person = holder();
    const eur = await bank.openNamedAccount({ holderReference: person, holderName: 'Julie Peterson', currency: 'EUR' });
    expect(eur).toMatchObject({
      holderReference: person,
      holderName: 'Julie Peterson',
      currency: 'EUR',
      scheme: 'SEPA',
      sortCode: null,
      accountNumber: null,
    });
    expect(isValidIban(eur.iban ?? '')).toBe(true);
    expect(eur.accountId.length).toBeLessThanOrEqual(64);
    expect(await bank.openNamedAccount({ holderReference: person, holderName: 'Julie Peterson', currency: 'EUR' })).toEqual(eur);
    const gbp = await bank.openNamedAccount({ holderReference: person, holderName: 'Julie Peterson', currency: 'GBP' });
    expect(gbp).toMatchObject({ currency: 'GBP', scheme: 'FPS', iban: null, bic: null });
    expect(gbp.sortCode).toMatch(/^\d{6}$/);
    expect(gbp.accountNumber).toMatch(/^\d{8}$/);
    expect(gbp.accountId).not.toBe(eur.accountId);
    const other = await bank.openNamedAccount({ holderReference: holder(), holderName: 'Ada Byron', currency: 'EUR' });
    expect(other.iban).not.toBe(eur.iban);
  });

  it('reports a credit on a named account, in the poll and by id, amount in minor units', async () => {
    const { bank, clock, receive } = create();
    const account = await bank.openNamedAccount({ holderReference: holder(), holderName: 'Julie Peterson', currency: 'EUR' });
    const since = clock.now();
    await receive(account, '100.5', ' CW-7Q4K2M ');
    const [credit] = (await bank.listCredits(since, 100)).filter((entry) => entry.accountId === account.accountId);
    expect(credit).toMatchObject({
      accountId: account.accountId,
      currency: 'EUR',
      amount: '100.50',
      reference: 'CW-7Q4K2M',
      status: 'RECEIVED',
    });
    expect(credit!.creditId.length).toBeLessThanOrEqual(64);
    expect(await bank.getCredit(credit!.creditId)).toEqual(credit);
    expect(await bank.listCredits(new Date(since.getTime() + 60_000), 100)).toEqual([]);
  });

  it('sends a payment PENDING, answers the same payment for the same key, and settles it', async () => {
    const { bank, settle } = create();
    const input = payment();
    const sent = await bank.sendPayment(input);
    expect(sent).toMatchObject({
      idempotencyKey: input.idempotencyKey,
      status: 'PENDING',
      scheme: 'SEPA',
      currency: 'EUR',
      amount: '250.50',
      reason: null,
    });
    expect((await bank.sendPayment(input)).paymentId).toBe(sent.paymentId);
    expect(await bank.findPayment(input.idempotencyKey)).toMatchObject({ paymentId: sent.paymentId });
    settle();
    expect(await bank.getPayment(sent.paymentId)).toMatchObject({ paymentId: sent.paymentId, status: 'SETTLED' });
  });

  it('sends Faster Payments to a sort code and account number', async () => {
    const { bank } = create();
    const sent = await bank.sendPayment(
      payment({ currency: 'GBP', amount: '12', beneficiary: { name: 'Ada Byron', sortCode: '20-00-00', accountNumber: '55779911' } }),
    );
    expect(sent).toMatchObject({ scheme: 'FPS', currency: 'GBP', amount: '12.00', status: 'PENDING' });
  });

  it('refuses another payment under a used key, and accounts that are not valid for the scheme', async () => {
    const { bank } = create();
    const input = payment();
    await bank.sendPayment(input);
    expect((await refusal(bank.sendPayment({ ...input, amount: '250.51' }))).reason).toBe('IDEMPOTENCY_CONFLICT');
    expect((await refusal(bank.sendPayment(payment({ beneficiary: { name: 'X', iban: 'DE89370400440532013001' } })))).reason).toBe(
      'INVALID_ACCOUNT',
    );
    expect(
      (await refusal(bank.sendPayment(payment({ currency: 'GBP', beneficiary: { name: 'X', iban: 'DE89370400440532013000' } })))).reason,
    ).toBe('INVALID_ACCOUNT');
  });

  it('answers unknown ids and keys plainly', async () => {
    const { bank } = create();
    expect((await refusal(bank.getPayment('00000000-0000-4000-8000-000000000000'))).reason).toBe('UNKNOWN_PAYMENT');
    expect((await refusal(bank.getCredit('00000000-0000-4000-8000-000000000000'))).reason).toBe('UNKNOWN_CREDIT');
    expect(await bank.findPayment('never-sent')).toBeNull();
  });

  it('reads its signed webhooks, and refuses a tampered body or a missing signature', async () => {
    const { bank, clock, receive, notice } = create();
    const account = await bank.openNamedAccount({ holderReference: holder(), holderName: 'Julie Peterson', currency: 'GBP' });
    const since = clock.now();
    await receive(account, '20', 'ref');
    const credit = (await bank.listCredits(since, 1000)).find((entry) => entry.accountId === account.accountId)!;
    const delivery = notice({ creditId: credit.creditId });
    expect(bank.readWebhook(delivery.headers, delivery.rawBody)).toEqual([{ type: 'credit', creditId: credit.creditId }]);
    const sent = await bank.sendPayment(payment());
    const paid = notice({ paymentId: sent.paymentId });
    expect(bank.readWebhook(paid.headers, paid.rawBody)).toEqual([{ type: 'payment', paymentId: sent.paymentId }]);
    const tampered = Buffer.from(delivery.rawBody.toString('utf8').replace(credit.creditId, sent.paymentId));
    expect(() => bank.readWebhook(delivery.headers, tampered)).toThrow(BankWebhookRefusedError);
    expect(() => bank.readWebhook({}, delivery.rawBody)).toThrow(BankWebhookRefusedError);
  });
});
