import { API_BASE, PATHS } from '@causeway/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deskCall, deskHeaders, deskSignIn } from '../../../test/desk-helpers.ts';
import { eddCalls, SOF_TEXT, SOW_TEXT, uploadKyc } from '../../../test/edd-helpers.ts';
import { createIdentityTestApp, type IdentityTestApp } from '../../../test/identity-helpers.ts';
import { accountOf } from '../../../test/kyc-helpers.ts';
import { fakeFile } from '../../../test/multipart.ts';
import { verifiedBuyer } from '../../../test/order-helpers.ts';
import { operatorAuditLog } from '../../db/schema/index.ts';

// docs/rules/operator-desk.md "EDD reviews": the desk's EDD calls, each change audited with the person it acted on.

let t: IdentityTestApp;
const tokens = { support: '', compliance: '', admin: '' };
beforeAll(async () => {
  t = await createIdentityTestApp();
  tokens.support = await deskSignIn(t, 'support');
  tokens.compliance = await deskSignIn(t, 'compliance');
  tokens.admin = await deskSignIn(t, 'admin');
});
afterAll(() => t.app.close());

let counter = 0;
const get = (path: string, query: Record<string, string>, token = tokens.compliance) => deskCall(t.app, 'GET', path, token, { query });
const post = (path: string, body: object, token = tokens.compliance) => deskCall(t.app, 'POST', path, token, { body });

/** The audit rows of an action on one target (the test clock stands still, so rows are told apart by their details). */
const auditOf = (action: string, targetId: string) =>
  t.db
    .select()
    .from(operatorAuditLog)
    .where(and(eq(operatorAuditLog.action, action), eq(operatorAuditLog.targetId, targetId)));

/** A verified person asked for EDD through the desk, whose answers are in (Pending): their id, the case and its files. */
async function answeredCase(tag: string) {
  const person = await verifiedBuyer(t, `desk-edd-${tag}-${(counter += 1)}@example.test`);
  const asked = await post(PATHS.deskEddRequest, { userId: person.userId, reason: 'asked by compliance' });
  expect(asked.statusCode, JSON.stringify(asked.body)).toBe(200);
  expect(asked.body.data).toMatchObject({ status: 'Initial', opened: true });
  const payslip = fakeFile('pdf');
  const edd = eddCalls(t, person.headers);
  await edd.sow({ choice: 'EMPLOYMENT', text: SOW_TEXT, files: [await uploadKyc(t, person.headers, 'payslip.pdf', payslip)] });
  const done = await edd.sof({
    choice: 'SAVINGS',
    text: SOF_TEXT,
    files: [await uploadKyc(t, person.headers, 'statement.png', fakeFile('png'))],
  });
  expect(done.body.data.eddStatus).toBe('Pending');
  return { userId: person.userId, caseId: asked.body.data.caseId as string, payslip };
}

const download = (query: Record<string, string>, token = tokens.compliance) =>
  t.app.inject({
    method: 'GET',
    url: `${API_BASE}${PATHS.deskEddEvidenceFile}?${new URLSearchParams(query)}`,
    headers: deskHeaders(token),
  });

