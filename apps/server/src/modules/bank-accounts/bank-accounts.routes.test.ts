import { bankAccountSchema, listBankAccountResultSchema, PATHS } from '@causeway/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  achAccount,
  addBankAccount,
  deleteBankAccount,
  listBankAccounts,
  SEPA_ACCOUNT,
  SWIFT_ACCOUNT,
  UK_ACCOUNT,
  verifiedPayee,
} from '../../../test/bank-account-helpers.ts';
import { call, createIdentityTestApp, type IdentityTestApp, signUp, tokenHeaders } from '../../../test/identity-helpers.ts';
import { newIndividual } from '../../../test/kyc-helpers.ts';
import { bankAccounts, kycProfiles } from '../../db/schema/index.ts';
import { createBankAccountsModule } from './bank-accounts.module.ts';

let t: IdentityTestApp;
let face: ReturnType<typeof createBankAccountsModule>['savedBankAccounts'];
beforeAll(async () => {
  t = await createIdentityTestApp();
  face = createBankAccountsModule({
    db: t.db,
    clock: t.clock,
    transaction: (work) => work(),
    kycStatusOf: async () => undefined,
    verifiedNameOf: async () => null,
  }).savedBankAccounts;
});
afterAll(() => t.app.close());

const DAY_MS = 24 * 60 * 60 * 1000;
const rowsOf = (userId: string) => t.db.select().from(bankAccounts).where(eq(bankAccounts.userId, userId));

