import { createHash, createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import countriesLib from 'i18n-iso-countries';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeApplicant, type FakeSumsub, type RecordedRequest, startFakeSumsub } from '../../../test/fake-sumsub.ts';
import { type DocumentSubmission, VendorInputError, WebhookSignatureError } from './kyc-provider.ts';
import {
  alpha2ToAlpha3,
  alpha3ToAlpha2,
  buildMultipart,
  createSumsubKyc,
  parseSumsubTime,
  signSumsubRequest,
  SumsubApiError,
  type SumsubOptions,
  toApplicantReview,
} from './sumsub.ts';

// Bodies copied in shape from Sumsub's documentation examples (ids made up): see fixtures/sumsub.
const fixtureBytes = (name: string) => readFileSync(new URL(`./fixtures/sumsub/${name}.json`, import.meta.url));
const fixture = <T = Record<string, unknown>>(name: string): T => JSON.parse(fixtureBytes(name).toString('utf8')) as T;

const APP_TOKEN = 'sbx:uY0CgwELmgUAEyl4hNWxLngb.0WSeQeiYny4WEqmAALEAiK2qTC96fBad';
const SECRET_KEY = 'Hej2ch71kG2kTd1iIUDZFNsO5C1lh5Gq';
const WEBHOOK_SECRET = 'whsec-7dM2pQ9xL4vN8sK1';
const CREDENTIALS = { appToken: APP_TOKEN, secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET };

/** The documented formula, written out here on its own: hex HMAC-SHA256(secret, ts + METHOD + uri + body). */
const documentedSignature = (secret: string, signedString: string) => createHmac('sha256', secret).update(signedString).digest('hex');

