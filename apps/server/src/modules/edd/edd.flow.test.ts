import { PATHS } from '@causeway/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eddCases, kycProfiles, riskRatings } from '../../db/schema/index.ts';
import { eddCalls, eddFaceOf, SOF_TEXT, SOW_TEXT, uploadKyc } from '../../../test/edd-helpers.ts';
import { call, createIdentityTestApp, type IdentityTestApp, signUp, tokenHeaders } from '../../../test/identity-helpers.ts';
import { accountOf, newIndividual, submitSandboxVerification } from '../../../test/kyc-helpers.ts';
import { addCard, buy, getQuote, settle, verifiedBuyer } from '../../../test/order-helpers.ts';

let t: IdentityTestApp;
beforeAll(async () => {
  t = await createIdentityTestApp();
});
afterAll(() => t.app.close());

const DAY_MS = 24 * 60 * 60 * 1000;
let counter = 0;
const nextEmail = (tag: string) => `edd-${tag}-${(counter += 1)}@example.test`;

/** A new session of the person (the test clock moved past the old one's hour); `headers` then carry it. */
async function signInAgain(email: string, headers: Record<string, string>) {
  Object.assign(headers, tokenHeaders(await signUp(t.app, email)));
}

const casesOf = (userId: string) => t.db.select().from(eddCases).where(eq(eddCases.userId, userId));
const ratingOf = async (userId: string) => (await t.db.select().from(riskRatings).where(eq(riskRatings.userId, userId)))[0];

/** A new person verified by the sandbox vendor with these countries; the outbox runs until the review (and what follows) is applied. */
async function verifiedThroughVendor(person: { nationality?: string; residenceCountry?: string }, tag = 'kyc') {
  const { token, userId } = await newIndividual(t, nextEmail(tag));
  const response = await submitSandboxVerification(t, token, { lastName: 'Smith', ...person });
  expect(response.statusCode).toBe(303);
  await t.app.jobs.drain();
  t.clock.advance(2000);
  await t.app.jobs.drain();
  return { userId, headers: { token } as Record<string, string> };
}

/** A verified buyer asked for EDD whose answers are in (Pending); answers their calls and the case's id. */
async function answeredCase(tag: string) {
  const email = nextEmail(tag);
  const person = await verifiedBuyer(t, email);
  const caseId = (await eddFaceOf(t).requestEdd('opr_test', person.userId, { reason: 'asked by compliance' })).after!.id;
  const edd = eddCalls(t, person.headers);
  await edd.sow({ choice: 'EMPLOYMENT', text: SOW_TEXT, files: [await uploadKyc(t, person.headers, 'payslip.pdf')] });
  const done = await edd.sof({ choice: 'SAVINGS', text: SOF_TEXT, files: [await uploadKyc(t, person.headers, 'statement.pdf')] });
  expect(done.body.data.eddStatus).toBe('Pending');
  return { ...person, email, caseId, edd };
}

describe('the risk rating, recomputed after each KYC review', () => {
  it('rates an ordinary verified person low and asks nothing', async () => {
    const { userId } = await verifiedThroughVendor({ nationality: 'DE', residenceCountry: 'DE' });
    expect(await ratingOf(userId)).toMatchObject({ rating: 'low', computedRating: 'low', factors: [] });
    expect(await casesOf(userId)).toEqual([]);
  });

  it('asks for EDD when the review shows a nationality on the high-risk list (Initial, due in 30 days)', async () => {
    const { userId } = await verifiedThroughVendor({ nationality: 'KE', residenceCountry: 'DE' });
    expect(await ratingOf(userId)).toMatchObject({ rating: 'high', factors: [{ code: 'NATIONALITY_COUNTRY_HIGH', detail: 'KE' }] });
    const [edd] = await casesOf(userId);
    expect(edd).toMatchObject({ status: 'Initial', trigger: 'rating', requestedBy: 'rules', askedParts: ['SOW', 'SOF'] });
    expect(edd!.deadlineAt.getTime() - t.clock.now().getTime()).toBeGreaterThan(29 * DAY_MS);
    expect((await accountOf(t.db, userId)).accountStatus).toBe('Active');
  });

  it('asks for EDD when the review carries a screening finding (PEP)', async () => {
    const person = await verifiedBuyer(t, nextEmail('pep'));
    await t.db
      .update(kycProfiles)
      .set({ rejectLabels: ['PEP'] })
      .where(eq(kycProfiles.userId, person.userId));
    const change = await eddFaceOf(t).recompute(person.userId);
    expect(change?.after).toMatchObject({ rating: 'high', factors: [{ code: 'SCREENING_PEP' }] });
    expect((await casesOf(person.userId))[0]).toMatchObject({ status: 'Initial' });
  });

  it('blocks the account with AC100008 for a residence on the extreme list', async () => {
    const { userId } = await verifiedThroughVendor({ nationality: 'DE', residenceCountry: 'MM' });
    expect(await ratingOf(userId)).toMatchObject({ rating: 'extreme' });
    expect(await accountOf(t.db, userId)).toMatchObject({ accountStatus: 'Blocked', accountStatusReasonCode: 'AC100008' });
    expect(await casesOf(userId)).toEqual([]);
  });
});

