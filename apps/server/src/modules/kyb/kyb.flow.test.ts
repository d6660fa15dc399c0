import { PATHS } from '@causeway/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxKybApplicants } from '../../db/schema/index.ts';
import { call, createIdentityTestApp, type IdentityTestApp, tokenHeaders } from '../../../test/identity-helpers.ts';
import { fillForm, kybCall, newBusiness, person, ticketFor, uploadKyb, verifyPerson } from '../../../test/kyb-helpers.ts';
import { newIndividual } from '../../../test/kyc-helpers.ts';

let t: IdentityTestApp;
beforeAll(async () => {
  t = await createIdentityTestApp({ SANDBOX_KYB_REVIEW_MS: '0', SANDBOX_KYC_DELAY_MS: '0' });
});
afterAll(() => t.app.close());

const statusOf = async (headers: Record<string, string>) => (await kybCall(t, headers, 'GET', PATHS.kybBasicInfoGet)).body.data;
const mailboxOf = async (email: string) =>
  (await t.app.inject({ method: 'GET', url: `/sandbox/mailbox?to=${encodeURIComponent(email)}` })).json().messages as unknown[];

describe('business verification, end to end on the sandbox vendors', () => {
  it('a business fills the form, submits, its people verify through their links, and it passes', async () => {
    const headers = await newBusiness(t, 'kyb.flow@example.test');
    const fresh = await statusOf(headers);
    expect(fresh).toMatchObject({ editable: true, submittedAt: null, ownershipThresholdPercent: 25 });
    expect(fresh.kybInfo).toMatchObject({ kybBasicStatus: 'Initial', verificationStatus: 'Initial' });

    await fillForm(t, headers);
    // One human in two roles is one person: check-same names their other role, and they verify once.
    const same = await kybCall(t, headers, 'POST', PATHS.kybIndividualCheckSame, {
      firstName: 'ada',
      lastName: 'DIRECTOR',
      dob: '1985-06-15',
    });
    expect(same.body.data.same.map((s: { personType: string }) => s.personType).sort()).toEqual([
      'AuthorizedTrader_Individual',
      'Management_Individual',
    ]);

    const submitted = await kybCall(t, headers, 'POST', PATHS.kybSubmitAll);
    expect(submitted.statusCode).toBe(200);
    expect(submitted.body.data).toMatchObject({
      editable: false,
      kybInfo: { kybBasicStatus: 'Processing', verificationStatus: 'Processing' },
    });
    await t.app.jobs.drain();
    expect(await mailboxOf('ada.director@example.test')).toHaveLength(1);
    expect(await mailboxOf('bob.owner@example.test')).toHaveLength(1);
    // The vendor passed the company; its people have yet to verify.
    expect((await statusOf(headers)).kybInfo).toMatchObject({ kybBasicStatus: 'Processing', verificationStatus: 'Pending' });
    const refused = await kybCall(t, headers, 'POST', PATHS.kybBasicInfoUpdate, {
      section: 'GeneralData',
      data: { website: 'https://x.example' },
    });
    expect(refused.body.code).toBe('KYB0000001');

    await verifyPerson(t, 'ada.director@example.test', 'Director');
    await t.app.jobs.drain();
    const people = (await kybCall(t, headers, 'GET', PATHS.kybIndividualList)).body.data.individuals;
    expect(people.map((p: { lastName: string; verificationStatus: string }) => `${p.lastName}:${p.verificationStatus}`)).toEqual([
      'Director:Pass',
      'Director:Pass',
      'Owner:Initial',
    ]);
    await verifyPerson(t, 'bob.owner@example.test', 'Owner', 'Bob');
    await t.app.jobs.drain();
    expect((await statusOf(headers)).kybInfo).toMatchObject({
      kybBasicStatus: 'Pass',
      verificationStatus: 'Pass',
      kybStandardStatus: null,
    });

    // Verified, the business trades: the verified tier's limits, no personal address step, a bank account in the company's name.
    expect((await call(t.app, 'GET', PATHS.kycLimits, { headers })).body.data.kycLevel).toBe(1);
    expect((await call(t.app, 'GET', PATHS.kycCheckAddress, { headers })).body.data.required).toBe(false);
    const instructions = await call(t.app, 'POST', PATHS.bankTransferInstructions, { headers, body: { currency: 'EUR' } });
    expect(instructions.body.data.accountName).toBe('Northwind Trading Ltd');
    const header = await kybCall(t, headers, 'GET', PATHS.kybCompanyHeader);
    expect(header.body.data).toMatchObject({ companyName: 'Northwind Trading Ltd', logoUrl: null, kybInfo: { kybBasicStatus: 'Pass' } });
  });

  it('a resubmit outcome names the fields, opens the form again, and the corrected form passes', async () => {
    const headers = await newBusiness(t, 'kyb.resubmit@example.test');
    await fillForm(t, headers, 'Resubmit Brothers Ltd');
    await kybCall(t, headers, 'POST', PATHS.kybSubmitAll);
    await t.app.jobs.drain();
    const asked = await statusOf(headers);
    expect(asked).toMatchObject({ editable: true, kybInfo: { verificationStatus: 'Resubmitting' } });
    expect(asked.rejectedFields).toContain('GeneralData.registrationNumber');
    expect(asked.kybInfo.verificationFailReason).toBeTruthy();
    const fixed = await kybCall(t, headers, 'POST', PATHS.kybBasicInfoUpdate, {
      section: 'GeneralData',
      data: { registrationNumber: 'SC123456' },
    });
    expect(fixed.statusCode).toBe(200);
    expect((await kybCall(t, headers, 'POST', PATHS.kybSubmitAll)).statusCode).toBe(200);
    await t.app.jobs.drain();
    // Nobody is emailed twice by a resubmission.
    expect(await mailboxOf('ada.director@example.test')).toHaveLength(2); // one from each business
    expect((await statusOf(headers)).kybInfo).toMatchObject({ verificationStatus: 'Pending', verificationFailReason: null });
  });

  it('EDD: the questionnaire is asked, refused until complete, then reviewed; owners from 10 % count', async () => {
    const headers = await newBusiness(t, 'kyb.edd@example.test');
    await fillForm(t, headers, 'EDD Imports Ltd');
    await kybCall(t, headers, 'POST', PATHS.kybSubmitAll);
    await t.app.jobs.drain();
    expect((await statusOf(headers)).kybInfo).toMatchObject({ kybStandardStatus: 'Initial', eddStatus: null });
    expect((await statusOf(headers)).ownershipThresholdPercent).toBe(10);
    const questionnaire = (await kybCall(t, headers, 'GET', PATHS.kybEddQuestionnaire)).body.data;
    expect(questionnaire.questions.length).toBeGreaterThan(3);
    const partial = await kybCall(t, headers, 'POST', PATHS.kybEddSubmitAll, {
      answers: [{ id: 'edd-customers', answerText: 'Cafés in the UK' }],
    });
    expect(partial.body.code).toBe('KYB0000002');
    // A 15 % owner must now be declared, and is emailed once EDD is submitted.
    const owner = await kybCall(
      t,
      headers,
      'POST',
      PATHS.kybIndividualUpdate,
      person({
        personType: 'Ownership_Individual',
        firstName: 'Cy',
        lastName: 'Minor',
        dob: '1990-01-01',
        position: null,
        email: 'cy.minor@example.test',
        ownershipPercent: '15',
        ownershipType: 'DIRECT',
      }),
    );
    expect(owner.body.data).toMatchObject({ mustVerify: true, effectivePercent: 15 });
    const statements = await uploadKyb(t, headers, 'statements.pdf');
    const answers = questionnaire.questions.map((question: { id: string; answerType: string }) =>
      question.answerType === 'RADIO'
        ? { id: question.id, radioOption: 'No' }
        : question.answerType === 'UPLOAD'
          ? { id: question.id, file: statements }
          : { id: question.id, answerText: 'An answer' },
    );
    const submitted = await kybCall(t, headers, 'POST', PATHS.kybEddSubmitAll, { answers });
    expect(submitted.body.data.eddStatus).toBe('Processing');
    await t.app.jobs.drain();
    expect(await mailboxOf('cy.minor@example.test')).toHaveLength(1);
    expect((await statusOf(headers)).kybInfo).toMatchObject({ kybStandardStatus: 'Pass', eddStatus: 'Pass' });
  });
});