interface Captured {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
  /** The body's bytes (a JSON text as UTF-8, a multipart Buffer as is). */
  bytes: Buffer | undefined;
}
/** A fetch that records what the adapter sends and answers one canned response per call. */
function stubFetch(answers: Array<{ status: number; body: unknown }>) {
  const calls: Captured[] = [];
  const fetchImpl = (async (input: string | URL | Request, init?: RequestInit) => {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries((init?.headers ?? {}) as Record<string, string>)) headers[name.toLowerCase()] = value;
    const sent = init?.body;
    const bytes = typeof sent === 'string' ? Buffer.from(sent, 'utf8') : sent instanceof Uint8Array ? Buffer.from(sent) : undefined;
    calls.push({ url: String(input), method: init?.method ?? 'GET', headers, body: sent as string | undefined, bytes });
    const answer = answers.shift();
    if (!answer) throw new Error('unexpected call');
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { fetchImpl, calls };
}

let fake: FakeSumsub;
beforeAll(async () => {
  fake = await startFakeSumsub({ appToken: APP_TOKEN, secretKey: SECRET_KEY });
});
afterAll(() => fake.close());
const againstFake = (overrides: Partial<SumsubOptions> = {}) => createSumsubKyc({ ...CREDENTIALS, baseUrl: fake.baseUrl, ...overrides });

describe('Sumsub request signing (docs.sumsub.com/reference/authentication)', () => {
  it('signs the documented example string', () => {
    // The page's example of a string to sign, for the older access-token call (no body).
    const signed = '1607551635POST/resources/accessTokens?userId=cfd20712-24a2-4c7d-9ab0-146f3c142335&levelName=basic-kyc-level&ttlInSecs=600';
    expect(
      signSumsubRequest({
        secretKey: SECRET_KEY,
        ts: '1607551635',
        method: 'post',
        pathWithQuery: '/resources/accessTokens?userId=cfd20712-24a2-4c7d-9ab0-146f3c142335&levelName=basic-kyc-level&ttlInSecs=600',
      }),
    ).toBe(documentedSignature(SECRET_KEY, signed));
  });

  it('sends the exact headers, body and signature of a known request at a fixed clock', async () => {
    const { fetchImpl, calls } = stubFetch([{ status: 201, body: fixture('create-applicant.response') }]);
    // 789 ms past the second: X-App-Access-Ts is whole seconds.
    const kyc = createSumsubKyc({ ...CREDENTIALS, fetchImpl, now: () => new Date(1_607_551_635_789) });
    const request = fixture<{ externalUserId: string; email: string }>('create-applicant.request');
    await kyc.createApplicant({ ...request, levelName: 'basic-kyc-level' });

    const [call] = calls;
    const body = JSON.stringify(request);
    expect(call).toMatchObject({ url: 'https://api.sumsub.com/resources/applicants?levelName=basic-kyc-level', method: 'POST', body });
    expect(call?.headers['x-app-token']).toBe(APP_TOKEN);
    expect(call?.headers['x-app-access-ts']).toBe('1607551635');
    expect(call?.headers['content-type']).toBe('application/json');
    const expected = documentedSignature(SECRET_KEY, `1607551635POST/resources/applicants?levelName=basic-kyc-level${body}`);
    expect(call?.headers['x-app-access-sig']).toBe(expected);
    // Pinned, so a change of formula cannot pass by changing both sides.
    expect(expected).toBe('34037e6c9b37ca2585d6d6a1ce0c2503fe140ce2e89723550ac087446e060195');
  });

  it('signs a GET without a body, over the path as sent, and URL-encodes the level name', async () => {
    const { fetchImpl, calls } = stubFetch([
      { status: 201, body: fixture('create-applicant.response') },
      { status: 200, body: fixture('applicant-green') },
    ]);
    const kyc = createSumsubKyc({ ...CREDENTIALS, fetchImpl, now: () => new Date(1_700_000_000_000) });
    await kyc.createApplicant({ externalUserId: 'usr-7f3c2a91', email: 'ada.lovelace@example.com', levelName: 'kyc level+@1' });
    await kyc.getReview('65a1f0c2b3d4e5f6a7b8c9d0');

    expect(calls[0]?.url).toBe('https://api.sumsub.com/resources/applicants?levelName=kyc%20level%2B%401');
    const get = calls[1];
    expect(get?.method).toBe('GET');
    expect(get?.body).toBeUndefined();
    expect(get?.headers['content-type']).toBeUndefined();
    expect(get?.headers['x-app-access-sig']).toBe(documentedSignature(SECRET_KEY, '1700000000GET/resources/applicants/65a1f0c2b3d4e5f6a7b8c9d0/one'));
  });
});

describe('createApplicant', () => {
  it('creates the applicant at the level (POST /resources/applicants?levelName=…)', async () => {
    const { applicantId } = await againstFake().createApplicant({ externalUserId: 'usr-create-1', email: 'one@example.com', levelName: 'basic-kyc-level' });
    const stored = fake.applicants.get(applicantId);
    expect(stored).toMatchObject({ externalUserId: 'usr-create-1', email: 'one@example.com', review: { levelName: 'basic-kyc-level', reviewStatus: 'init' } });
    expect(fake.requests.at(-1)).toMatchObject({ method: 'POST', url: '/resources/applicants?levelName=basic-kyc-level', status: 201 });
  });

  it('reads the applicant id from the documented answer', async () => {
    const { fetchImpl } = stubFetch([{ status: 201, body: fixture('create-applicant.response') }]);
    const kyc = createSumsubKyc({ ...CREDENTIALS, fetchImpl });
    expect(await kyc.createApplicant({ externalUserId: 'usr-7f3c2a91', email: 'ada.lovelace@example.com', levelName: 'basic-kyc-level' })).toEqual({
      applicantId: '65a1f0c2b3d4e5f6a7b8c9d0',
    });
  });

  it('on 409 (externalUserId already known) finds the existing applicant instead', async () => {
    const kyc = againstFake();
    const first = await kyc.createApplicant({ externalUserId: 'usr-twice', email: 'twice@example.com', levelName: 'basic-kyc-level' });
    const before = fake.requests.length;
    const second = await kyc.createApplicant({ externalUserId: 'usr-twice', email: 'twice@example.com', levelName: 'basic-kyc-level' });
    expect(second).toEqual(first);
    expect(fake.requests.slice(before).map((request) => [request.method, request.url, request.status])).toEqual([
      ['POST', '/resources/applicants?levelName=basic-kyc-level', 409],
      ['GET', '/resources/applicants/-;externalUserId=usr-twice/one', 200],
    ]);
    expect([...fake.applicants.values()].filter((applicant) => applicant.externalUserId === 'usr-twice')).toHaveLength(1);
  });

  it('falls back on the documented 409 body and lookup answer', async () => {
    const { fetchImpl, calls } = stubFetch([
      { status: 409, body: fixture('error-409-applicant-exists') },
      { status: 200, body: fixture('applicant-green') },
    ]);
    const kyc = createSumsubKyc({ ...CREDENTIALS, fetchImpl });
    expect(await kyc.createApplicant({ externalUserId: 'usr-7f3c2a91', email: 'ada.lovelace@example.com', levelName: 'basic-kyc-level' })).toEqual({
      applicantId: '65a1f0c2b3d4e5f6a7b8c9d0',
    });
    expect(calls[1]?.url).toBe('https://api.sumsub.com/resources/applicants/-;externalUserId=usr-7f3c2a91/one');
  });

  it('keeps the signature valid for an externalUserId that needs encoding', async () => {
    const kyc = againstFake();
    const externalUserId = "user 42+ü'@/x";
    const first = await kyc.createApplicant({ externalUserId, email: 'odd@example.com', levelName: 'basic kyc' });
    expect(await kyc.createApplicant({ externalUserId, email: 'odd@example.com', levelName: 'basic kyc' })).toEqual(first);
    expect(fake.applicants.get(first.applicantId)?.externalUserId).toBe(externalUserId);
  });
});

describe('accessToken', () => {
  it('asks POST /resources/accessTokens/sdk for the WebSDK token; no URL of ours', async () => {
    const token = await againstFake().accessToken({ externalUserId: 'usr-token', levelName: 'basic-kyc-level', ttlSeconds: 600 });
    expect(token.url).toBeNull();
    expect(fake.accessTokens.get(token.token)).toBe('usr-token');
    const request = fake.requests.at(-1);
    expect(request).toMatchObject({ method: 'POST', url: '/resources/accessTokens/sdk', status: 200 });
    expect(JSON.parse(request?.body ?? '')).toEqual({ userId: 'usr-token', levelName: 'basic-kyc-level', ttlInSecs: 600 });
  });

  it('sends the documented body and reads the documented answer', async () => {
    const { fetchImpl, calls } = stubFetch([{ status: 200, body: fixture('access-token.response') }]);
    const kyc = createSumsubKyc({ ...CREDENTIALS, fetchImpl });
    expect(await kyc.accessToken({ externalUserId: 'usr-7f3c2a91', levelName: 'basic-kyc-level', ttlSeconds: 600 })).toEqual({
      token: '_act-sbx-6f9d2c4e-8a1b-4e3f-b5c7-000000000001',
      url: null,
    });
    expect(calls[0]?.url).toBe('https://api.sumsub.com/resources/accessTokens/sdk');
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual(fixture('access-token.request'));
  });
});

describe('importSharedApplicant (Reusable KYC)', () => {
  const SHARE_TOKEN = '_act-0b8a43f6-b70f-4ad3-bda9-7ce904589380';

  it('POSTs /resources/applicants/-/import?shareToken= with no body, signed over that URI, and answers the new applicant id', async () => {
    const { fetchImpl, calls } = stubFetch([{ status: 200, body: fixture('import-applicant.response') }]);
    const kyc = createSumsubKyc({ ...CREDENTIALS, fetchImpl, now: () => new Date(1_700_000_000_000) });
    expect(await kyc.importSharedApplicant({ shareToken: SHARE_TOKEN, externalUserId: 'usr-7f3c2a91', levelName: 'basic-kyc-level' })).toEqual({ applicantId: '5d08a63239b79354a2ebaa1d' });
    const path = `/resources/applicants/-/import?shareToken=${SHARE_TOKEN}`;
    expect(calls[0]).toMatchObject({ url: `https://api.sumsub.com${path}`, method: 'POST', body: undefined });
    expect(calls[0]?.headers['x-app-access-sig']).toBe(documentedSignature(SECRET_KEY, `1700000000POST${path}`));
  });

  it('turns the documented 401 "Token is invalid" into a refusal of the token, without quoting it', async () => {
    const refusal = fixture<{ description: string }>('error-401-share-token');
    const quoted = /Token (\S+) is invalid/.exec(refusal.description)?.[1] ?? '';
    const { fetchImpl } = stubFetch([{ status: 401, body: refusal }]);
    const failure = await createSumsubKyc({ ...CREDENTIALS, fetchImpl }).importSharedApplicant({ shareToken: quoted, externalUserId: 'u', levelName: 'l' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(VendorInputError);
    expect((failure as Error).message).toContain('HTTP 401');
    expect((failure as Error).message).not.toContain(quoted);
  });

  it('leaves a vendor outage an outage (retried), not a refused token', async () => {
    const { fetchImpl } = stubFetch([{ status: 500, body: fixture('error-500') }]);
    const failure = await createSumsubKyc({ ...CREDENTIALS, fetchImpl }).importSharedApplicant({ shareToken: SHARE_TOKEN, externalUserId: 'u', levelName: 'l' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SumsubApiError);
    expect(failure).not.toBeInstanceOf(VendorInputError);
  });

  it('imports once against the fake Sumsub: the token is spent', async () => {
    const donor = await againstFake().createApplicant({ externalUserId: 'donor-42', email: 'donor@example.test', levelName: 'basic-kyc-level' });
    const token = fake.issueShareToken(donor.applicantId);
    const imported = await againstFake().importSharedApplicant({ shareToken: token, externalUserId: 'usr-import', levelName: 'basic-kyc-level' });
    expect(imported.applicantId).not.toBe(donor.applicantId);
    expect((await againstFake().getReview(imported.applicantId)).reviewStatus).toBe('pending');
    await expect(againstFake().importSharedApplicant({ shareToken: token, externalUserId: 'usr-import', levelName: 'basic-kyc-level' })).rejects.toBeInstanceOf(VendorInputError);
  });
});

describe('getReview (GET /resources/applicants/{id}/one)', () => {
  const reviewOf = async (name: string) => {
    const applicant = fixture<FakeApplicant>(name);
    fake.applicants.set(applicant.id, applicant);
    return againstFake().getReview(applicant.id);
  };

  it('GREEN: approved, document data first, countries to alpha-2', async () => {
    expect(await reviewOf('applicant-green')).toEqual({
      applicantId: '65a1f0c2b3d4e5f6a7b8c9d0',
      externalUserId: 'usr-7f3c2a91',
      reviewStatus: 'completed',
      reviewAnswer: 'GREEN',
      reviewRejectType: null,
      rejectLabels: [],
      // nationality from the passport (GBR); residence from the address (DEU), not the document country.
      info: { firstName: 'Ada', lastName: 'Lovelace', dob: '1990-12-10', nationality: 'GB', residenceCountry: 'DE' },
      // review.reviewDate (the decision), read as UTC.
      reviewedAt: new Date('2024-01-13T10:22:11Z'),
    });
  });

  it('RED/RETRY: the person may resubmit; what they entered (fixedInfo) when nothing was recognised', async () => {
    expect(await reviewOf('applicant-red-retry')).toEqual({
      applicantId: '65b2e1d3c4f5a6b7c8d9e0f1',
      externalUserId: 'usr-0b1e44d2',
      reviewStatus: 'completed',
      reviewAnswer: 'RED',
      reviewRejectType: 'RETRY',
      rejectLabels: ['UNSATISFACTORY_PHOTOS', 'SCREENSHOTS'],
      info: { firstName: 'Olena', lastName: 'Kovalenko', dob: '1988-04-02', nationality: 'UA', residenceCountry: 'PL' },
      reviewedAt: new Date('2024-01-28T08:09:31Z'),
    });
  });

  it('RED/FINAL with labels', async () => {
    expect(await reviewOf('applicant-red-final')).toEqual({
      applicantId: '65c3f2e4d5a6b7c8d9e0f1a2',
      externalUserId: 'usr-9c2d7e10',
      reviewStatus: 'completed',
      reviewAnswer: 'RED',
      reviewRejectType: 'FINAL',
      rejectLabels: ['UNSATISFACTORY_PHOTOS', 'GRAPHIC_EDITOR', 'FORGERY'],
      info: { firstName: 'Mallory', lastName: 'Example', dob: '1979-07-14', nationality: 'KP', residenceCountry: 'KP' },
      reviewedAt: new Date('2024-02-02T17:25:04Z'),
    });
  });

  it('pending: no answer yet, no reject type, no labels', async () => {
    expect(await reviewOf('applicant-pending')).toEqual({
      applicantId: '65d4a3f5e6b7c8d9e0f1a2b3',
      externalUserId: 'usr-5e6f7a8b',
      reviewStatus: 'pending',
      reviewAnswer: null,
      reviewRejectType: null,
      rejectLabels: [],
      info: { firstName: 'Grace', lastName: 'Hopper', dob: '1985-12-09', nationality: 'US', residenceCountry: 'US' },
      // Not decided yet: review.createDate.
      reviewedAt: new Date('2024-02-10T09:00:00Z'),
    });
  });

  it('follows setReview, and an unknown country code is undefined', async () => {
    const kyc = againstFake();
    const { applicantId } = await kyc.createApplicant({ externalUserId: 'usr-review', email: 'r@example.com', levelName: 'basic-kyc-level' });
    const stored = fake.applicants.get(applicantId);
    if (stored) stored.fixedInfo = { firstName: 'Kim', nationality: 'XYZ', country: 'FRA' };
    expect(await kyc.getReview(applicantId)).toMatchObject({ reviewStatus: 'init', reviewAnswer: null, rejectLabels: [] });
    fake.setReview(applicantId, { reviewStatus: 'completed', reviewResult: { reviewAnswer: 'RED', reviewRejectType: 'FINAL', rejectLabels: ['SANCTIONS'] } });
    const review = await kyc.getReview(applicantId);
    expect(review).toMatchObject({ reviewStatus: 'completed', reviewAnswer: 'RED', reviewRejectType: 'FINAL', rejectLabels: ['SANCTIONS'] });
    expect(review.info).toEqual({ firstName: 'Kim', lastName: undefined, dob: undefined, nationality: undefined, residenceCountry: 'FR' });
  });

  it("dates the review by Sumsub's clock: reviewDate, else createDate, else none", () => {
    const review = (fields: Record<string, unknown>) => toApplicantReview({ id: 'a1', review: { reviewStatus: 'completed', ...fields } }).reviewedAt;
    expect(review({ createDate: '2024-01-13 10:15:30+0000', reviewDate: '2024-01-13 10:22:11+0000' })).toEqual(new Date('2024-01-13T10:22:11Z'));
    expect(review({ createDate: '2024-01-13 10:15:30+0000' })).toEqual(new Date('2024-01-13T10:15:30Z'));
    expect(review({ reviewDate: 'yesterday' })).toBeNull();
    expect(toApplicantReview({ id: 'a1' }).reviewedAt).toBeNull();
  });

  it('refuses an applicant id that is not one before any request', async () => {
    const before = fake.requests.length;
    await expect(againstFake().getReview('../accessTokens')).rejects.toThrow('malformed applicantId');
    expect(fake.requests.length).toBe(before);
  });
});

describe('country codes (alpha-3 → alpha-2)', () => {
  const NEEDED: Record<string, string> = {
    // EU
    AUT: 'AT', BEL: 'BE', BGR: 'BG', HRV: 'HR', CYP: 'CY', CZE: 'CZ', DNK: 'DK', EST: 'EE', FIN: 'FI', FRA: 'FR', DEU: 'DE', GRC: 'GR', HUN: 'HU', IRL: 'IE',
    ITA: 'IT', LVA: 'LV', LTU: 'LT', LUX: 'LU', MLT: 'MT', NLD: 'NL', POL: 'PL', PRT: 'PT', ROU: 'RO', SVK: 'SK', SVN: 'SI', ESP: 'ES', SWE: 'SE',
    // EEA outside the EU
    ISL: 'IS', LIE: 'LI', NOR: 'NO',
    // and the rest we serve or screen
    GBR: 'GB', USA: 'US', CHE: 'CH', UKR: 'UA', PRK: 'KP', IRN: 'IR', SYR: 'SY', RUS: 'RU', CHN: 'CN', HKG: 'HK', SGP: 'SG', ARE: 'AE', JPN: 'JP',
    KOR: 'KR', IND: 'IN', BRA: 'BR', CAN: 'CA', AUS: 'AU',
  };
  it.each(Object.entries(NEEDED))('%s → %s', (alpha3, alpha2) => {
    expect(alpha3ToAlpha2(alpha3)).toBe(alpha2);
  });

  it('agrees with ISO 3166-1 for every code it knows, and knows Kosovo as XK', () => {
    for (const alpha2 of Object.keys(countriesLib.getAlpha2Codes())) {
      const alpha3 = countriesLib.alpha2ToAlpha3(alpha2) as string;
      expect(alpha3ToAlpha2(alpha3), alpha3).toBe(alpha2);
    }
    expect(alpha3ToAlpha2('XKX')).toBe('XK');
  });

  it('answers undefined for an unknown, alpha-2 or missing code', () => {
    expect(alpha3ToAlpha2('XYZ')).toBeUndefined();
    expect(alpha3ToAlpha2('DE')).toBeUndefined();
    expect(alpha3ToAlpha2(undefined)).toBeUndefined();
    expect(alpha3ToAlpha2('')).toBeUndefined();
  });
});

describe('parseWebhook', () => {
  const kyc = createSumsubKyc({ ...CREDENTIALS, now: () => new Date('2026-11-21T12:00:00Z') });
  const green = fixtureBytes('webhook-applicant-reviewed-green');
  const sign = (body: Buffer, algorithm: 'sha1' | 'sha256' | 'sha512', secret = WEBHOOK_SECRET) => createHmac(algorithm, secret).update(body).digest('hex');
  const headersFor = (body: Buffer, alg: string | undefined, digest = sign(body, 'sha256')) => ({
    'content-type': 'application/json',
    'x-payload-digest': digest,
    ...(alg === undefined ? {} : { 'x-payload-digest-alg': alg }),
  });
  const GREEN_EVENT = {
    eventKey: 'applicantReviewed:req-a7c1e0b2-5d3f-4e8a-9b6c-1f2e3d4c5b6a',
    type: 'applicantReviewed',
    applicantId: '65a1f0c2b3d4e5f6a7b8c9d0',
    externalUserId: 'usr-7f3c2a91',
    createdAtMs: Date.UTC(2024, 0, 13, 10, 22, 11, 482),
  };

  it('accepts applicantReviewed signed HMAC_SHA256_HEX', () => {
    expect(kyc.parseWebhook({ rawBody: green, headers: headersFor(green, 'HMAC_SHA256_HEX') })).toEqual(GREEN_EVENT);
  });

  it('accepts it signed HMAC_SHA512_HEX', () => {
    expect(kyc.parseWebhook({ rawBody: green, headers: headersFor(green, 'HMAC_SHA512_HEX', sign(green, 'sha512')) })).toEqual(GREEN_EVENT);
  });

  it('parses the RED/FINAL and applicantPending payloads', () => {
    const red = fixtureBytes('webhook-applicant-reviewed-red-final');
    expect(kyc.parseWebhook({ rawBody: red, headers: headersFor(red, 'HMAC_SHA256_HEX') })).toEqual({
      eventKey: 'applicantReviewed:req-0d9e8f7a-6b5c-4d3e-2f1a-0b9c8d7e6f5a',
      type: 'applicantReviewed',
      applicantId: '65c3f2e4d5a6b7c8d9e0f1a2',
      externalUserId: 'usr-9c2d7e10',
      createdAtMs: Date.UTC(2024, 1, 2, 17, 25, 4, 17),
    });
    const pending = fixtureBytes('webhook-applicant-pending');
    expect(kyc.parseWebhook({ rawBody: pending, headers: headersFor(pending, 'HMAC_SHA256_HEX') })).toMatchObject({
      type: 'applicantPending',
      applicantId: '65d4a3f5e6b7c8d9e0f1a2b3',
      createdAtMs: Date.UTC(2024, 1, 10, 9, 4, 40, 250),
    });
  });

  it('refuses HMAC_SHA1_HEX, and no algorithm header (legacy SHA-1)', () => {
    expect(() => kyc.parseWebhook({ rawBody: green, headers: headersFor(green, 'HMAC_SHA1_HEX', sign(green, 'sha1')) })).toThrow(WebhookSignatureError);
    expect(() => kyc.parseWebhook({ rawBody: green, headers: headersFor(green, undefined, sign(green, 'sha1')) })).toThrow(WebhookSignatureError);
    expect(() => kyc.parseWebhook({ rawBody: green, headers: headersFor(green, undefined) })).toThrow(WebhookSignatureError);
  });

  it('refuses a body with one byte changed', () => {
    const headers = headersFor(green, 'HMAC_SHA256_HEX');
    const flipped = Buffer.from(green);
    const at = flipped.indexOf('GREEN');
    flipped[at] = 'R'.charCodeAt(0); // "GREEN" → "RREEN"
    expect(() => kyc.parseWebhook({ rawBody: flipped, headers })).toThrow(WebhookSignatureError);
    const lastBit = Buffer.from(green);
    lastBit[lastBit.length - 2] = (lastBit[lastBit.length - 2] ?? 0) ^ 1;
    expect(() => kyc.parseWebhook({ rawBody: lastBit, headers })).toThrow(WebhookSignatureError);
  });

  it('refuses a digest made with another secret', () => {
    expect(() => kyc.parseWebhook({ rawBody: green, headers: headersFor(green, 'HMAC_SHA256_HEX', sign(green, 'sha256', 'not-the-secret')) })).toThrow(
      WebhookSignatureError,
    );
  });

  it('refuses a missing digest', () => {
    expect(() => kyc.parseWebhook({ rawBody: green, headers: { 'content-type': 'application/json', 'x-payload-digest-alg': 'HMAC_SHA256_HEX' } })).toThrow(
      WebhookSignatureError,
    );
  });

  it('a correctly signed body that is not JSON (or not an event) is malformed, not a signature error', () => {
    for (const text of ['{"applicantId": ', '[1,2]', '{"type":"applicantReviewed"}']) {
      const body = Buffer.from(text);
      const attempt = () => kyc.parseWebhook({ rawBody: body, headers: headersFor(body, 'HMAC_SHA256_HEX') });
      expect(attempt).toThrow('malformed webhook body');
      expect(attempt).not.toThrow(WebhookSignatureError);
    }
  });

  it('without a correlationId the key is the sha256 of the raw body; createdAt (+0000) is read as UTC', () => {
    const body = Buffer.from(
      JSON.stringify({ applicantId: '65a1f0c2b3d4e5f6a7b8c9d0', externalUserId: 'usr-7f3c2a91', type: 'applicantReviewed', reviewStatus: 'completed', createdAt: '2024-01-13 10:22:11+0000' }),
    );
    expect(kyc.parseWebhook({ rawBody: body, headers: headersFor(body, 'HMAC_SHA256_HEX') })).toEqual({
      eventKey: createHash('sha256').update(body).digest('hex'),
      type: 'applicantReviewed',
      applicantId: '65a1f0c2b3d4e5f6a7b8c9d0',
      externalUserId: 'usr-7f3c2a91',
      createdAtMs: Date.UTC(2024, 0, 13, 10, 22, 11),
    });
  });

  it('reads Sumsub times as UTC whatever the form; unreadable is undefined', () => {
    expect(parseSumsubTime('2020-02-21 13:23:19.321')).toBe(Date.UTC(2020, 1, 21, 13, 23, 19, 321));
    expect(parseSumsubTime('2021-05-14 16:00:25+0000')).toBe(Date.UTC(2021, 4, 14, 16, 0, 25));
    expect(parseSumsubTime('2021-05-14T18:00:25.5+02:00')).toBe(Date.UTC(2021, 4, 14, 16, 0, 25, 500));
    expect(parseSumsubTime(1_700_000_000_123)).toBe(1_700_000_000_123);
    expect(parseSumsubTime('1700000000123')).toBe(1_700_000_000_123);
    expect(parseSumsubTime('yesterday')).toBeUndefined();
    expect(parseSumsubTime(undefined)).toBeUndefined();
  });
});

describe('vendor failures', () => {
  const secretsIn = (message: string) => [SECRET_KEY, WEBHOOK_SECRET, APP_TOKEN].filter((secret) => message.includes(secret));
  const signaturesIn = (message: string) => fake.requests.map((request) => request.headers['x-app-access-sig']).filter((sig) => typeof sig === 'string' && message.includes(sig));

  it('a 500 names the status and Sumsub\'s description and errorCode, and no secret or signature', async () => {
    fake.failNext({ status: 500, body: fixture('error-500') });
    const error = await againstFake().getReview('65a1f0c2b3d4e5f6a7b8c9d0').catch((caught: Error) => caught);
    expect(error).toBeInstanceOf(Error);
    const message = (error as Error).message;
    expect(message).toContain('HTTP 500');
    expect(message).toContain('Internal error, try again later');
    expect(message).toContain('errorCode 500');
    expect(message).toContain('req-9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b');
    expect(secretsIn(message)).toEqual([]);
    expect(signaturesIn(message)).toEqual([]);
  });

  it('a description that echoes a credential is redacted', async () => {
    const { fetchImpl } = stubFetch([{ status: 400, body: { description: `bad key ${SECRET_KEY} for ${APP_TOKEN}`, code: 400, correlationId: 'req-1' } }]);
    const message = await createSumsubKyc({ ...CREDENTIALS, fetchImpl })
      .accessToken({ externalUserId: 'u', levelName: 'l', ttlSeconds: 60 })
      .then(() => '', (caught: Error) => caught.message);
    expect(message).toContain('HTTP 400');
    expect(secretsIn(message)).toEqual([]);
  });

  it('a timeout is an error naming the timeout, without secrets', async () => {
    fake.failNext({ delayMs: 2_000 });
    const message = await againstFake({ timeoutMs: 150 })
      .accessToken({ externalUserId: 'usr-slow', levelName: 'basic-kyc-level', ttlSeconds: 600 })
      .then(() => '', (caught: Error) => caught.message);
    expect(message).toMatch(/timed out after 150 ms/);
    expect(secretsIn(message)).toEqual([]);
    expect(signaturesIn(message)).toEqual([]);
  });

  it('an unreachable vendor is an error', async () => {
    await expect(createSumsubKyc({ ...CREDENTIALS, baseUrl: 'http://127.0.0.1:9', timeoutMs: 1_000 }).getReview('65a1f0c2b3d4e5f6a7b8c9d0')).rejects.toThrow(
      /Sumsub getReview request failed/,
    );
  });

  it('the fake refuses a wrong secret and a stale timestamp with Sumsub\'s 401 body; the adapter reports it', async () => {
    const wrongSecret = await againstFake({ secretKey: 'not-the-secret-key' })
      .getReview('65a1f0c2b3d4e5f6a7b8c9d0')
      .then(() => '', (caught: Error) => caught.message);
    expect(wrongSecret).toContain('HTTP 401');
    expect(wrongSecret).toContain('Invalid signature');
    expect(wrongSecret).not.toContain('not-the-secret-key');

    const stale = await againstFake({ now: () => new Date(Date.now() - 301_000) })
      .getReview('65a1f0c2b3d4e5f6a7b8c9d0')
      .then(() => '', (caught: Error) => caught.message);
    expect(stale).toContain('HTTP 401');
    expect(stale).toContain('timestamp');

    const answer = fake.requests.at(-1);
    expect(answer?.status).toBe(401);
    const response = await fetch(`${fake.baseUrl}/resources/applicants/65a1f0c2b3d4e5f6a7b8c9d0/one`, {
      headers: { 'X-App-Token': APP_TOKEN, 'X-App-Access-Ts': String(Math.floor(Date.now() / 1000)), 'X-App-Access-Sig': '00' },
    });
    expect(response.status).toBe(401);
    expect(Object.keys((await response.json()) as object).sort()).toEqual(['code', 'correlationId', 'description', 'errorCode']);
  });

  it('reports the documented 401 body (no errorCode) with its description and correlationId', async () => {
    const { fetchImpl } = stubFetch([{ status: 401, body: fixture('error-401-signature') }]);
    const message = await createSumsubKyc({ ...CREDENTIALS, fetchImpl })
      .getReview('65a1f0c2b3d4e5f6a7b8c9d0')
      .then(() => '', (caught: Error) => caught.message);
    expect(message).toBe('Sumsub getReview failed: HTTP 401 — Invalid signature — correlationId req-1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d');
  });

  it('names the missing settings', () => {
    expect(() => createSumsubKyc({ ...CREDENTIALS, webhookSecret: '' })).toThrow('SUMSUB_WEBHOOK_SECRET');
  });
});

describe('submitDocuments (fixedInfo, then idDoc per file, then status/pending)', () => {
  /** Bytes that are not valid UTF-8 and hold CR LF and dashes, so only a byte-exact body signs and parses right. */
  const fileBytes = (head: number[], seed: number) =>
    Buffer.concat([Buffer.from(head), Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0x0d, 0x0a, 0x2d, 0x2d, 0x00, seed]), Buffer.alloc(4096, seed)]);
  const FRONT = fileBytes([0xff, 0xd8, 0xff, 0xe0], 1);
  const BACK = fileBytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 2);
  const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), fileBytes([0x25], 3)]);
  const ADA = { firstName: 'Ada', lastName: 'Lovelace', dob: '1990-12-10', nationality: 'GB', residenceCountry: 'DE' };

  const idCard = (applicantId: string, externalUserId: string): DocumentSubmission => ({
    applicantId,
    externalUserId,
    info: ADA,
    documentType: 'ID_CARD',
    // Back first: the adapter sends the front side first, as Sumsub asks.
    files: [
      { fileName: 'card-back.png', bytes: BACK, type: 'png', side: 'BACK_SIDE' },
      { fileName: 'card-front.jpg', bytes: FRONT, type: 'jpg', side: 'FRONT_SIDE' },
    ],
  });

  /** An independent multipart reader (latin1 keeps every byte), to check what the fake received. */
  function readMultipart(request: RecordedRequest | undefined) {
    const contentType = String(request?.headers['content-type'] ?? '');
    const boundary = /^multipart\/form-data; boundary=(.+)$/.exec(contentType)?.[1];
    if (!boundary || !request) throw new Error(`not multipart: ${contentType}`);
    const text = request.rawBody.toString('latin1');
    expect(text.endsWith(`--${boundary}--\r\n`)).toBe(true);
    const sections = text.split(`--${boundary}`).slice(1, -1);
    return {
      boundary,
      parts: sections.map((section) => {
        expect(section.startsWith('\r\n') && section.endsWith('\r\n')).toBe(true);
        const [head = '', ...rest] = section.slice(2, -2).split('\r\n\r\n');
        const headers = Object.fromEntries(
          head.split('\r\n').map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
        );
        return { headers, bytes: Buffer.from(rest.join('\r\n\r\n'), 'latin1') };
      }),
    };
  }

  const newApplicant = async (externalUserId: string) =>
    (await againstFake().createApplicant({ externalUserId, email: `${externalUserId}@example.com`, levelName: 'basic-kyc-level' })).applicantId;
  const trail = (from: number) => fake.requests.slice(from).map((request) => [request.method, request.url, request.status]);

  it('sends the three calls in order, with alpha-3 countries and each file as a signed multipart; the review becomes pending', async () => {
    const applicantId = await newApplicant('usr-docs-card');
    const before = fake.requests.length;
    await againstFake().submitDocuments(idCard(applicantId, 'usr-docs-card'));

    const path = `/resources/applicants/${applicantId}`;
    // Every request passed the fake's signature check (a 401 would stop the sequence).
    expect(trail(before)).toEqual([
      ['PATCH', `${path}/fixedInfo`, 200],
      ['POST', `${path}/info/idDoc`, 200],
      ['POST', `${path}/info/idDoc`, 200],
      ['POST', `${path}/status/pending`, 200],
    ]);
    const [patch, front, back, pending] = fake.requests.slice(before);

    expect(patch?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(patch?.body ?? '')).toEqual(fixture('fixed-info.request'));

    const expected = [
      { request: front, metadata: { idDocType: 'ID_CARD', country: 'GBR', idDocSubType: 'FRONT_SIDE' }, fileName: 'card-front.jpg', type: 'image/jpeg', bytes: FRONT },
      { request: back, metadata: { idDocType: 'ID_CARD', country: 'GBR', idDocSubType: 'BACK_SIDE' }, fileName: 'card-back.png', type: 'image/png', bytes: BACK },
    ];
    const boundaries = new Set<string>();
    for (const { request, metadata, fileName, type, bytes } of expected) {
      expect(request?.headers['x-return-doc-warnings']).toBe('true');
      const { boundary, parts } = readMultipart(request);
      boundaries.add(boundary);
      expect(parts).toHaveLength(2);
      const [metadataPart, contentPart] = parts;
      expect(metadataPart?.headers).toEqual({ 'content-disposition': 'form-data; name="metadata"' });
      expect(JSON.parse(metadataPart?.bytes.toString('utf8') ?? '')).toEqual(metadata);
      expect(contentPart?.headers).toEqual({ 'content-disposition': `form-data; name="content"; filename="${fileName}"`, 'content-type': type });
      expect(contentPart?.bytes.equals(bytes)).toBe(true);
    }
    expect(boundaries.size).toBe(2);

    expect(pending?.rawBody.length).toBe(0);
    expect(pending?.headers['content-type']).toBeUndefined();

    expect(fake.documents.get(applicantId)).toEqual([
      { imageId: expect.any(String), idDocType: 'ID_CARD', idDocSubType: 'FRONT_SIDE', country: 'GBR', fileName: 'card-front.jpg', contentType: 'image/jpeg', size: FRONT.length },
      { imageId: expect.any(String), idDocType: 'ID_CARD', idDocSubType: 'BACK_SIDE', country: 'GBR', fileName: 'card-back.png', contentType: 'image/png', size: BACK.length },
    ]);
    expect(await againstFake().getReview(applicantId)).toMatchObject({
      reviewStatus: 'pending',
      reviewAnswer: null,
      info: { firstName: 'Ada', lastName: 'Lovelace', dob: '1990-12-10', nationality: 'GB', residenceCountry: 'DE' },
    });
  });

  it('a passport: one PDF without idDocSubType; Kosovo goes out as XKX and comes back as XK', async () => {
    const applicantId = await newApplicant('usr-docs-passport');
    const before = fake.requests.length;
    await againstFake().submitDocuments({
      applicantId,
      externalUserId: 'usr-docs-passport',
      info: { firstName: 'Vjosa', lastName: 'Berisha', dob: '1992-06-30', nationality: 'XK', residenceCountry: 'XK' },
      documentType: 'PASSPORT',
      files: [{ fileName: 'passport.PDF', bytes: PDF, type: 'pdf', side: null }],
    });
    const [patch, upload] = fake.requests.slice(before);
    expect(JSON.parse(patch?.body ?? '')).toEqual({ firstName: 'Vjosa', lastName: 'Berisha', dob: '1992-06-30', nationality: 'XKX', country: 'XKX' });
    const [metadataPart, contentPart] = readMultipart(upload).parts;
    expect(JSON.parse(metadataPart?.bytes.toString('utf8') ?? '')).toEqual({ idDocType: 'PASSPORT', country: 'XKX' });
    expect(contentPart?.headers['content-type']).toBe('application/pdf');
    expect(contentPart?.bytes.equals(PDF)).toBe(true);
    expect(trail(before).map(([method, url]) => `${method} ${url}`)).toHaveLength(3);
    const review = await againstFake().getReview(applicantId);
    expect(review.reviewStatus).toBe('pending');
    expect(review.info).toMatchObject({ nationality: 'XK', residenceCountry: 'XK' });
  });

  it('signs ts + METHOD + path + the exact multipart bytes (fixed clock, the documented formula written out)', async () => {
    const { fetchImpl, calls } = stubFetch([
      { status: 200, body: fixture('fixed-info.request') },
      { status: 200, body: { idDocType: 'ID_CARD', country: 'GBR', idDocSubType: 'FRONT_SIDE' } },
      { status: 200, body: { idDocType: 'ID_CARD', country: 'GBR', idDocSubType: 'BACK_SIDE' } },
      { status: 200, body: fixture('request-check.response') },
    ]);
    const kyc = createSumsubKyc({ ...CREDENTIALS, fetchImpl, now: () => new Date(1_700_000_000_000) });
    await kyc.submitDocuments(idCard('65a1f0c2b3d4e5f6a7b8c9d0', 'usr-7f3c2a91'));

    const path = '/resources/applicants/65a1f0c2b3d4e5f6a7b8c9d0';
    expect(calls.map((call) => [call.method, call.url])).toEqual([
      ['PATCH', `https://api.sumsub.com${path}/fixedInfo`],
      ['POST', `https://api.sumsub.com${path}/info/idDoc`],
      ['POST', `https://api.sumsub.com${path}/info/idDoc`],
      ['POST', `https://api.sumsub.com${path}/status/pending`],
    ]);
    const [patch, front, back, pending] = calls;
    expect(patch?.headers['x-app-access-sig']).toBe(documentedSignature(SECRET_KEY, `1700000000PATCH${path}/fixedInfo${JSON.stringify(fixture('fixed-info.request'))}`));
    for (const upload of [front, back]) {
      expect(Buffer.isBuffer(upload?.body)).toBe(true);
      const bytes = upload?.bytes ?? Buffer.alloc(0);
      const expected = createHmac('sha256', SECRET_KEY)
        .update(Buffer.concat([Buffer.from(`1700000000POST${path}/info/idDoc`), bytes]))
        .digest('hex');
      expect(upload?.headers['x-app-access-sig']).toBe(expected);
      expect(upload?.headers['x-app-access-ts']).toBe('1700000000');
      expect(upload?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=----SumsubFormBoundary[0-9a-f]{32}$/);
      expect(upload?.headers['x-return-doc-warnings']).toBe('true');
    }
    // Signing the UTF-8 decoding of the bytes instead would differ: the files are not valid UTF-8.
    const lossy = Buffer.from((front?.bytes ?? Buffer.alloc(0)).toString('utf8'), 'utf8');
    expect(documentedSignature(SECRET_KEY, `1700000000POST${path}/info/idDoc${lossy.toString('utf8')}`)).not.toBe(front?.headers['x-app-access-sig']);
    expect(pending?.body).toBeUndefined();
    expect(pending?.headers['x-app-access-sig']).toBe(documentedSignature(SECRET_KEY, `1700000000POST${path}/status/pending`));
  });

  describe('the fake checks the multipart upload', () => {
    const signedUpload = (applicantId: string, body: Buffer, contentType: string, signOver = body) => {
      const path = `/resources/applicants/${applicantId}/info/idDoc`;
      const ts = String(Math.floor(Date.now() / 1000));
      const signature = createHmac('sha256', SECRET_KEY).update(Buffer.concat([Buffer.from(`${ts}POST${path}`), signOver])).digest('hex');
      return fetch(fake.baseUrl + path, {
        method: 'POST',
        headers: { 'X-App-Token': APP_TOKEN, 'X-App-Access-Ts': ts, 'X-App-Access-Sig': signature, 'content-type': contentType },
        body,
      });
    };
    const form = (metadata: string | undefined, content: Buffer | undefined = FRONT) =>
      buildMultipart([
        ...(metadata === undefined ? [] : [{ name: 'metadata', value: Buffer.from(metadata) }]),
        ...(content === undefined ? [] : [{ name: 'content', value: content, fileName: 'front.jpg', contentType: 'image/jpeg' }]),
      ]);

    it('verifies the signature over the raw bytes: one flipped byte of the file is a 401', async () => {
      const applicantId = await newApplicant('usr-docs-raw');
      const { bytes, contentType } = form('{"idDocType":"PASSPORT","country":"GBR"}');
      const ok = await signedUpload(applicantId, bytes, contentType);
      expect(ok.status).toBe(200);
      expect(ok.headers.get('x-image-id')).toMatch(/^\d+$/);
      expect(await ok.json()).toEqual({ idDocType: 'PASSPORT', country: 'GBR' });

      const tampered = Buffer.from(bytes);
      const at = tampered.indexOf(FRONT) + 100;
      tampered[at] = (tampered[at] ?? 0) ^ 1;
      const refused = await signedUpload(applicantId, tampered, contentType, bytes);
      expect(refused.status).toBe(401);
      expect(((await refused.json()) as { description: string }).description).toBe('Invalid signature');
      expect(fake.documents.get(applicantId)).toHaveLength(1);
    });

    it.each([
      ['no metadata part', undefined],
      ['metadata that is not JSON', '{idDocType: PASSPORT'],
      ['metadata that is not an object', '["PASSPORT","GBR"]'],
      ['no idDocType', '{"country":"GBR"}'],
      ['no country', '{"idDocType":"PASSPORT"}'],
      ['an alpha-2 country', '{"idDocType":"PASSPORT","country":"GB"}'],
      ['an unknown idDocSubType', '{"idDocType":"ID_CARD","country":"GBR","idDocSubType":"TOP_SIDE"}'],
    ])('answers 400 in Sumsub\'s error shape for %s, and records nothing', async (_case, metadata) => {
      const applicantId = await newApplicant(`usr-docs-bad-${Math.random().toString(36).slice(2)}`);
      const { bytes, contentType } = form(metadata);
      const response = await signedUpload(applicantId, bytes, contentType);
      expect(response.status).toBe(400);
      const body = (await response.json()) as Record<string, unknown>;
      expect(Object.keys(body).sort()).toEqual(['code', 'correlationId', 'description', 'errorCode']);
      expect(body.code).toBe(400);
      expect(fake.documents.get(applicantId)).toBeUndefined();
    });

    it('answers an empty file with errorCode 1003 (empty-file), and an unknown applicant with 404', async () => {
      const applicantId = await newApplicant('usr-docs-empty');
      const empty = form('{"idDocType":"PASSPORT","country":"GBR"}', Buffer.alloc(0));
      const response = await signedUpload(applicantId, empty.bytes, empty.contentType);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: 400, errorCode: 1003, errorName: 'empty-file' });
      const valid = form('{"idDocType":"PASSPORT","country":"GBR"}');
      expect((await signedUpload('65ffffffffffffffffffffff', valid.bytes, valid.contentType)).status).toBe(404);
    });
  });

  describe('failures stop the sequence and name the operation', () => {
    const secretsIn = (message: string) => [SECRET_KEY, WEBHOOK_SECRET, APP_TOKEN].filter((secret) => message.includes(secret));
    const failure = (promise: Promise<unknown>) => promise.then(() => new Error('no failure'), (caught: Error) => caught);

    it('a 400 on idDoc: no further document, no status/pending, review untouched', async () => {
      const applicantId = await newApplicant('usr-docs-400');
      const before = fake.requests.length;
      fake.failNext({ status: 400, body: fixture('error-400-corrupted-file'), path: '/info/idDoc' });
      const error = await failure(againstFake().submitDocuments(idCard(applicantId, 'usr-docs-400')));
      expect(error).toBeInstanceOf(SumsubApiError);
      expect(error.message).toBe(
        'Sumsub addIdDocument (file 1 of 2, FRONT_SIDE) failed: HTTP 400 — errorCode 1004 (corrupted-file) — Uploaded file is corrupted or cannot be read — correlationId req-7b6a5948-3726-4150-9e8d-7c6b5a493827',
      );
      expect((error as SumsubApiError).status).toBe(400);
      expect(secretsIn(error.message)).toEqual([]);
      expect(trail(before)).toEqual([
        ['PATCH', `/resources/applicants/${applicantId}/fixedInfo`, 200],
        ['POST', `/resources/applicants/${applicantId}/info/idDoc`, 400],
      ]);
      expect(fake.applicants.get(applicantId)?.review.reviewStatus).toBe('init');
    });

    it('a document refused inside a 200 (X-Return-Doc-Warnings errors) also stops before status/pending', async () => {
      const applicantId = await newApplicant('usr-docs-refused');
      const before = fake.requests.length;
      fake.failNext({ status: 200, path: '/info/idDoc', body: { idDocType: 'ID_CARD', country: 'GBR', errors: ['Document is not readable'] } });
      const error = await failure(againstFake().submitDocuments(idCard(applicantId, 'usr-docs-refused')));
      expect(error).toBeInstanceOf(SumsubApiError);
      expect(error.message).toBe('Sumsub addIdDocument (file 1 of 2, FRONT_SIDE) failed: the document was refused — Document is not readable');
      expect(trail(before).map(([method]) => method)).toEqual(['PATCH', 'POST']);
      expect(fake.applicants.get(applicantId)?.review.reviewStatus).toBe('init');
    });

    it('a fixedInfo failure sends no document', async () => {
      const applicantId = await newApplicant('usr-docs-fixed-500');
      const before = fake.requests.length;
      fake.failNext({ status: 500, body: fixture('error-500'), path: '/fixedInfo' });
      const error = await failure(againstFake().submitDocuments(idCard(applicantId, 'usr-docs-fixed-500')));
      expect(error.message).toMatch(/^Sumsub changeFixedInfo failed: HTTP 500/);
      expect(trail(before)).toHaveLength(1);
      expect(fake.documents.get(applicantId)).toBeUndefined();
    });

    it('the documented 409 of status/pending names requestCheck', async () => {
      const applicantId = await newApplicant('usr-docs-409');
      fake.failNext({ status: 409, body: fixture('error-409-request-check'), path: '/status/pending' });
      const error = await failure(againstFake().submitDocuments(idCard(applicantId, 'usr-docs-409')));
      expect(error).toBeInstanceOf(SumsubApiError);
      expect(error.message).toMatch(/^Sumsub requestCheck failed: HTTP 409 — Not all required documents or data are submitted/);
      expect(fake.documents.get(applicantId)).toHaveLength(2);
    });

    const valid = idCard('65a1f0c2b3d4e5f6a7b8c9d0', 'usr-local');
    it.each<[string, DocumentSubmission, string]>([
      ['a malformed applicant id', { ...valid, applicantId: '../accessTokens' }, 'malformed applicantId'],
      ['an unknown nationality', { ...valid, info: { ...ADA, nationality: 'ZZ' } }, 'unknown nationality'],
      ['an alpha-3 residence', { ...valid, info: { ...ADA, residenceCountry: 'DEU' } }, 'unknown residence'],
      ['a dob not YYYY-MM-DD', { ...valid, info: { ...ADA, dob: '10/12/1990' } }, 'dob is not YYYY-MM-DD'],
      ['no file', { ...valid, files: [] }, 'expected one or two files'],
      ['two front sides', { ...valid, files: [{ fileName: 'a.jpg', bytes: FRONT, type: 'jpg', side: 'FRONT_SIDE' }, { fileName: 'b.jpg', bytes: FRONT, type: 'jpg', side: 'FRONT_SIDE' }] }, 'one FRONT_SIDE and one BACK_SIDE'],
      ['a .gif', { ...valid, files: [{ fileName: 'card.gif', bytes: FRONT, type: 'jpg', side: null }] }, 'not .jpg, .jpeg, .png or .pdf'],
      ['a PNG named .jpg', { ...valid, files: [{ fileName: 'card.jpg', bytes: BACK, type: 'png', side: null }] }, 'not .jpg, .jpeg, .png or .pdf'],
      ['an empty file', { ...valid, files: [{ fileName: 'card.jpg', bytes: Buffer.alloc(0), type: 'jpg', side: null }] }, 'a file is empty'],
    ])('refuses %s before any request', async (_case, submission, message) => {
      const { fetchImpl, calls } = stubFetch([]);
      await expect(createSumsubKyc({ ...CREDENTIALS, fetchImpl }).submitDocuments(submission)).rejects.toThrow(message);
      // The request's fault, not the vendor's: the service answers it 400, not "unavailable".
      await expect(createSumsubKyc({ ...CREDENTIALS, fetchImpl }).submitDocuments(submission)).rejects.toBeInstanceOf(VendorInputError);
      expect(calls).toEqual([]);
    });

    it('keeps a file name from breaking out of its header', async () => {
      const { fetchImpl, calls } = stubFetch([
        { status: 200, body: {} },
        { status: 200, body: {} },
        { status: 200, body: fixture('request-check.response') },
      ]);
      await createSumsubKyc({ ...CREDENTIALS, fetchImpl }).submitDocuments({
        ...valid,
        documentType: 'DRIVERS',
        files: [{ fileName: '../x"\r\nX-Evil: 1\r\n\r\nü.jpeg', bytes: FRONT, type: 'jpg', side: null }],
      });
      const text = calls[1]?.bytes?.toString('latin1') ?? '';
      expect(text).toContain('Content-Disposition: form-data; name="content"; filename="x___X-Evil__1_____.jpeg"\r\nContent-Type: image/jpeg\r\n\r\n');
      expect(text).toContain('{"idDocType":"DRIVERS","country":"DEU"}');
    });
  });
});

describe('country codes (alpha-2 → alpha-3, what we send)', () => {
  it('converts ours to Sumsub\'s, Kosovo as XKX, and round-trips every code the library knows', () => {
    expect(alpha2ToAlpha3('DE')).toBe('DEU');
    expect(alpha2ToAlpha3('gb')).toBe('GBR');
    expect(alpha2ToAlpha3('XK')).toBe('XKX');
    for (const alpha2 of Object.keys(countriesLib.getAlpha2Codes())) expect(alpha3ToAlpha2(alpha2ToAlpha3(alpha2)), alpha2).toBe(alpha2);
  });

  it('answers undefined for an unknown, alpha-3 or missing code', () => {
    expect(alpha2ToAlpha3('ZZ')).toBeUndefined();
    expect(alpha2ToAlpha3('DEU')).toBeUndefined();
    expect(alpha2ToAlpha3(undefined)).toBeUndefined();
  });
});