describe('recomputed after each settled order', () => {
  it('asks for EDD once settled volume and a medium-risk residence together make high', async () => {
    const email = nextEmail('volume');
    const buyer = await verifiedBuyer(t, email);
    await t.db.update(kycProfiles).set({ residentCountry: 'FR' }).where(eq(kycProfiles.userId, buyer.userId));
    const country = await eddFaceOf(t).setCountryRisk('opr_test', 'FR', 'medium');
    expect(country).toMatchObject({ subject: 'edd.country.FR', before: null, after: { country: 'FR', level: 'medium' } });
    try {
      const card = await addCard(t, buyer.headers);
      const first = await buy(t, buyer.headers, card.cardId, { fiatAmount: '10000' });
      expect(first.submit.statusCode).toBe(200);
      await settle(t);
      expect(await ratingOf(buyer.userId)).toMatchObject({ rating: 'medium', factors: [{ code: 'RESIDENCE_COUNTRY_MEDIUM' }] });
      expect(await casesOf(buyer.userId)).toEqual([]);
      t.clock.advance(DAY_MS);
      await signInAgain(email, buyer.headers);
      const second = await buy(t, buyer.headers, card.cardId, { fiatAmount: '6000' });
      expect(second.submit.statusCode).toBe(200);
      await settle(t);
      const rating = await ratingOf(buyer.userId);
      expect(rating?.rating).toBe('high');
      expect(rating?.factors.map((factor) => factor.code)).toEqual(['RESIDENCE_COUNTRY_MEDIUM', 'VOLUME_MEDIUM', 'COMBINED']);
      expect(Number(rating?.volume12m)).toBeGreaterThanOrEqual(15000);
      expect((await casesOf(buyer.userId))[0]).toMatchObject({ status: 'Initial', trigger: 'rating' });
    } finally {
      await eddFaceOf(t).setCountryRisk('opr_test', 'FR', null);
    }
  });
});