describe('a submit racing an edit', () => {
  it('counts only if the vendor holds the form as it is: else it is refused, and submitting again sends it', async () => {
    const headers = await newBusiness(t, 'kyb.race@example.test');
    await fillForm(t, headers, 'Race Conditions Ltd');
    const [submit, edit] = await Promise.all([
      kybCall(t, headers, 'POST', PATHS.kybSubmitAll),
      kybCall(t, headers, 'POST', PATHS.kybBasicInfoUpdate, { section: 'GeneralData', data: { website: 'https://raced.example' } }),
    ]);
    const vendorCopy = async () =>
      (await t.db.select().from(sandboxKybApplicants).where(eq(sandboxKybApplicants.companyName, 'Race Conditions Ltd')))[0]?.submission;
    if (submit.statusCode === 200) {
      // The edit came first (and went to the vendor) or was refused as the form was submitted.
      const saved = await statusOf(headers);
      expect(edit.statusCode === 200 || edit.body.code === 'KYB0000001').toBe(true);
      expect((await vendorCopy())?.website).toBe(saved.generalData.website);
    } else {
      expect(submit.body).toMatchObject({ code: 'KYB0000003', msg: 'The form changed while it was being submitted: submit it again' });
      expect((await statusOf(headers)).submittedAt).toBeNull();
      expect((await kybCall(t, headers, 'POST', PATHS.kybSubmitAll)).statusCode).toBe(200);
      expect((await vendorCopy())?.website).toBe('https://raced.example');
    }
  });
});

