import { PATHS } from '@causeway/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deskCall, deskSignIn } from '../../../test/desk-helpers.ts';
import { createIdentityTestApp, type IdentityTestApp } from '../../../test/identity-helpers.ts';
import { fillForm, kybCall, newBusiness } from '../../../test/kyb-helpers.ts';
import { accountOf, newIndividual, profileOf, submitSandboxVerification } from '../../../test/kyc-helpers.ts';
import { kybApplications, operatorAuditLog, sandboxKycApplicants, verificationDecisions } from '../../db/schema/index.ts';

// docs/rules/operator-desk.md "Verifications": reviews the vendor left for a person, decided at the desk, the
// outcome applied only when the vendor's webhook brings it.

let t: IdentityTestApp;
const tokens = { support: '', compliance: '' };
beforeAll(async () => {
  t = await createIdentityTestApp();
  tokens.support = await deskSignIn(t, 'support');
  tokens.compliance = await deskSignIn(t, 'compliance');
});
afterAll(() => t.app.close());

let counter = 0;
const waiting = async (token = tokens.compliance) => {
  const list = await deskCall(t.app, 'GET', PATHS.deskVerificationsWaiting, token);
  expect(list.statusCode, JSON.stringify(list.body)).toBe(200);
  return list.body.data.verifications as Array<Record<string, unknown> & { userId: string; decision: Record<string, unknown> | null }>;
};
const decide = (body: object, token = tokens.compliance) => deskCall(t.app, 'POST', PATHS.deskVerificationDecide, token, { body });
const auditOf = (action: string, targetId: string) =>
  t.db
    .select()
    .from(operatorAuditLog)
    .where(and(eq(operatorAuditLog.action, action), eq(operatorAuditLog.targetId, targetId)));

/** A person whose verification the sandbox vendor leaves pending (docs/sandbox.md: a last name with "pending"). */
async function pendingPerson() {
  const person = await newIndividual(t, `verify-${(counter += 1)}@example.test`);
  const submitted = await submitSandboxVerification(t, person.token, { lastName: 'Pendingsworth' });
  expect(submitted.statusCode).toBeLessThan(400);
  await t.app.jobs.drain();
  expect((await profileOf(t.db, person.userId))?.kycStatus).toBe('Pending');
  return person;
}