describe('the decision and the deadline', () => {
  it('an unanswered case expires at its deadline (the test clock), blocking the account with AC100004', async () => {
    const email = nextEmail('deadline');
    const person = await verifiedBuyer(t, email);
    await eddFaceOf(t).requestEdd('opr_test', person.userId, { reason: 'asked by compliance' });
    const edd = eddCalls(t, person.headers);
    t.clock.advance(30 * DAY_MS - 1000);
    await signInAgain(email, person.headers);
    await t.app.jobs.drain();
    expect((await edd.detail()).body.data.eddStatus).toBe('Initial');
    t.clock.advance(1000);
    await t.app.jobs.drain();
    expect((await casesOf(person.userId))[0]).toMatchObject({ status: 'Expired', decidedBy: 'deadline' });
    expect(await accountOf(t.db, person.userId)).toMatchObject({ accountStatus: 'Blocked', accountStatusReasonCode: 'AC100004' });
    expect((await edd.detail()).body.data.eddStatus).toBe('Fail');
  });

  it('a rejected case blocks the account with AC100004', async () => {
    const { caseId, userId } = await answeredCase('reject');
    const change = await eddFaceOf(t).decide('opr_test', caseId, { outcome: 'reject', note: 'documents do not match' });
    expect(change.before).toMatchObject({ id: caseId, status: 'Pending' });
    expect(change.after).toMatchObject({ status: 'Fail', decidedBy: 'opr_test', decisionNote: 'documents do not match' });
    expect(await accountOf(t.db, userId)).toMatchObject({ accountStatus: 'Blocked', accountStatusReasonCode: 'AC100004' });
    const again = eddFaceOf(t).decide('opr_test', caseId, { outcome: 'approve' });
    await expect(again).rejects.toMatchObject({ errorName: 'EddDecisionRefused' });
  });

  it('a passed case opens the enhanced tier: kyc/limit/query and the quote say so', async () => {
    const { caseId, headers, edd, email } = await answeredCase('approve');
    expect((await edd.limits()).kycLevel).toBe(1);
    const change = await eddFaceOf(t).decide('opr_test', caseId, { outcome: 'approve' });
    expect(change.after).toMatchObject({ status: 'Pass', decidedBy: 'opr_test' });
    expect((await edd.detail()).body.data.eddStatus).toBe('Pass');
    const limits = await edd.limits();
    expect(limits.kycLevel).toBe(2);
    expect(limits.userKycLimitVos).toContainEqual(
      expect.objectContaining({ kycLevel: 2, period: 'DAILY', limitAmount: '50000.00', current: true }),
    );
    // The pair's own maximum (20,000 EUR) is now the bound, not tier 1's day (10,000).
    const quote = await getQuote(t, headers, { orderId: crypto.randomUUID(), fiatAmount: '100' });
    expect(quote.body.data.maxAmount).toBe('20000.00');
    // A year later the pass no longer stands: back to tier 1 until EDD passes again.
    t.clock.advance(366 * DAY_MS);
    await signInAgain(email, headers);
    expect((await edd.limits()).kycLevel).toBe(1);
  });

  it('a request for more information (RFI) asks again for the parts named, with a message and a new deadline', async () => {
    const { caseId, edd, headers, userId } = await answeredCase('rfi');
    const change = await eddFaceOf(t).decide('opr_test', caseId, {
      outcome: 'rfi',
      message: 'Please send a bank statement of the last 3 months',
      parts: ['SOF'],
    });
    expect(change.after).toMatchObject({ status: 'RFI', askedParts: ['SOF'] });
    const detail = (await edd.detail()).body.data;
    expect(detail).toMatchObject({
      eddStatus: 'RFI',
      askedParts: ['SOF'],
      rfiMessage: 'Please send a bank statement of the last 3 months',
    });
    expect(new Date(detail.deadline).getTime() - t.clock.now().getTime()).toBe(14 * DAY_MS);
    expect((await edd.overview()).kycInfo).toMatchObject({ eddStatus: 'RFI' });
    const answered = await edd.sof({ choice: 'SAVINGS', text: SOF_TEXT, files: [await uploadKyc(t, headers, 'three-months.pdf')] });
    expect(answered.body.data).toMatchObject({ eddStatus: 'Pending', askedParts: [] });
    // An RFI not answered in time ends as the first deadline does.
    await eddFaceOf(t).decide('opr_test', caseId, { outcome: 'rfi', message: 'One more document please' });
    t.clock.advance(14 * DAY_MS);
    await t.app.jobs.drain();
    expect(await accountOf(t.db, userId)).toMatchObject({ accountStatus: 'Blocked', accountStatusReasonCode: 'AC100004' });
  });

  it('refuses decisions out of order and bad input, changing nothing', async () => {
    const person = await verifiedBuyer(t, nextEmail('order'));
    const caseId = (await eddFaceOf(t).requestEdd('opr_test', person.userId, { reason: 'asked' })).after!.id;
    const face = eddFaceOf(t);
    await expect(face.decide('opr_test', caseId, { outcome: 'approve' })).rejects.toMatchObject({ errorName: 'EddDecisionRefused' });
    await expect(face.decide('opr_test', caseId, { outcome: 'rfi', message: 'more' })).rejects.toMatchObject({
      errorName: 'EddDecisionRefused',
    });
    await expect(face.decide('opr_test', caseId, { outcome: 'maybe' } as never)).rejects.toMatchObject({ errorName: 'EddInputInvalid' });
    await expect(face.decide('', caseId, { outcome: 'reject' })).rejects.toMatchObject({ errorName: 'EddInputInvalid' });
    await expect(face.decide('opr_test', 'edd_nope', { outcome: 'reject' })).rejects.toMatchObject({ errorName: 'EddCaseNotFound' });
    await expect(face.setRiskOverride('opr_test', person.userId, { rating: 'severe' as never, reason: 'x' })).rejects.toMatchObject({
      errorName: 'EddInputInvalid',
    });
    await expect(face.setRiskOverride('opr_test', person.userId, { rating: 'low', reason: ' ' })).rejects.toMatchObject({
      errorName: 'EddInputInvalid',
    });
    expect((await casesOf(person.userId))[0]).toMatchObject({ status: 'Initial' });
    expect(await ratingOf(person.userId)).toBeUndefined();
    // EDD follows identity verification: a person not verified is not asked.
    const unverified = await newIndividual(t, nextEmail('unverified'));
    await expect(face.requestEdd('opr_test', unverified.userId, { reason: 'asked' })).rejects.toMatchObject({
      errorName: 'EddInputInvalid',
    });
    expect(await casesOf(unverified.userId)).toEqual([]);
    // Asking again while a case is open answers the same case.
    const again = await face.requestEdd('opr_test', person.userId, { reason: 'asked twice' });
    expect(again.after?.id).toBe(caseId);
    expect(await casesOf(person.userId)).toHaveLength(1);
  });
});

