import { describe, expect, it } from 'vitest';
import { VendorInputError } from '../kyc/kyc-provider.ts';
import { SumsubApiError } from '../kyc/sumsub.ts';
import { APP_TOKEN, CREDENTIALS, stubFetch } from '../kyc/sumsub.test-support.ts';
import { signPayload } from '../kyc/webhook-digest.ts';
import { CERTIFICATE, companySubmission, EDD_ANSWERS, SOURCE_OF_FUNDS } from './kyb.test-support.ts';
import { createSumsubStandIn, documentedSignature, EDD_LEVEL, kybFixture, sumsubKyb } from './sumsub-kyb.test-support.ts';

// Recorded answers shaped after Sumsub's documented examples (fixtures/sumsub); requests checked call by call.

const APPLICANT_ID = '66c1a2b3c4d5e6f7a8b9c0d1';
const ok = { status: 200, body: { ok: 1 } };
const pathOf = (url: string) => url.replace('https://api.sumsub.com', '');
const jsonOf = (body: string | undefined) => JSON.parse(body ?? 'null') as unknown;
/** The metadata part of a multipart upload the adapter sent. */
const metadataOf = (bytes: Buffer | undefined) => {
  const text = bytes?.toString('latin1') ?? '';
  const match = /name="metadata"\r\n\r\n(\{.*?\})\r\n/.exec(text);
  return match ? (JSON.parse(match[1]!) as unknown) : undefined;
};

