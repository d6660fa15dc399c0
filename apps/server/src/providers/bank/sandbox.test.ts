import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { createManualClock } from '../../platform/clock.ts';
import { BankRefusedError, BankUnavailableError, BankWebhookRefusedError, type PaymentInput } from './bank.ts';
import { isValidIban } from './iban.ts';
import { createBankProvider } from './index.ts';
import {
  namedAccountNumber,
  SANDBOX_COLLECTION_ACCOUNTS,
  SANDBOX_OUTCOME_ACCOUNTS,
  SANDBOX_SORT_CODE,
  sandboxIban,
} from './sandbox-bank-accounts.ts';
import { createSandboxBank, sandboxBankOf } from './sandbox.ts';
import { createSandboxBankBook } from './sandbox-bank.repository.ts';
import { SandboxBankInputError } from './sandbox-credits.ts';
import { SANDBOX_BANK_SIGNATURE_HEADER, SANDBOX_BANK_WEBHOOK_SECRET, sandboxBankNotice } from './sandbox-webhook.ts';

// The sandbox bank of docs/sandbox.md ("Bank"): the documented accounts and outcomes, on the clock.
let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

function setup() {
  const clock = createManualClock();
  return { clock, bank: createSandboxBank({ book: createSandboxBankBook(database.db), clock, settleMs: 3_000 }) };
}
let counter = 0;
const key = () => `wd-sandbox-${(counter += 1)}`;
const toIban = (iban: string, overrides: Partial<PaymentInput> = {}): PaymentInput => ({
  idempotencyKey: key(),
  currency: 'EUR',
  amount: '10.00',
  beneficiary: { name: 'Julie Peterson', iban },
  reference: 'CW 1',
  ...overrides,
});
const outcome = (name: string) => SANDBOX_OUTCOME_ACCOUNTS.find((account) => account.outcome === name)!;

describe('the documented accounts', () => {
  it('are the ones sandbox-bank-accounts.ts lists in its comment, checksum-valid', () => {
    expect(SANDBOX_COLLECTION_ACCOUNTS.EUR.iban).toBe('LT539999000000000001');
    expect(
      SANDBOX_OUTCOME_ACCOUNTS.map(({ outcome: name, iban, sortCode, accountNumber }) => [name, iban, `${sortCode} ${accountNumber}`]),
    ).toEqual([
      ['REJECT', 'LT369999000000000404', '990010 00000404'],
      ['RETURN', 'LT799999000000000406', '990010 00000406'],
      ['UNAVAILABLE', 'LT799999000000000503', '990010 00000503'],
      ['TIMEOUT', 'LT529999000000000504', '990010 00000504'],
    ]);
    for (const account of SANDBOX_OUTCOME_ACCOUNTS) expect(isValidIban(account.iban)).toBe(true);
  });

  it('gives a holder the same numbers on every install, under the sandbox bank', async () => {
    const { bank } = setup();
    const eur = await bank.openNamedAccount({ holderReference: 'usr_fixed', holderName: 'Julie Peterson', currency: 'EUR' });
    const gbp = await bank.openNamedAccount({ holderReference: 'usr_fixed', holderName: 'Julie Peterson', currency: 'GBP' });
    expect(eur).toMatchObject({ iban: expect.stringMatching(/^LT\d{2}99990\d{11}$/), bic: 'CWSBLT21', bankName: 'Causeway Sandbox Bank' });
    expect(gbp).toMatchObject({ sortCode: SANDBOX_SORT_CODE, accountNumber: expect.stringMatching(/^\d{8}$/) });
    expect(Number(gbp.accountNumber)).toBeGreaterThanOrEqual(1_000_000);
    expect(eur.iban).toBe(sandboxIban(namedAccountNumber('usr_fixed', 'EUR', 0, 11)));
  });
});