describe('the cases and one case', () => {
  it('lists the Pending cases and opens one with its answers, files and rating; the look is audited', async () => {
    const { caseId, userId } = await answeredCase('read');
    const list = await get(PATHS.deskEddCases, { status: 'Pending' });
    expect(list.statusCode).toBe(200);
    expect(list.body.data).toMatchObject({ page: 1, pageSize: 20 });
    expect(list.body.data.cases).toContainEqual(expect.objectContaining({ id: caseId, userId, status: 'Pending', trigger: 'operator' }));
    expect(list.body.data.cases[0]).not.toHaveProperty('sow');

    const one = await get(PATHS.deskEddCase, { caseId });
    expect(one.statusCode).toBe(200);
    expect(one.body.data).toMatchObject({
      id: caseId,
      status: 'Pending',
      requestReason: 'asked by compliance',
      sow: { choice: 'EMPLOYMENT', choiceLabel: expect.any(String), text: SOW_TEXT, files: [{ fileName: 'payslip.pdf' }] },
      sof: { choice: 'SAVINGS', text: SOF_TEXT, files: [{ fileName: 'statement.png' }] },
    });
    expect(one.body.data.sow.files[0].sha256).toMatch(/^[0-9a-f]{64}$/);
    const [row] = await auditOf('edd.view-case', userId);
    expect(row).toMatchObject({ targetType: 'person', targetId: userId, outcome: 'done', details: { caseId, status: 'Pending' } });

    const unknown = await get(PATHS.deskEddCase, { caseId: 'edd_nothing' });
    expect([unknown.statusCode, unknown.body.code]).toEqual([404, 'EDD0000003']);
  });

  it('serves an evidence file as an attachment of its own type; a file or case it does not hold is 404', async () => {
    const { caseId, userId, payslip } = await answeredCase('file');
    const filePath = (await get(PATHS.deskEddCase, { caseId })).body.data.sow.files[0].filePath as string;
    const answer = await download({ caseId, filePath });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="payslip.pdf"; filename*=UTF-8''payslip.pdf`,
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    });
    expect(answer.rawPayload.equals(payslip)).toBe(true);
    expect((await auditOf('edd.download-evidence', userId))[0]).toMatchObject({ targetId: userId, details: { caseId, filePath } });

    for (const query of [
      { caseId: 'edd_nothing', filePath },
      { caseId, filePath: 'kyc/usr_other/file.pdf' },
    ]) {
      const missing = await download(query);
      expect([missing.statusCode, missing.json().code]).toEqual([404, 'EDD0000003']);
    }
    // Only through a desk session: without one, or with a person's token, nothing.
    const bare = await t.app.inject({
      method: 'GET',
      url: `${API_BASE}${PATHS.deskEddEvidenceFile}?${new URLSearchParams({ caseId, filePath })}`,
    });
    expect([bare.statusCode, bare.json().code]).toEqual([401, 'DSK0000001']);
  });
});

describe('the decision', () => {
  it('approves a Pending case: the audit row holds the change, with the person it acted on', async () => {
    const { caseId, userId } = await answeredCase('approve');
    const answer = await post(PATHS.deskEddDecide, { caseId, outcome: 'approve', note: 'payslips match' });
    expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toEqual({ caseId, status: 'Pass' });
    const [row] = await auditOf('edd.decide', userId);
    expect(row).toMatchObject({
      targetType: 'person',
      targetId: userId,
      outcome: 'done',
      details: { caseId, outcome: 'approve', note: 'payslips match', before: 'Pending', after: 'Pass' },
    });
    // Decided once: a second decision is refused, and writes no row.
    const again = await post(PATHS.deskEddDecide, { caseId, outcome: 'approve' });
    expect([again.statusCode, again.body.code]).toEqual([409, 'EDD0000004']);
    expect(await auditOf('edd.decide', userId)).toHaveLength(1);
  });

  it('asks for more (RFI) with a message and the parts, which the person then sees', async () => {
    const { caseId, userId } = await answeredCase('rfi');
    const empty = await post(PATHS.deskEddDecide, { caseId, outcome: 'rfi', message: ' ' });
    expect(empty.statusCode).toBe(400);
    const answer = await post(PATHS.deskEddDecide, { caseId, outcome: 'rfi', message: 'Send a newer bank statement', parts: ['SOF'] });
    expect(answer.body.data).toEqual({ caseId, status: 'RFI' });
    expect((await get(PATHS.deskEddCase, { caseId })).body.data).toMatchObject({
      status: 'RFI',
      rfiMessage: 'Send a newer bank statement',
      askedParts: ['SOF'],
    });
    expect((await auditOf('edd.decide', userId))[0]).toMatchObject({
      targetId: userId,
      details: { caseId, outcome: 'rfi', message: 'Send a newer bank statement', parts: ['SOF'], before: 'Pending', after: 'RFI' },
    });
  });

  it('rejects a case: it fails and the account is blocked with AC100004', async () => {
    const { caseId, userId } = await answeredCase('reject');
    const answer = await post(PATHS.deskEddDecide, { caseId, outcome: 'reject' }, tokens.admin);
    expect(answer.body.data).toEqual({ caseId, status: 'Fail' });
    expect(await accountOf(t.db, userId)).toMatchObject({ accountStatus: 'Blocked', accountStatusReasonCode: 'AC100004' });
    expect((await auditOf('edd.decide', userId))[0]).toMatchObject({
      targetId: userId,
      details: { outcome: 'reject', before: 'Pending', after: 'Fail' },
    });
  });

  it('refuses a support operator (DSK0000004), writes the refusal, and changes nothing', async () => {
    const { caseId } = await answeredCase('support');
    const filePath = (await get(PATHS.deskEddCase, { caseId })).body.data.sow.files[0].filePath as string;
    for (const answer of [
      await get(PATHS.deskEddCases, {}, tokens.support),
      await get(PATHS.deskEddCase, { caseId }, tokens.support),
      await post(PATHS.deskEddDecide, { caseId, outcome: 'approve' }, tokens.support),
    ])
      expect([answer.statusCode, answer.body.code]).toEqual([403, 'DSK0000004']);
    const file = await download({ caseId, filePath }, tokens.support);
    expect([file.statusCode, file.json().code]).toEqual([403, 'DSK0000004']);
    expect((await get(PATHS.deskEddCase, { caseId })).body.data.status).toBe('Pending');
    const refused = await t.db
      .select()
      .from(operatorAuditLog)
      .where(and(eq(operatorAuditLog.outcome, 'refused')));
    expect(refused.map((row) => row.action)).toEqual(expect.arrayContaining(['edd.decide', 'edd.download-evidence', 'edd.view-case']));
  });
});

describe('the rating, a request and the countries', () => {
  it('sets and lifts a rating override, with its reason, audited', async () => {
    const { userId } = await verifiedBuyer(t, `desk-edd-override-${(counter += 1)}@example.test`);
    const set = await post(PATHS.deskEddRiskOverride, { userId, rating: 'medium', reason: 'known customer' });
    expect(set.statusCode, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data.rating).toMatchObject({ rating: 'medium', override: { rating: 'medium', reason: 'known customer' } });
    expect((await auditOf('edd.set-risk-override', userId))[0]).toMatchObject({
      targetId: userId,
      details: { rating: 'medium', reason: 'known customer', before: null, after: 'medium' },
    });
    const lifted = await post(PATHS.deskEddRiskOverride, { userId, rating: null, reason: 'back to the rules' });
    expect(lifted.body.data.rating).toMatchObject({ override: null });
    const noReason = await post(PATHS.deskEddRiskOverride, { userId, rating: 'high', reason: '' });
    expect(noReason.statusCode).toBe(400);
  });

  it('asks a person for EDD once: a second request answers the open case', async () => {
    const { userId } = await verifiedBuyer(t, `desk-edd-request-${(counter += 1)}@example.test`);
    const first = await post(PATHS.deskEddRequest, { userId, reason: 'large transfer' });
    const second = await post(PATHS.deskEddRequest, { userId, reason: 'large transfer' });
    expect(second.body.data).toEqual({ ...first.body.data, opened: false });
    expect((await auditOf('edd.request', userId)).map((row) => row.details)).toEqual([
      { reason: 'large transfer', caseId: first.body.data.caseId, opened: true },
      { reason: 'large transfer', caseId: first.body.data.caseId, opened: false },
    ]);
    const nobody = await post(PATHS.deskEddRequest, { userId: 'usr_nobody', reason: 'x' });
    expect([nobody.statusCode, nobody.body.code]).toEqual([404, 'EDD0000003']);
  });

  it('lets an admin list and change the country risk list, audited; compliance may not', async () => {
    const set = await post(PATHS.deskEddSetCountryRisk, { country: 'FR', level: 'medium' }, tokens.admin);
    expect(set.body.data).toEqual({ country: 'FR', level: 'medium' });
    const list = await get(PATHS.deskEddRiskCountries, {}, tokens.admin);
    expect(list.body.data.countries).toContainEqual(expect.objectContaining({ country: 'FR', level: 'medium' }));
    expect((await auditOf('edd.set-country-risk', 'FR'))[0]).toMatchObject({
      targetType: 'country',
      targetId: 'FR',
      details: { level: 'medium', before: null, after: 'medium' },
    });
    const removed = await post(PATHS.deskEddSetCountryRisk, { country: 'FR', level: null }, tokens.admin);
    expect(removed.body.data).toEqual({ country: 'FR', level: null });
    const bad = await post(PATHS.deskEddSetCountryRisk, { country: 'fr', level: 'high' }, tokens.admin);
    expect(bad.statusCode).toBe(400);
    const compliance = await get(PATHS.deskEddRiskCountries, {}, tokens.compliance);
    expect([compliance.statusCode, compliance.body.code]).toEqual([403, 'DSK0000004']);
  });
});