describe('bank-account/list, add and delete', () => {
  it('answers 401 USER0000001 without a session', async () => {
    for (const [path, body] of [
      [PATHS.listBankAccount, {}],
      [PATHS.addBankAccount, SEPA_ACCOUNT],
      [PATHS.deleteBankAccount, { bankAccountId: 'bka_x' }],
    ] as const) {
      const response = await call(t.app, 'POST', path, { body });
      expect(response.statusCode, path).toBe(401);
      expect(response.body.code, path).toBe('USER0000001');
    }
  });

  it('saves one account of each kind, keeps the codes compact, and lists them masked, never whole', async () => {
    const ada = await verifiedPayee(t, 'bank-happy@example.com');
    const added = [];
    let headers = ada.headers;
    for (const body of [SEPA_ACCOUNT, UK_ACCOUNT, SWIFT_ACCOUNT, achAccount(1)]) {
      if (body.kind === 'ACH') {
        // Three a day: the fourth kind waits a day (and a new session: tokens live an hour).
        t.clock.advance(DAY_MS);
        headers = tokenHeaders(await signUp(t.app, 'bank-happy@example.com'));
      }
      const response = await addBankAccount(t, headers, body);
      t.clock.advance(1000);
      expect(response.statusCode, body.kind).toBe(200);
      added.push(bankAccountSchema.parse(response.body.data));
    }
    expect(added.map(({ kind, currency, maskedNumber }) => ({ kind, currency, maskedNumber }))).toEqual([
      { kind: 'SEPA', currency: 'EUR', maskedNumber: 'DE89 **** 3000' },
      { kind: 'UK', currency: 'GBP', maskedNumber: '6016 **** 6819' },
      { kind: 'SWIFT', currency: null, maskedNumber: '0001 **** 6789' },
      { kind: 'ACH', currency: 'USD', maskedNumber: '0110 **** 0001' },
    ]);
    const listed = listBankAccountResultSchema.parse((await listBankAccounts(t, headers)).body.data);
    expect(listed).toMatchObject({ maxBankAccounts: 10, bankAccountsPerDay: 3, addBankAccountWaitReason: null });
    expect(listed.bankAccounts.map((account) => account.bankAccountId)).toEqual(added.map((account) => account.bankAccountId));
    const dump = JSON.stringify(listed);
    for (const whole of ['DE89370400440532013000', '31926819', '000123456789']) expect(dump).not.toContain(whole);

    const [sepa] = (await rowsOf(ada.userId)).filter((row) => row.kind === 'SEPA');
    expect(sepa).toMatchObject({ iban: 'DE89370400440532013000', accountKey: 'IBAN:DE89370400440532013000', deletedAt: null });
    // What a payout reads: every field the bank needs, the person's own only.
    expect(await face.bankAccountForPayout(ada.userId, sepa!.id)).toMatchObject({
      kind: 'SEPA',
      accountName: 'Ada Lovelace',
      iban: 'DE89370400440532013000',
      bankName: 'Commerzbank',
      maskedNumber: 'DE89 **** 3000',
    });
  });

  it('answers the saved account when the same one is added again, however it is written', async () => {
    const ada = await verifiedPayee(t, 'bank-again@example.com');
    const first = await addBankAccount(t, ada.headers, { ...SEPA_ACCOUNT, iban: 'FR14 2004 1010 0505 0001 3M02 606' });
    const again = await addBankAccount(t, ada.headers, { ...SEPA_ACCOUNT, iban: 'fr1420041010050500013m02606' });
    expect(again.statusCode).toBe(200);
    expect(again.body.data.bankAccountId).toBe(first.body.data.bankAccountId);
    // A British IBAN is the sort code and account number it holds.
    const uk = await addBankAccount(t, ada.headers, { ...UK_ACCOUNT, sortCode: '40-05-15', accountNumberUk: '12345678' });
    const asIban = await addBankAccount(t, ada.headers, { ...SEPA_ACCOUNT, iban: 'GB15 MIDL 4005 1512 3456 78' });
    expect(asIban.body).toMatchObject({ code: '000000', data: { bankAccountId: uk.body.data.bankAccountId, kind: 'UK' } });
    expect(await rowsOf(ada.userId)).toHaveLength(2);
  });

  it.each([
    ['an invalid IBAN', { ...SEPA_ACCOUNT, iban: 'DE89370400440532013001' }, 'BKA0000001', 'iban'],
    ['an IBAN outside SEPA', { ...SEPA_ACCOUNT, iban: 'TR330006100519786457841326' }, 'BKA0000001', 'iban'],
    ['an invalid SWIFT/BIC', { ...SWIFT_ACCOUNT, identifierCode: 'CHAS1233' }, 'BKA0000002', 'identifierCode'],
    ['an invalid ABA routing number', { ...achAccount(2), abaRoutingNumber: '011000016' }, 'BKA0000003', 'abaRoutingNumber'],
    ['an invalid account number', { ...achAccount(2), accountNumber: '12' }, 'BKA0000004', 'accountNumber'],
    ['an invalid UK account number', { ...UK_ACCOUNT, accountNumberUk: '1234' }, 'BKA0000004', 'accountNumberUk'],
    ['an invalid sort code', { ...UK_ACCOUNT, sortCode: '12345' }, 'BKA0000005', 'sortCode'],
  ])('refuses %s, names the field, and saves nothing', async (_, body, code, field) => {
    const ada = await verifiedPayee(t, `bank-invalid-${code.toLowerCase()}-${field.toLowerCase()}@example.com`);
    const response = await addBankAccount(t, ada.headers, body);
    expect(response.statusCode).toBe(400);
    expect(response.body).toMatchObject({ code, data: { field } });
    expect(await rowsOf(ada.userId)).toEqual([]);
  });

  it("refuses a body of the wrong shape with a 400 (a kind with another kind's fields, a text field with markup)", async () => {
    const ada = await verifiedPayee(t, 'bank-shape@example.com');
    for (const body of [{ ...SEPA_ACCOUNT, kind: 'UK' }, { ...SEPA_ACCOUNT, accountName: '<b>Ada</b>' }, { kind: 'CHEQUE' }]) {
      const response = await addBankAccount(t, ada.headers, body);
      expect(response.statusCode).toBe(400);
      expect(response.body.code).toBe('REQ0000400');
    }
    expect(await rowsOf(ada.userId)).toEqual([]);
  });

  it('refuses a person whose verification has not passed with BKA0000012', async () => {
    const person = await newIndividual(t, 'bank-unverified@example.com');
    const response = await addBankAccount(t, tokenHeaders(person.token), SEPA_ACCOUNT);
    expect(response.statusCode).toBe(403);
    expect(response.body.code).toBe('BKA0000012');
    expect(await rowsOf(person.userId)).toEqual([]);
  });

  it('refuses an account in another name than the verified one with BKA0000011', async () => {
    const ada = await verifiedPayee(t, 'bank-name@example.com');
    for (const accountName of ['Charles Babbage', 'Ada', 'Ada Lovelace Ltd']) {
      const response = await addBankAccount(t, ada.headers, { ...SEPA_ACCOUNT, accountName });
      expect(response.body.code, accountName).toBe('BKA0000011');
    }
    // A verified profile without a recorded name cannot be matched: refused too.
    await t.db.update(kycProfiles).set({ firstName: null, lastName: null }).where(eq(kycProfiles.userId, ada.userId));
    expect((await addBankAccount(t, ada.headers, SEPA_ACCOUNT)).body.code).toBe('BKA0000011');
    expect(await rowsOf(ada.userId)).toEqual([]);
  });

  it('refuses an account another person saved with BKA0000006, until they delete it', async () => {
    const ada = await verifiedPayee(t, 'bank-owner@example.com');
    const twin = await verifiedPayee(t, 'bank-twin@example.com');
    const iban = 'NL91 ABNA 0417 1643 00';
    const saved = await addBankAccount(t, ada.headers, { ...SEPA_ACCOUNT, iban });
    const refused = await addBankAccount(t, twin.headers, { ...SEPA_ACCOUNT, iban: 'NL91ABNA0417164300' });
    expect(refused.statusCode).toBe(409);
    expect(refused.body.code).toBe('BKA0000006');
    expect(await rowsOf(twin.userId)).toEqual([]);

    await deleteBankAccount(t, ada.headers, saved.body.data.bankAccountId);
    expect((await addBankAccount(t, twin.headers, { ...SEPA_ACCOUNT, iban })).statusCode).toBe(200);
  });

  it("a person never lists, deletes or pays to another person's account", async () => {
    const owner = await verifiedPayee(t, 'bank-cross-owner@example.com');
    const other = await verifiedPayee(t, 'bank-cross-other@example.com');
    const account = (await addBankAccount(t, owner.headers, achAccount(40))).body.data as { bankAccountId: string };
    expect((await listBankAccounts(t, other.headers)).body.data.bankAccounts).toEqual([]);
    const response = await deleteBankAccount(t, other.headers, account.bankAccountId);
    expect(response.statusCode).toBe(404);
    expect(response.body).toMatchObject({ code: 'BKA0000010', data: null });
    expect(await face.bankAccountForPayout(other.userId, account.bankAccountId)).toBeUndefined();
    const listed = (await listBankAccounts(t, owner.headers)).body.data.bankAccounts as Array<{ bankAccountId: string }>;
    expect(listed.map((item) => item.bankAccountId)).toEqual([account.bankAccountId]);
  });

  it('a delete hides the account from the list and from new payouts, and keeps the row for the history', async () => {
    const ada = await verifiedPayee(t, 'bank-delete@example.com');
    const account = (await addBankAccount(t, ada.headers, achAccount(50))).body.data as { bankAccountId: string };
    const deleted = await deleteBankAccount(t, ada.headers, account.bankAccountId);
    expect(deleted.body).toMatchObject({ code: '000000', data: null });
    expect((await listBankAccounts(t, ada.headers)).body.data.bankAccounts).toEqual([]);
    expect(await face.bankAccountForPayout(ada.userId, account.bankAccountId)).toBeUndefined();
    expect(await face.bankAccountById(account.bankAccountId)).toMatchObject({ accountNumber: '100050', deletedAt: expect.any(Date) });
    expect((await deleteBankAccount(t, ada.headers, account.bankAccountId)).body.code).toBe('BKA0000010');
    // Saved again, it is a new row: the deleted one stays what it was.
    const again = await addBankAccount(t, ada.headers, achAccount(50));
    expect(again.body.data.bankAccountId).not.toBe(account.bankAccountId);
    expect(await rowsOf(ada.userId)).toHaveLength(2);
  });
});