describe('Sumsub KYB: submitting a company', () => {
  it('creates the company applicant, links its people, uploads its documents and asks for the check, each call signed', async () => {
    const { fetchImpl, calls } = stubFetch([
      { status: 201, body: kybFixture('create-company-applicant.response') },
      ok,
      ok,
      { status: 200, body: kybFixture('add-company-doc.response') },
      { status: 200, body: kybFixture('add-company-doc.response') },
      ok,
    ]);
    const kyb = sumsubKyb(fetchImpl);
    expect(await kyb.submitCompany(companySubmission())).toEqual({ applicantId: APPLICANT_ID });

    expect(calls.map((call) => `${call.method} ${pathOf(call.url)}`)).toEqual([
      'POST /resources/applicants?levelName=basic-kyb-level',
      `POST /resources/applicants/${APPLICANT_ID}/fixedInfo/companyInfo/beneficiaries`,
      `POST /resources/applicants/${APPLICANT_ID}/fixedInfo/companyInfo/beneficiaries`,
      `POST /resources/applicants/${APPLICANT_ID}/info/idDoc`,
      `POST /resources/applicants/${APPLICANT_ID}/info/idDoc`,
      `POST /resources/applicants/${APPLICANT_ID}/status/pending`,
    ]);
    expect(jsonOf(calls[0]?.body)).toEqual({
      externalUserId: 'usr_business_1',
      type: 'company',
      email: 'office@acme.example',
      fixedInfo: {
        companyInfo: {
          companyName: 'Acme Trading UAB',
          registrationNumber: '304567891',
          country: 'LTU',
          legalAddress: 'Gedimino pr. 1, LT-01103 Vilnius, LTU',
          incorporatedOn: '2019-03-14',
          type: 'PRIVATE_LIMITED_COMPANY',
          email: 'office@acme.example',
          website: 'https://acme.example',
          taxId: 'LT100012345678',
        },
      },
    });
    // One beneficiary per person, with every role they hold: the director who owns everything, the trader.
    expect(jsonOf(calls[1]?.body)).toEqual({
      types: ['director', 'ubo'],
      shareSize: 100,
      beneficiaryInfo: { firstName: 'Rūta', lastName: 'Kazlauskienė', dob: '1981-06-02', nationality: 'LTU', email: 'ruta@acme.example' },
    });
    expect(jsonOf(calls[2]?.body)).toMatchObject({
      types: ['representative'],
      beneficiaryInfo: { firstName: 'Jonas', nationality: 'LVA' },
    });
    expect(calls[2]?.body).not.toContain('shareSize');

    const upload = calls[3]!;
    expect(upload.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(upload.headers['x-return-doc-warnings']).toBe('true');
    expect(metadataOf(upload.bytes)).toEqual({ idDocType: 'COMPANY_DOC', idDocSubType: 'INCORPORATION_CERT', country: 'LTU' });
    expect(upload.bytes?.toString('latin1')).toContain(
      'filename="CERTIFICATE_OF_INCORPORATION--acme_certificate.pdf"\r\nContent-Type: application/pdf',
    );
    expect(upload.bytes?.includes(CERTIFICATE.bytes)).toBe(true);
    expect(metadataOf(calls[4]?.bytes)).toMatchObject({ idDocSubType: 'SHAREHOLDER_REGISTRY' });

    for (const call of calls) {
      expect(call.headers['x-app-token']).toBe(APP_TOKEN);
      expect(call.headers['x-app-access-ts']).toBe('1795939200');
      expect(call.headers['x-app-access-sig']).toBe(documentedSignature(`1795939200${call.method}${pathOf(call.url)}`, call.bytes));
    }
  });

  it('on a resubmission, replaces the company data and relinks only the people who changed', async () => {
    const pending = kybFixture('company-applicant-pending');
    const { fetchImpl, calls } = stubFetch([
      { status: 409, body: kybFixture('error-409-applicant-exists') },
      { status: 200, body: pending },
      { status: 200, body: pending.fixedInfo },
      { status: 200, body: pending },
      ok,
      ok,
      { status: 200, body: kybFixture('add-company-doc.response') },
      ok,
    ]);
    await sumsubKyb(fetchImpl).submitCompany(companySubmission({ documents: [CERTIFICATE] }));
    const linkPath = `/resources/applicants/${APPLICANT_ID}/fixedInfo/companyInfo/beneficiaries`;
    expect(calls.map((call) => `${call.method} ${pathOf(call.url)}`)).toEqual([
      'POST /resources/applicants?levelName=basic-kyb-level',
      'GET /resources/applicants/-;externalUserId=usr_business_1/one',
      `PATCH /resources/applicants/${APPLICANT_ID}/fixedInfo`,
      `GET /resources/applicants/${APPLICANT_ID}/one`,
      // Tomas is no longer declared; Rūta's link stands as it was; Jonas is new.
      `DELETE ${linkPath}/5c0e2f1a-9b7d-4c3e-8a6f-1d2e3f4a5b6c`,
      `POST ${linkPath}`,
      `POST /resources/applicants/${APPLICANT_ID}/info/idDoc`,
      `POST /resources/applicants/${APPLICANT_ID}/status/pending`,
    ]);
    expect(jsonOf(calls[2]?.body)).toMatchObject({ companyInfo: { companyName: 'Acme Trading UAB', country: 'LTU' } });
    expect(jsonOf(calls[5]?.body)).toMatchObject({ beneficiaryInfo: { firstName: 'Jonas' } });
  });

  it('sends nothing when the submission cannot be sent as it is', async () => {
    const { fetchImpl, calls } = stubFetch([]);
    const kyb = sumsubKyb(fetchImpl);
    await expect(kyb.submitCompany(companySubmission({ country: 'QQ' }))).rejects.toThrow(VendorInputError);
    await expect(kyb.submitCompany(companySubmission({ incorporationDate: '14.03.2019' }))).rejects.toThrow(VendorInputError);
    await expect(kyb.submitCompany(companySubmission({ documents: [{ ...CERTIFICATE, fileName: 'certificate.png' }] }))).rejects.toThrow(
      /as its content says/,
    );
    expect(calls).toHaveLength(0);
  });

  it('stops before asking for the check when Sumsub refuses a document, and never echoes a credential', async () => {
    const { fetchImpl, calls } = stubFetch([
      { status: 201, body: kybFixture('create-company-applicant.response') },
      ok,
      ok,
      { status: 200, body: { errors: ['Document is not readable'] } },
    ]);
    await expect(sumsubKyb(fetchImpl).submitCompany(companySubmission())).rejects.toThrow(
      /the document was refused — \["Document is not readable"\]/,
    );
    expect(calls.at(-1)?.url).toMatch(/\/info\/idDoc$/);

    const echo = stubFetch([{ status: 500, body: { description: `internal error near ${CREDENTIALS.secretKey}`, code: 500 } }]);
    const failure = await sumsubKyb(echo.fetchImpl)
      .submitCompany(companySubmission())
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SumsubApiError);
    expect((failure as Error).message).toContain('[redacted]');
    expect((failure as Error).message).not.toContain(CREDENTIALS.secretKey);
  });

  it('is refused by Sumsub when it signs with another secret', async () => {
    const standIn = createSumsubStandIn();
    const failure = await sumsubKyb(standIn.fetchImpl, { secretKey: 'not-the-secret' })
      .submitCompany(companySubmission())
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ status: 401, message: expect.stringMatching(/Invalid signature/) });
  });
});

