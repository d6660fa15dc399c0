import { BANK_STATEMENT_EXAMPLE_PLACEHOLDER, PATHS, SOURCE_OF_FUNDS_CHOICES, SOURCE_OF_WEALTH_CHOICES } from '@causeway/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eddCases, documentUploads } from '../../db/schema/index.ts';
import { eddCalls, eddFaceOf, SOF_TEXT, SOW_TEXT, uploadKyc } from '../../../test/edd-helpers.ts';
import { call, createIdentityTestApp, type IdentityTestApp, signUp, tokenHeaders } from '../../../test/identity-helpers.ts';
import { fakeFile } from '../../../test/multipart.ts';
import { verifiedBuyer } from '../../../test/order-helpers.ts';

let t: IdentityTestApp;
beforeAll(async () => {
  t = await createIdentityTestApp();
});
afterAll(() => t.app.close());

/** A verified individual asked for EDD by an operator; answers their calls and ids. */
async function askedPerson(email: string) {
  const person = await verifiedBuyer(t, email);
  const change = await eddFaceOf(t).requestEdd('opr_test', person.userId, { reason: 'periodic review' });
  return { ...person, caseId: change.after!.id, edd: eddCalls(t, person.headers) };
}

const caseOf = async (caseId: string) => (await t.db.select().from(eddCases).where(eq(eddCases.id, caseId)))[0]!;

describe('edd-detail/query/detail and options', () => {
  it('answers nothing asked before EDD is asked, and refuses a commit then (EDD0000001, nothing stored)', async () => {
    const person = await verifiedBuyer(t, 'edd.none@example.com');
    const edd = eddCalls(t, person.headers);
    expect((await edd.detail()).body.data).toEqual({
      eddStatus: null,
      deadline: null,
      askedParts: [],
      rfiMessage: null,
      sow: null,
      sof: null,
    });
    const file = await uploadKyc(t, person.headers, 'payslip.pdf');
    const refused = await edd.sow({ choice: 'EMPLOYMENT', text: SOW_TEXT, files: [file] });
    expect(refused.statusCode).toBe(409);
    expect(refused.body.code).toBe('EDD0000001');
    expect((await t.db.select().from(eddCases).where(eq(eddCases.userId, person.userId))).length).toBe(0);
    expect((await edd.overview()).kycInfo.eddStatus).toBeUndefined();
  });

  it('offers the choices of each part in English and Chinese, with the example bank statement for the placeholder', async () => {
    const person = await verifiedBuyer(t, 'edd.options@example.com');
    const edd = eddCalls(t, person.headers);
    const en = (await edd.options('en')).body.data;
    expect(en.sow.map((option: { value: string }) => option.value)).toEqual([...SOURCE_OF_WEALTH_CHOICES]);
    expect(en.sof.map((option: { value: string }) => option.value)).toEqual([...SOURCE_OF_FUNDS_CHOICES]);
    expect(en.bankStatementExample).toEqual({
      placeholder: BANK_STATEMENT_EXAMPLE_PLACEHOLDER,
      label: 'an example bank statement',
      url: '/examples/bank-statement-en.svg',
    });
    expect(en.sof.find((option: { value: string }) => option.value === 'SAVINGS').hint).toContain(BANK_STATEMENT_EXAMPLE_PLACEHOLDER);
    const zh = (await edd.options('zh')).body.data;
    expect(zh.sow[0].label).toBe('工作收入');
    expect(zh.bankStatementExample.url).toBe('/examples/bank-statement-zh.svg');
    // No language: the browser's.
    const byHeader = await call(t.app, 'POST', PATHS.eddOptions, { headers: { ...person.headers, 'accept-language': 'zh-CN' } });
    expect(byHeader.body.data.language).toBe('zh');
    const bad = await call(t.app, 'POST', PATHS.eddOptions, { headers: person.headers, body: { language: 'fr' } });
    expect(bad.statusCode).toBe(400);
  });

  it('needs a session', async () => {
    for (const path of [PATHS.eddDetail, PATHS.eddCommitSow, PATHS.eddCommitSof, PATHS.eddOptions])
      expect((await call(t.app, 'POST', path, { body: {} })).statusCode, path).toBe(401);
  });
});