describe('payments on the clock', () => {
  it('is PENDING until SANDBOX_BANK_SETTLE_MS has passed, then SETTLED', async () => {
    const { bank, clock } = setup();
    const sent = await bank.sendPayment(toIban('DE89370400440532013000'));
    clock.advance(2_999);
    expect((await bank.getPayment(sent.paymentId)).status).toBe('PENDING');
    clock.advance(1);
    expect(await bank.getPayment(sent.paymentId)).toMatchObject({ status: 'SETTLED', reason: null });
  });

  it('rejects a payment to the closed account at once', async () => {
    const { bank } = setup();
    expect(await bank.sendPayment(toIban(outcome('REJECT').iban))).toMatchObject({ status: 'REJECTED', reason: 'AC04 account closed' });
    const uk = { name: 'Ada Byron', sortCode: '99-00-10', accountNumber: outcome('REJECT').accountNumber };
    expect(await bank.sendPayment({ ...toIban(''), currency: 'GBP', beneficiary: uk })).toMatchObject({
      status: 'REJECTED',
      scheme: 'FPS',
    });
  });

  it('settles, then returns, a payment to the blocked account', async () => {
    const { bank, clock } = setup();
    const sent = await bank.sendPayment(toIban(outcome('RETURN').iban));
    clock.advance(3_000);
    expect((await bank.getPayment(sent.paymentId)).status).toBe('SETTLED');
    clock.advance(3_000);
    expect(await bank.getPayment(sent.paymentId)).toMatchObject({ status: 'RETURNED', reason: 'AC06 account blocked' });
  });

  it('is unavailable for one account (nothing sent), and loses the answer for another (found by its key)', async () => {
    const { bank } = setup();
    const unavailable = toIban(outcome('UNAVAILABLE').iban);
    await expect(bank.sendPayment(unavailable)).rejects.toBeInstanceOf(BankUnavailableError);
    expect(await bank.findPayment(unavailable.idempotencyKey)).toBeNull();
    const lost = toIban(outcome('TIMEOUT').iban);
    await expect(bank.sendPayment(lost)).rejects.toBeInstanceOf(BankUnavailableError);
    await expect(bank.sendPayment(lost)).rejects.toBeInstanceOf(BankUnavailableError);
    expect(await bank.findPayment(lost.idempotencyKey)).toMatchObject({ status: 'PENDING', idempotencyKey: lost.idempotencyKey });
    expect((await bank.recentPayments(50)).filter((payment) => payment.idempotencyKey === lost.idempotencyKey)).toHaveLength(1);
  });

  it('makes one payment of sends racing with one key', async () => {
    const { bank } = setup();
    const input = toIban('DE89370400440532013000');
    const sent = await Promise.all([1, 2, 3, 4].map(() => bank.sendPayment(input)));
    expect(new Set(sent.map((payment) => payment.paymentId)).size).toBe(1);
  });
});