describe('business verification refuses what breaks its rules, and changes nothing', () => {
  it('names what is missing, refuses shared evidence, a Polish director without PESEL, and files that are not its own', async () => {
    const headers = await newBusiness(t, 'kyb.rules@example.test');
    const empty = await kybCall(t, headers, 'POST', PATHS.kybSubmitAll);
    expect(empty.body).toMatchObject({ code: 'KYB0000002' });
    expect(empty.body.msg).toContain('GeneralData.companyName');

    const badNumber = await kybCall(t, headers, 'POST', PATHS.kybBasicInfoUpdate, {
      section: 'GeneralData',
      data: { jurisdiction: 'GB', registrationNumber: '12' },
    });
    expect(badNumber.body.code).toBe('KYB0000003');
    const badText = await kybCall(t, headers, 'POST', PATHS.kybBasicInfoUpdate, {
      section: 'GeneralData',
      data: { companyName: '<b>Evil</b>' },
    });
    expect(badText.statusCode).toBe(400);

    // A draft keeps what is left out and forgets what is cleared.
    await kybCall(t, headers, 'POST', PATHS.kybBasicInfoUpdate, {
      section: 'GeneralData',
      data: { website: 'https://a.example', taxId: 'X1' },
    });
    await kybCall(t, headers, 'POST', PATHS.kybBasicInfoUpdate, { section: 'GeneralData', data: { website: null } });
    expect((await statusOf(headers)).generalData).toEqual({ taxId: 'X1' });

    const file = await uploadKyb(t, headers, 'same.pdf');
    const shared = await kybCall(t, headers, 'POST', PATHS.kybBasicInfoUpdate, {
      section: 'BusinessProfileFinancials',
      data: { sourceOfFundsFiles: [file], sourceOfWealthFiles: [file] },
    });
    expect(shared.body.code).toBe('KYB0000003');
    const stranger = await newBusiness(t, 'kyb.stranger@example.test');
    const foreign = await kybCall(t, stranger, 'POST', PATHS.kybBasicInfoUpdate, {
      section: 'BusinessProfileFinancials',
      data: { sourceOfFundsFiles: [file] },
    });
    expect(foreign.body.code).toBe('KYC0000002');

    const polish = await kybCall(t, headers, 'POST', PATHS.kybIndividualUpdate, person({ nationality: 'PL' }));
    expect(polish.body.code).toBe('KYB0000003');
    const withPesel = await kybCall(
      t,
      headers,
      'POST',
      PATHS.kybIndividualUpdate,
      person({ nationality: 'PL', dob: '1985-06-15', pesel: '85061512345' }),
    );
    expect(withPesel.body.code).toBe('KYB0000003');
    const tooMuch = await kybCall(
      t,
      headers,
      'POST',
      PATHS.kybIndividualUpdate,
      person({ personType: 'Ownership_Individual', ownershipPercent: '101', ownershipType: 'DIRECT' }),
    );
    expect(tooMuch.statusCode).toBe(400);
    expect((await kybCall(t, headers, 'GET', PATHS.kybIndividualList)).body.data.individuals).toEqual([]);
    expect((await statusOf(headers)).businessProfileFinancials).toEqual({});
  });

  it('keeps the calls to business sessions, and a forged or stolen link opens nothing', async () => {
    const individual = await newIndividual(t, 'kyb.individual@example.test');
    const asIndividual = await call(t.app, 'GET', PATHS.kybBasicInfoGet, { headers: tokenHeaders(individual.token) });
    expect(asIndividual.statusCode).toBe(401);
    const forged = await call(t.app, 'POST', PATHS.kybIndividualAccessToken, { body: { ticket: 'eyJwZXJzb25JZCI6Inh4In0.deadbeef' } });
    expect(forged.body.code).toBe('KYB0000005');
    const headers = await newBusiness(t, 'kyb.links@example.test');
    await fillForm(t, headers, 'Links Ltd');
    await kybCall(t, headers, 'POST', PATHS.kybSubmitAll);
    await t.app.jobs.drain();
    const ticket = await ticketFor(t.app, 'bob.owner@example.test');
    const tampered = `${ticket.slice(0, -2)}${ticket.endsWith('0') ? '1' : '0'}0`;
    expect((await call(t.app, 'POST', PATHS.kybIndividualAccessToken, { body: { ticket: tampered } })).body.code).toBe('KYB0000005');
    // A resend waits a minute.
    const bob = (await kybCall(t, headers, 'GET', PATHS.kybIndividualList)).body.data.individuals.find(
      (p: { lastName: string }) => p.lastName === 'Owner',
    );
    expect((await kybCall(t, headers, 'POST', PATHS.kybIndividualSendEmail, { id: bob.id })).body.code).toBe('KYB0000006');
    t.clock.advance(61_000);
    expect((await kybCall(t, headers, 'POST', PATHS.kybIndividualSendEmail, { id: bob.id })).statusCode).toBe(200);
  });
});