describe('Sumsub KYB: reading the review', () => {
  const reviewOf = async (answers: Array<{ status: number; body: unknown }>) => {
    const { fetchImpl, calls } = stubFetch(answers);
    const review = await sumsubKyb(fetchImpl).getReview(APPLICANT_ID);
    return { review, paths: calls.map((call) => pathOf(call.url)) };
  };

  it('reads a company in review', async () => {
    const { review, paths } = await reviewOf([{ status: 200, body: kybFixture('company-applicant-pending') }]);
    expect(review).toMatchObject({ reviewStatus: 'pending', reviewAnswer: null, edd: null, reviewedAt: new Date('2026-11-21T12:00:05Z') });
    expect(paths).toEqual([`/resources/applicants/${APPLICANT_ID}/one`]);
  });

  it('maps the documents the reviewer refused (RETRY) to our form\u2019s fields, with the reviewer\u2019s words', async () => {
    const { review, paths } = await reviewOf([
      { status: 200, body: kybFixture('company-applicant-red-retry') },
      { status: 200, body: kybFixture('document-images') },
    ]);
    expect(review).toMatchObject({
      applicantId: APPLICANT_ID,
      externalId: 'usr_business_1',
      reviewStatus: 'completed',
      reviewAnswer: 'RED',
      reviewRejectType: 'RETRY',
      rejectLabels: ['INCOMPLETE_DOCUMENT', 'PROBLEMATIC_APPLICANT_DATA'],
      // Our file name says which field; a deactivated image was replaced already; a GREEN one is fine.
      rejectedFields: ['BusinessData.documents.CERTIFICATE_OF_INCORPORATION', 'BusinessProfileFinancials.sourceOfFundsFiles'],
      reviewedAt: new Date('2026-11-22T09:14:27Z'),
    });
    expect(review.moderationComment).toMatch(/^The certificate of incorporation is cut off/);
    expect(paths[1]).toBe(`/resources/applicants/${APPLICANT_ID}/metadata/resources`);
  });

  it('reads a final refusal without asking for the documents', async () => {
    const { review, paths } = await reviewOf([{ status: 200, body: kybFixture('company-applicant-red-final') }]);
    expect(review).toMatchObject({
      reviewAnswer: 'RED',
      reviewRejectType: 'FINAL',
      rejectLabels: ['REGULATIONS_VIOLATIONS'],
      rejectedFields: [],
    });
    expect(paths).toHaveLength(1);
  });

  it('follows EDD: asked by the tag, then the latest action at the EDD level decides it', async () => {
    const green = kybFixture('company-applicant-green');
    const tagged = { ...green, tags: ['EDD'] };
    const actions = kybFixture<{ items: Array<Record<string, unknown>> }>('applicant-actions');
    const withEdd = (review: Record<string, unknown>) => ({ items: [{ ...actions.items[0], review }, actions.items[1]] });
    const eddReview = (reviewStatus: string, reviewResult?: Record<string, unknown>) => ({
      levelName: EDD_LEVEL,
      createDate: '2026-11-23 08:00:02+0000',
      reviewStatus,
      ...(reviewResult ? { reviewResult, reviewDate: '2026-11-23 15:31:09+0000' } : {}),
    });
    const none = { status: 200, body: { items: [], totalItems: 0 } };

    expect((await reviewOf([{ status: 200, body: green }, none])).review).toMatchObject({ reviewAnswer: 'GREEN', edd: null });
    const asked = await reviewOf([{ status: 200, body: tagged }, none]);
    expect(asked.review.edd).toEqual({ status: 'required', comment: null });
    expect(asked.paths[1]).toBe(`/resources/applicantActions/-;applicantId=${APPLICANT_ID}`);

    const pending = await reviewOf([
      { status: 200, body: tagged },
      { status: 200, body: withEdd(eddReview('pending')) },
    ]);
    expect(pending.review.edd).toEqual({ status: 'pending', comment: null });
    const sentBack = await reviewOf([
      { status: 200, body: tagged },
      { status: 200, body: actions },
    ]);
    expect(sentBack.review).toMatchObject({
      reviewAnswer: 'GREEN',
      edd: { status: 'resubmit', comment: expect.stringMatching(/last 6 months/) },
    });
    // The EDD review is newer than the company's: the review's time is the latest of the two.
    expect(sentBack.review.reviewedAt).toEqual(new Date('2026-11-23T15:31:09Z'));
    const passed = await reviewOf([
      { status: 200, body: tagged },
      { status: 200, body: withEdd(eddReview('completed', { reviewAnswer: 'GREEN' })) },
    ]);
    expect(passed.review.edd).toEqual({ status: 'passed', comment: null });

    const refused = await reviewOf([
      { status: 200, body: tagged },
      {
        status: 200,
        body: withEdd(
          eddReview('completed', {
            reviewAnswer: 'RED',
            reviewRejectType: 'FINAL',
            rejectLabels: ['ADVERSE_MEDIA'],
            moderationComment: 'No.',
          }),
        ),
      },
    ]);
    expect(refused.review).toMatchObject({
      reviewAnswer: 'RED',
      reviewRejectType: 'FINAL',
      rejectLabels: ['ADVERSE_MEDIA'],
      moderationComment: 'No.',
      edd: null,
    });
  });
});