describe('commit/sow and commit/sof', () => {
  it('takes the source of wealth, then the source of funds, and puts the case under review', async () => {
    const { edd, headers, caseId } = await askedPerson('edd.answers@example.com');
    const asked = (await edd.detail()).body.data;
    expect(asked).toMatchObject({ eddStatus: 'Initial', askedParts: ['SOW', 'SOF'], sow: null, sof: null });
    expect(new Date(asked.deadline).getTime() - t.clock.now().getTime()).toBe(30 * 24 * 60 * 60 * 1000);
    // The address is still to give (POA): EDD comes next.
    expect((await edd.overview()).kycInfo).toMatchObject({
      eddStatus: 'Initial',
      eddDeadline: asked.deadline,
      currentKycStep: 'POA',
      nextKycStep: 'EDD',
    });

    const payslip = await uploadKyc(t, headers, 'payslip.pdf');
    const afterSow = await edd.sow({ choice: 'EMPLOYMENT', text: SOW_TEXT, files: [payslip] });
    expect(afterSow.statusCode).toBe(200);
    expect(afterSow.body.data).toMatchObject({
      eddStatus: 'Initial',
      askedParts: ['SOF'],
      sow: { choice: 'EMPLOYMENT', text: SOW_TEXT, files: [{ filePath: payslip, fileName: 'payslip.pdf' }] },
      sof: null,
    });
    // The file is kept: the hourly deletion of unsubmitted uploads leaves it alone.
    expect((await t.db.select().from(documentUploads).where(eq(documentUploads.filePath, payslip)))[0]?.submittedAt).not.toBeNull();

    const statement = await uploadKyc(t, headers, 'statement.png', fakeFile('png'));
    const afterSof = await edd.sof({ choice: 'SAVINGS', text: SOF_TEXT, files: [statement] });
    expect(afterSof.body.data).toMatchObject({ eddStatus: 'Pending', deadline: null, askedParts: [], sof: { choice: 'SAVINGS' } });
    expect((await caseOf(caseId)).submittedAt).not.toBeNull();
    expect((await edd.overview()).kycInfo).toMatchObject({
      eddStatus: 'Pending',
      eddDeadline: null,
      currentKycStep: 'POA',
      nextKycStep: null,
    });

    // Under review: nothing more is taken.
    const late = await edd.sow({ choice: 'EMPLOYMENT', text: SOW_TEXT, files: [payslip] });
    expect(late.statusCode).toBe(409);
    expect(late.body.code).toBe('EDD0000001');
  });

  it('refuses source-of-funds files that are source-of-wealth files by content, naming them; nothing changes', async () => {
    const { edd, headers, caseId } = await askedPerson('edd.distinct@example.com');
    const bytes = fakeFile('pdf');
    const wealth = await uploadKyc(t, headers, 'bank-statement.pdf', bytes);
    await edd.sow({ choice: 'EMPLOYMENT', text: SOW_TEXT, files: [wealth] });
    // The same bytes uploaded again under another name are still the same file.
    const again = await uploadKyc(t, headers, 'statement-copy.pdf', bytes);
    const other = await uploadKyc(t, headers, 'savings.pdf');
    const before = await caseOf(caseId);
    for (const files of [[again], [other, again], [wealth]]) {
      const refused = await edd.sof({ choice: 'SAVINGS', text: SOF_TEXT, files });
      expect(refused.statusCode, files.join()).toBe(400);
      expect(refused.body.code).toBe('EDD0000002');
      expect(refused.body.msg).toContain('bank-statement.pdf');
      expect(refused.body.msg).toMatch(/source-of-funds files must differ from source-of-wealth files/i);
    }
    const named = await edd.sof({ choice: 'SAVINGS', text: SOF_TEXT, files: [other, again] });
    expect(named.body.msg).toContain('statement-copy.pdf is the same file as bank-statement.pdf');
    expect(named.body.data).toEqual({ files: 'statement-copy.pdf' });
    expect(await caseOf(caseId)).toEqual(before);
    // The refused files were not claimed.
    expect((await t.db.select().from(documentUploads).where(eq(documentUploads.filePath, other)))[0]?.submittedAt).toBeNull();
    // And the other way round: a new source of wealth may not repeat the source of funds.
    expect((await edd.sof({ choice: 'SAVINGS', text: SOF_TEXT, files: [other] })).statusCode).toBe(200);
  });

  it('refuses the same file twice in one answer', async () => {
    const { edd, headers } = await askedPerson('edd.twice@example.com');
    const bytes = fakeFile('pdf');
    const one = await uploadKyc(t, headers, 'one.pdf', bytes);
    const two = await uploadKyc(t, headers, 'two.pdf', bytes);
    for (const files of [
      [one, two],
      [one, one],
    ]) {
      const refused = await edd.sow({ choice: 'EMPLOYMENT', text: SOW_TEXT, files });
      expect(refused.statusCode).toBe(400);
      expect(refused.body.code).toBe('EDD0000002');
    }
    expect((await edd.detail()).body.data.sow).toBeNull();
  });

  it("refuses another person's files, and files not stored; nothing changes", async () => {
    const { edd, caseId } = await askedPerson('edd.owner@example.com');
    const stranger = await verifiedBuyer(t, 'edd.stranger@example.com');
    const theirs = await uploadKyc(t, stranger.headers, 'their-payslip.pdf');
    const before = await caseOf(caseId);
    const refused = await edd.sow({ choice: 'EMPLOYMENT', text: SOW_TEXT, files: [theirs] });
    expect(refused.statusCode).toBe(400);
    expect(refused.body.code).toBe('KYC0000002');
    expect(refused.body.msg).toContain('their-payslip.pdf');
    const mine = await eddFaceOf(t).readCase(caseId);
    const ownPathNeverUploaded = `kyc/${mine.userId}/0123456789abcdef01234567/ghost.pdf`;
    expect((await edd.sow({ choice: 'EMPLOYMENT', text: SOW_TEXT, files: [ownPathNeverUploaded] })).statusCode).toBe(404);
    expect(await caseOf(caseId)).toEqual(before);
  });

  it('refuses bad input with a 400 naming the field; nothing changes', async () => {
    const { edd, headers, caseId } = await askedPerson('edd.bad@example.com');
    const file = await uploadKyc(t, headers, 'payslip.pdf');
    const files6 = Array.from({ length: 6 }, () => file);
    const before = await caseOf(caseId);
    for (const [body, field] of [
      [{ choice: 'LOTTERY', text: SOW_TEXT, files: [file] }, 'choice'],
      [{ choice: 'EMPLOYMENT', text: 'short', files: [file] }, 'text'],
      [{ choice: 'EMPLOYMENT', text: 'x'.repeat(2001), files: [file] }, 'text'],
      [{ choice: 'EMPLOYMENT', text: SOW_TEXT, files: [] }, 'files'],
      [{ choice: 'EMPLOYMENT', text: SOW_TEXT, files: files6 }, 'files'],
      [{ choice: 'EMPLOYMENT', text: SOW_TEXT, files: [file], extra: 1 }, 'extra'],
      [{ choice: 'SALARY', text: SOW_TEXT, files: [file] }, 'choice'],
    ] as const) {
      const refused = await edd.sow(body);
      expect(refused.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(refused.body.msg).toContain(field);
    }
    // A source of wealth's choice is no source of funds'.
    expect((await edd.sof({ choice: 'EMPLOYMENT', text: SOF_TEXT, files: [file] })).statusCode).toBe(400);
    expect(await caseOf(caseId)).toEqual(before);
  });

  it("asks nothing of a business: its due diligence is its KYB's", async () => {
    const headers = tokenHeaders(await signUp(t.app, 'edd.business@example.com', { loginMode: 'business' }), 'business');
    const edd = eddCalls(t, headers);
    expect((await edd.detail()).body.data.eddStatus).toBeNull();
    const refused = await edd.sow({ choice: 'EMPLOYMENT', text: SOW_TEXT, files: ['kyc/x/y/z.pdf'] });
    expect(refused.statusCode).toBe(409);
  });
});