describe("a person's identity verification", () => {
  it('is listed; an approval is sent once, shown as on its way, and applied by the webhook (Pass)', async () => {
    const { userId } = await pendingPerson();
    const listed = (await waiting()).find((item) => item.userId === userId);
    expect(listed).toMatchObject({ subject: 'kyc', status: 'Pending', provider: 'sandbox', name: 'Ann Pendingsworth', country: 'DE' });
    expect(listed?.decision).toBeNull();

    const approved = await decide({ subject: 'kyc', userId, decision: 'approve', note: 'documents checked by hand' });
    expect(approved.statusCode, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.data).toMatchObject({ subject: 'kyc', userId, decision: 'approve' });
    // Nothing of ours changed yet: the vendor's webhook has not run.
    expect((await profileOf(t.db, userId))?.kycStatus).toBe('Pending');
    const onItsWay = (await waiting()).find((item) => item.userId === userId);
    expect(onItsWay?.decision).toMatchObject({ decision: 'approve', note: 'documents checked by hand', by: expect.any(String) });

    // A second operator (or a double click) deciding the same review is refused, and sends nothing.
    const again = await decide({ subject: 'kyc', userId, decision: 'reject', note: 'changed my mind' });
    expect([again.statusCode, again.body.code]).toEqual([409, 'DSK0000025']);

    await t.app.jobs.drain();
    expect(await profileOf(t.db, userId)).toMatchObject({ kycStatus: 'Pass', kycLevel: 1 });
    expect((await waiting()).some((item) => item.userId === userId)).toBe(false);
    const late = await decide({ subject: 'kyc', userId, decision: 'approve' });
    expect([late.statusCode, late.body.code]).toEqual([409, 'DSK0000021']);

    const audit = await auditOf('kyc.decide', userId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ targetType: 'person', outcome: 'done' });
    expect(audit[0]?.details).toMatchObject({ decision: 'approve', note: 'documents checked by hand', provider: 'sandbox' });
  });

  it('a rejection ends the verification (Fail, the vendor’s label), without blocking the account', async () => {
    const { userId } = await pendingPerson();
    const rejected = await decide({
      subject: 'kyc',
      userId,
      decision: 'reject',
      reason: 'documentForgery',
      note: 'the passport photo was edited',
    });
    expect(rejected.statusCode, JSON.stringify(rejected.body)).toBe(200);
    await t.app.jobs.drain();
    expect(await profileOf(t.db, userId)).toMatchObject({ kycStatus: 'Fail', rejectLabels: ['EXTERNAL_DECISION_REJECTION'] });
    expect((await accountOf(t.db, userId)).accountStatus).not.toBe('Blocked');
    const [row] = await t.db.select().from(verificationDecisions).where(eq(verificationDecisions.userId, userId));
    expect(row).toMatchObject({ subject: 'kyc', decision: 'reject', reason: 'documentForgery' });
  });

  it("an operator's decision stands against the sandbox's own decision queued before it", async () => {
    // An ordinary name passes by itself after SANDBOX_KYC_DELAY_MS: the operator refuses it first.
    const person = await newIndividual(t, `verify-${(counter += 1)}@example.test`);
    expect((await submitSandboxVerification(t, person.token, { lastName: 'Ordinary' })).statusCode).toBeLessThan(400);
    await t.app.jobs.drain();
    expect((await profileOf(t.db, person.userId))?.kycStatus).toBe('Pending');
    const rejected = await decide({ subject: 'kyc', userId: person.userId, decision: 'reject', note: 'a known fraud ring' });
    expect(rejected.statusCode, JSON.stringify(rejected.body)).toBe(200);
    t.clock.advance(60_000);
    await t.app.jobs.drain();
    expect((await profileOf(t.db, person.userId))?.kycStatus).toBe('Fail');
  });

  it('asking for the documents again lets the person verify anew, and the new submission can be decided again', async () => {
    const person = await pendingPerson();
    const asked = await decide({ subject: 'kyc', userId: person.userId, decision: 'askAgain', note: 'the photo is blurred' });
    expect(asked.statusCode, JSON.stringify(asked.body)).toBe(200);
    await t.app.jobs.drain();
    expect((await profileOf(t.db, person.userId))?.kycStatus).toBe('Initial');

    // (The test clock stands still unless moved: a new submission is a later review.)
    t.clock.advance(60_000);
    expect((await submitSandboxVerification(t, person.token, { lastName: 'Pendingsworth' })).statusCode).toBeLessThan(400);
    await t.app.jobs.drain();
    const listed = (await waiting()).find((item) => item.userId === person.userId);
    expect(listed?.decision).toBeNull();
    expect((await decide({ subject: 'kyc', userId: person.userId, decision: 'approve' })).statusCode).toBe(200);
    await t.app.jobs.drain();
    expect((await profileOf(t.db, person.userId))?.kycStatus).toBe('Pass');
  });

  it('a vendor that does not take the decision records nothing: no decision, no audit row, the status unchanged', async () => {
    const { userId } = await pendingPerson();
    const { applicantId } = (await profileOf(t.db, userId))!;
    // The sandbox vendor then answers as an outage would: it no longer knows the applicant.
    const [kept] = await t.db.select().from(sandboxKycApplicants).where(eq(sandboxKycApplicants.id, applicantId!));
    await t.db.delete(sandboxKycApplicants).where(eq(sandboxKycApplicants.id, applicantId!));
    const failed = await decide({ subject: 'kyc', userId, decision: 'approve' });
    expect([failed.statusCode, failed.body.code]).toEqual([503, 'GAT9000001']);
    expect(await t.db.select().from(verificationDecisions).where(eq(verificationDecisions.userId, userId))).toEqual([]);
    expect(await auditOf('kyc.decide', userId)).toEqual([]);
    expect((await profileOf(t.db, userId))?.kycStatus).toBe('Pending');
    // Once the vendor answers again, the same decision goes through.
    await t.db.insert(sandboxKycApplicants).values(kept!);
    expect((await decide({ subject: 'kyc', userId, decision: 'approve' })).statusCode).toBe(200);
  });

  it('is refused with a clear error and changes nothing when the input is wrong or the role may not decide', async () => {
    const { userId } = await pendingPerson();
    const cases = [
      { subject: 'kyc', userId, decision: 'reject' },
      { subject: 'kyc', userId, decision: 'askAgain', note: '   ' },
      { subject: 'kyc', userId, decision: 'approve', reason: 'documentForgery' },
      { subject: 'kyc', userId, decision: 'reject', reason: 'because', note: 'x' },
      { subject: 'kyc', userId, decision: 'approve', note: 'x'.repeat(501) },
      { subject: 'aml', userId, decision: 'approve' },
    ];
    for (const body of cases) {
      const refused = await decide(body);
      expect([refused.statusCode, refused.body.code], JSON.stringify(body)).toEqual([400, 'REQ0000400']);
    }
    const bySupport = await decide({ subject: 'kyc', userId, decision: 'approve' }, tokens.support);
    expect([bySupport.statusCode, bySupport.body.code]).toEqual([403, 'DSK0000004']);
    const listBySupport = await deskCall(t.app, 'GET', PATHS.deskVerificationsWaiting, tokens.support);
    expect(listBySupport.statusCode).toBe(403);
    const nobody = await decide({ subject: 'kyc', userId: 'usr_nobody', decision: 'approve' });
    expect([nobody.statusCode, nobody.body.code]).toEqual([409, 'DSK0000021']);
    expect(await t.db.select().from(verificationDecisions).where(eq(verificationDecisions.userId, userId))).toEqual([]);
    expect((await profileOf(t.db, userId))?.kycStatus).toBe('Pending');
  });
});