describe('Sumsub KYB: EDD answers, hosted form, webhooks', () => {
  it('sends the EDD answers as a questionnaire action at the EDD level, its documents, then asks for its check', async () => {
    const action = kybFixture('create-edd-action.response');
    const { fetchImpl, calls } = stubFetch([
      { status: 200, body: kybFixture('company-applicant-green') },
      { status: 200, body: action },
      { status: 200, body: kybFixture('add-company-doc.response') },
      { status: 200, body: action },
    ]);
    await sumsubKyb(fetchImpl).submitEdd({ applicantId: APPLICANT_ID, answers: EDD_ANSWERS, documents: [SOURCE_OF_FUNDS] });
    const actionPath = `/resources/applicantActions/${String(action.id)}`;
    expect(calls.map((call) => `${call.method} ${pathOf(call.url)}`)).toEqual([
      `GET /resources/applicants/${APPLICANT_ID}/one`,
      `POST /resources/applicantActions/-/forApplicant/${APPLICANT_ID}?levelName=${EDD_LEVEL}`,
      `POST ${actionPath}/images`,
      `POST ${actionPath}/review/status/pending`,
    ]);
    expect(jsonOf(calls[1]?.body)).toEqual({
      externalActionId: `edd-${APPLICANT_ID}-1795939200000`,
      questionnaires: [
        {
          id: 'kybEdd',
          sections: {
            edd: { items: { expectedVolume: { value: 'About 200,000 EUR' }, fundsOrigin: { value: 'Revenue from software licences' } } },
          },
        },
      ],
    });
    expect(metadataOf(calls[2]?.bytes)).toEqual({ idDocType: 'COMPANY_DOC', idDocSubType: 'OTHER', country: 'LTU' });
    expect(calls[2]?.bytes?.toString('latin1')).toContain('filename="SOURCE_OF_FUNDS--statements.pdf"');
  });

  it('answers the hosted form as Sumsub\u2019s WebSDK link for the business', async () => {
    const { fetchImpl, calls } = stubFetch([{ status: 200, body: kybFixture('websdk-link.response') }]);
    const url = await sumsubKyb(fetchImpl).hostedFormUrl({ externalId: 'usr_business_1', levelName: 'basic-kyb-level' });
    expect(url).toBe('https://in.sumsub.com/websdk/p/sbx_uI3xVZ0kQ7cmMw9z');
    expect(calls[0]).toMatchObject({ method: 'POST', url: 'https://api.sumsub.com/resources/sdkIntegrations/levels/-/websdkLink' });
    expect(jsonOf(calls[0]?.body)).toEqual({ levelName: 'basic-kyb-level', userId: 'usr_business_1', ttlInSecs: 1800 });
  });

  it('parses a recorded company webhook; a malformed applicant id never reaches a URL', async () => {
    const { fetchImpl, calls } = stubFetch([]);
    const kyb = sumsubKyb(fetchImpl);
    const rawBody = Buffer.from(JSON.stringify(kybFixture('webhook-applicant-reviewed-company')));
    const headers = { 'x-payload-digest': signPayload(rawBody, CREDENTIALS.webhookSecret), 'x-payload-digest-alg': 'HMAC_SHA256_HEX' };
    expect(kyb.parseWebhook({ rawBody, headers })).toEqual({
      eventKey: 'applicantReviewed:req-a7c1e0b2-5d3f-4e8a-9b6c-1f2e3d4c5b6a',
      type: 'applicantReviewed',
      applicantId: APPLICANT_ID,
      externalId: 'usr_business_1',
      createdAtMs: Date.parse('2026-11-22T09:14:27.482Z'),
    });
    await expect(kyb.getReview('../../status/api')).rejects.toThrow(/malformed applicantId/);
    await expect(kyb.submitEdd({ applicantId: '../x', answers: [], documents: [] })).rejects.toThrow(/malformed applicantId/);
    expect(calls).toHaveLength(0);
  });

  it('takes a webhook signed with SHA-1 (explicit, or no algorithm header) only with webhookAllowSha1 (SUMSUB_WEBHOOK_ALLOW_SHA1)', () => {
    const { fetchImpl } = stubFetch([]);
    const rawBody = Buffer.from(JSON.stringify(kybFixture('webhook-applicant-reviewed-company')));
    const sha1 = signPayload(rawBody, CREDENTIALS.webhookSecret, 'HMAC_SHA1_HEX');
    const explicit = { 'x-payload-digest': sha1, 'x-payload-digest-alg': 'HMAC_SHA1_HEX' };
    const legacy = { 'x-payload-digest': sha1 };
    const refusing = sumsubKyb(fetchImpl);
    expect(() => refusing.parseWebhook({ rawBody, headers: explicit })).toThrow(/SHA-1.*SUMSUB_WEBHOOK_ALLOW_SHA1=true/);
    expect(() => refusing.parseWebhook({ rawBody, headers: legacy })).toThrow(/no X-Payload-Digest-Alg header/);
    const allowing = sumsubKyb(fetchImpl, { webhookAllowSha1: true });
    expect(allowing.parseWebhook({ rawBody, headers: explicit }).applicantId).toBe(APPLICANT_ID);
    expect(allowing.parseWebhook({ rawBody, headers: legacy }).applicantId).toBe(APPLICANT_ID);
  });
});