describe('credits', () => {
  it('land on a named account by IBAN, by sort code and account number, or on the collection account', async () => {
    const { bank } = setup();
    const eur = await bank.openNamedAccount({ holderReference: 'usr_credits', holderName: 'Julie Peterson', currency: 'EUR' });
    const gbp = await bank.openNamedAccount({ holderReference: 'usr_credits', holderName: 'Julie Peterson', currency: 'GBP' });
    const common = { amount: '100', reference: 'CW-7Q4K2M', payerName: 'Julie Peterson' };
    const spaced = eur.iban!.replace(/(.{4})/g, '$1 ').toLowerCase();
    expect(
      await bank.simulateIncomingCredit({ ...common, currency: 'EUR', iban: spaced, payerAccount: 'de89 3704 0044 0532 0130 00' }),
    ).toMatchObject({
      accountId: eur.accountId,
      amount: '100.00',
      payerAccount: 'DE89370400440532013000',
      status: 'RECEIVED',
    });
    const byUk = await bank.simulateIncomingCredit({ ...common, currency: 'GBP', sortCode: '99-00-10', accountNumber: gbp.accountNumber });
    expect(byUk.accountId).toBe(gbp.accountId);
    expect((await bank.simulateIncomingCredit({ ...common, currency: 'GBP' })).accountId).toBeNull();
    expect(
      (await bank.simulateIncomingCredit({ ...common, currency: 'EUR', iban: SANDBOX_COLLECTION_ACCOUNTS.EUR.iban })).accountId,
    ).toBeNull();
  });

  it('refuses what no bank would take, naming the field', async () => {
    const { bank } = setup();
    const eur = await bank.openNamedAccount({ holderReference: 'usr_refused', holderName: 'Julie Peterson', currency: 'EUR' });
    const good = { currency: 'EUR', amount: '1.00', reference: '', payerName: 'Julie Peterson' };
    const refused = async (input: Record<string, unknown>) =>
      bank.simulateIncomingCredit({ ...good, ...input }).then(
        () => undefined,
        (error: unknown) => error as Error,
      );
    for (const amount of ['0', '-1', '1.001', '1e3', '', ' 1', '12345678901234'])
      expect(await refused({ amount }), amount).toMatchObject({ field: 'amount' });
    expect(await refused({ currency: 'USD' })).toMatchObject({ field: 'currency' });
    expect(await refused({ payerName: ' ' })).toMatchObject({ field: 'payerName' });
    expect(await refused({ reference: 'x'.repeat(141) })).toMatchObject({ field: 'reference' });
    expect(await refused({ iban: 'LT000000000000000000' })).toBeInstanceOf(SandboxBankInputError);
    expect(await refused({ iban: eur.iban, currency: 'GBP' })).toMatchObject({ reason: 'UNSUPPORTED_CURRENCY' });
    expect(await refused({ iban: 'DE89370400440532013000' })).toMatchObject({ reason: 'INVALID_ACCOUNT' });
    expect(await refused({ accountId: 'bac_nobody' })).toBeInstanceOf(BankRefusedError);
  });

  it('returns a credit by id (again is a no-op), and tells the intake with a signed notice', async () => {
    const { bank, clock } = setup();
    const credit = await bank.simulateIncomingCredit({ currency: 'EUR', amount: '5', reference: 'r', payerName: 'P' });
    clock.advance(1_000);
    expect(await bank.returnCredit(credit.creditId)).toMatchObject({ creditId: credit.creditId, status: 'RETURNED' });
    expect((await bank.returnCredit(credit.creditId)).status).toBe('RETURNED');
    expect((await bank.getCredit(credit.creditId)).status).toBe('RETURNED');
    await expect(bank.returnCredit('bcr_unknown')).rejects.toMatchObject({ reason: 'UNKNOWN_CREDIT' });
    const notice = sandboxBankNotice({ type: 'credit', creditId: credit.creditId });
    expect(bank.readWebhook(notice.headers, notice.rawBody)).toEqual([{ type: 'credit', creditId: credit.creditId }]);
    const other = Buffer.from('{"type":"statement","creditId":"bcr_x"}');
    const signed = { [SANDBOX_BANK_SIGNATURE_HEADER]: createHmac('sha256', SANDBOX_BANK_WEBHOOK_SECRET).update(other).digest('hex') };
    expect(bank.readWebhook(signed, other)).toEqual([]);
    expect(() => bank.readWebhook(notice.headers, other)).toThrow(BankWebhookRefusedError);
  });
});

describe('the factory', () => {
  it('builds the sandbox bank as its own handle, and refuses a bad SANDBOX_BANK_SETTLE_MS by name', () => {
    const clock = createManualClock();
    const { provider, sandbox } = createBankProvider({ kind: 'sandbox', db: database.db, clock, sandboxSettleMs: 0 });
    expect(sandbox).toBe(provider);
    expect(sandboxBankOf(provider)).toBe(provider);
    for (const settleMs of [-1, 1.5, 86_400_001])
      expect(() => createSandboxBank({ book: createSandboxBankBook(database.db), clock, settleMs })).toThrow('SANDBOX_BANK_SETTLE_MS');
  });
});