describe("a business's company review", () => {
  /** A business whose company the sandbox reviewer holds for a person (docs/sandbox.md: a name with "pending"). */
  async function heldBusiness() {
    const email = `company-${(counter += 1)}@example.test`;
    const headers = await newBusiness(t, email);
    await fillForm(t, headers, 'Pending Trading Ltd');
    expect((await kybCall(t, headers, 'POST', PATHS.kybSubmitAll)).statusCode).toBe(200);
    await t.app.jobs.drain();
    t.clock.advance(60_000);
    await t.app.jobs.drain();
    const held = (await waiting()).find((item) => item.subject === 'kyb' && item.email === email);
    expect(held).toMatchObject({ name: 'Pending Trading Ltd' });
    return held!;
  }

  it('a company held for a person is listed; approval passes it, rejection refuses it; never asked again', async () => {
    const held = await heldBusiness();
    expect(held).toMatchObject({ subject: 'kyb', status: 'onHold', provider: 'sandbox', decision: null });
    const askAgain = await decide({ subject: 'kyb', userId: held.userId, decision: 'askAgain', note: 'more papers' });
    expect([askAgain.statusCode, askAgain.body.code]).toEqual([400, 'REQ0000400']);

    expect((await decide({ subject: 'kyb', userId: held.userId, decision: 'approve' })).statusCode).toBe(200);
    await t.app.jobs.drain();
    const [approved] = await t.db.select().from(kybApplications).where(eq(kybApplications.userId, held.userId));
    expect(approved?.companyReview).toBe('passed');
    expect(await auditOf('kyb.decide', held.userId)).toEqual([expect.objectContaining({ targetType: 'business', outcome: 'done' })]);

    const other = await heldBusiness();
    expect((await decide({ subject: 'kyb', userId: other.userId, decision: 'reject', note: 'not a business we serve' })).statusCode).toBe(
      200,
    );
    await t.app.jobs.drain();
    const [refused] = await t.db.select().from(kybApplications).where(eq(kybApplications.userId, other.userId));
    // The business is not shown our vendor's internal label as a reason.
    expect(refused).toMatchObject({ companyReview: 'refused', reviewComment: null });
  });
});