describe("the operator's override", () => {
  it('holds over the rules: extreme blocks (AC100008), low withdraws an open case, lifting it brings the rules back', async () => {
    const face = eddFaceOf(t);
    const kept = await answeredCase('override-low');
    const lowered = await face.setRiskOverride('opr_test', kept.userId, { rating: 'low', reason: 'known customer, documents on file' });
    expect(lowered.before).toBeNull();
    expect(lowered.after).toMatchObject({
      rating: 'low',
      override: { rating: 'low', by: 'opr_test', reason: 'known customer, documents on file' },
    });
    expect((await casesOf(kept.userId))[0]).toMatchObject({ status: 'Withdrawn', decidedBy: 'opr_test' });
    expect((await kept.edd.detail()).body.data.eddStatus).toBeNull();
    // A recomputation keeps the override.
    expect((await face.recompute(kept.userId))?.after).toMatchObject({ rating: 'low', overrideRating: 'low' });
    const lifted = await face.setRiskOverride('opr_test', kept.userId, { rating: null, reason: 'review done' });
    expect(lifted.before?.override?.rating).toBe('low');
    expect(lifted.after).toMatchObject({ rating: 'low', override: null });

    const raised = await verifiedBuyer(t, nextEmail('override-high'));
    await face.setRiskOverride('opr_test', raised.userId, { rating: 'high', reason: 'adverse media found by hand' });
    expect((await casesOf(raised.userId))[0]).toMatchObject({ status: 'Initial', trigger: 'rating', requestedBy: 'opr_test' });

    const extreme = await verifiedBuyer(t, nextEmail('override-extreme'));
    const change = await face.setRiskOverride('opr_test', extreme.userId, { rating: 'extreme', reason: 'sanctions by association' });
    expect(change.after?.rating).toBe('extreme');
    expect(await accountOf(t.db, extreme.userId)).toMatchObject({ accountStatus: 'Blocked', accountStatusReasonCode: 'AC100008' });
    const blocked = await call(t.app, 'GET', PATHS.overview, { headers: extreme.headers });
    expect(blocked.body.data).toMatchObject({ accountStatus: 'Blocked', accountStatusReasonCode: 'AC100008' });
  });

  it('lists the cases waiting for review and reads one with its rating and files', async () => {
    const { caseId, userId } = await answeredCase('list');
    const face = eddFaceOf(t);
    const listed = await face.listCases();
    expect(listed.cases.map((edd) => edd.id)).toContain(caseId);
    expect(listed.cases.every((edd) => edd.status === 'Pending')).toBe(true);
    const read = await face.readCase(caseId);
    expect(read).toMatchObject({ id: caseId, userId, status: 'Pending', sow: { choice: 'EMPLOYMENT', choiceLabel: 'Employment income' } });
    expect(read.sow?.files[0]?.sha256).toMatch(/^[0-9a-f]{64}$/);
    const file = await face.evidenceFile(caseId, read.sow!.files[0]!.filePath);
    expect(file.fileName).toBe('payslip.pdf');
    await expect(face.evidenceFile(caseId, 'kyc/other/file.pdf')).rejects.toMatchObject({ errorName: 'EddCaseNotFound' });
    await expect(face.listCases({ limit: 500 })).rejects.toMatchObject({ errorName: 'EddInputInvalid' });
  });
});
