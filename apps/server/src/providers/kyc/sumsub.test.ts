import { createHash, createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeApplicant, type FakeSumsub } from '../../../test/fake-sumsub.ts';
import { WebhookSignatureError } from './kyc-provider.ts';
import { createSumsubKyc, parseSumsubTime, signSumsubRequest, type SumsubOptions, toApplicantReview } from './sumsub.ts';
import {
  APP_TOKEN,
  CREDENTIALS,
  documentedSignature,
  fixture,
  fixtureBytes,
  SECRET_KEY,
  startTestFakeSumsub,
  stubFetch,
  sumsubAgainst,
  WEBHOOK_SECRET,
} from './sumsub.test-support.ts';

// Bodies copied in shape from Sumsub's documentation examples (ids made up): see fixtures/sumsub.

let fake: FakeSumsub;
beforeAll(async () => {
  fake = await startTestFakeSumsub();
});
afterAll(() => fake.close());
const againstFake = (overrides: Partial<SumsubOptions> = {}) => sumsubAgainst(fake, overrides);

describe('Sumsub request signing (docs.sumsub.com/reference/authentication)', () => {
  it('signs the documented example string', () => {
    // The page's example of a string to sign, for the older access-token call (no body).
    const signed =
      '1607551635POST/resources/accessTokens?userId=cfd20712-24a2-4c7d-9ab0-146f3c142335&levelName=basic-kyc-level&ttlInSecs=600';
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
    expect(get?.headers['x-app-access-sig']).toBe(
      documentedSignature(SECRET_KEY, '1700000000GET/resources/applicants/65a1f0c2b3d4e5f6a7b8c9d0/one'),
    );
  });
});

describe('createApplicant', () => {
  it('creates the applicant at the level (POST /resources/applicants?levelName=…)', async () => {
    const { applicantId } = await againstFake().createApplicant({
      externalUserId: 'usr-create-1',
      email: 'one@example.com',
      levelName: 'basic-kyc-level',
    });
    const stored = fake.applicants.get(applicantId);
    expect(stored).toMatchObject({
      externalUserId: 'usr-create-1',
      email: 'one@example.com',
      review: { levelName: 'basic-kyc-level', reviewStatus: 'init' },
    });
    expect(fake.requests.at(-1)).toMatchObject({ method: 'POST', url: '/resources/applicants?levelName=basic-kyc-level', status: 201 });
  });

  it('reads the applicant id from the documented answer', async () => {
    const { fetchImpl } = stubFetch([{ status: 201, body: fixture('create-applicant.response') }]);
    const kyc = createSumsubKyc({ ...CREDENTIALS, fetchImpl });
    expect(
      await kyc.createApplicant({ externalUserId: 'usr-7f3c2a91', email: 'ada.lovelace@example.com', levelName: 'basic-kyc-level' }),
    ).toEqual({
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
    expect(
      await kyc.createApplicant({ externalUserId: 'usr-7f3c2a91', email: 'ada.lovelace@example.com', levelName: 'basic-kyc-level' }),
    ).toEqual({
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
    const { applicantId } = await kyc.createApplicant({
      externalUserId: 'usr-review',
      email: 'r@example.com',
      levelName: 'basic-kyc-level',
    });
    const stored = fake.applicants.get(applicantId);
    if (stored) stored.fixedInfo = { firstName: 'Kim', nationality: 'XYZ', country: 'FRA' };
    expect(await kyc.getReview(applicantId)).toMatchObject({ reviewStatus: 'init', reviewAnswer: null, rejectLabels: [] });
    fake.setReview(applicantId, {
      reviewStatus: 'completed',
      reviewResult: { reviewAnswer: 'RED', reviewRejectType: 'FINAL', rejectLabels: ['SANCTIONS'] },
    });
    const review = await kyc.getReview(applicantId);
    expect(review).toMatchObject({
      reviewStatus: 'completed',
      reviewAnswer: 'RED',
      reviewRejectType: 'FINAL',
      rejectLabels: ['SANCTIONS'],
    });
    expect(review.info).toEqual({ firstName: 'Kim', lastName: undefined, dob: undefined, nationality: undefined, residenceCountry: 'FR' });
  });

  it("dates the review by Sumsub's clock: reviewDate, else createDate, else none", () => {
    const review = (fields: Record<string, unknown>) =>
      toApplicantReview({ id: 'a1', review: { reviewStatus: 'completed', ...fields } }).reviewedAt;
    expect(review({ createDate: '2024-01-13 10:15:30+0000', reviewDate: '2024-01-13 10:22:11+0000' })).toEqual(
      new Date('2024-01-13T10:22:11Z'),
    );
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

describe('parseWebhook', () => {
  const kyc = createSumsubKyc({ ...CREDENTIALS, now: () => new Date('2026-11-21T12:00:00Z') });
  const green = fixtureBytes('webhook-applicant-reviewed-green');
  const sign = (body: Buffer, algorithm: 'sha1' | 'sha256' | 'sha512', secret = WEBHOOK_SECRET) =>
    createHmac(algorithm, secret).update(body).digest('hex');
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
    expect(() => kyc.parseWebhook({ rawBody: green, headers: headersFor(green, 'HMAC_SHA1_HEX', sign(green, 'sha1')) })).toThrow(
      WebhookSignatureError,
    );
    expect(() => kyc.parseWebhook({ rawBody: green, headers: headersFor(green, undefined, sign(green, 'sha1')) })).toThrow(
      WebhookSignatureError,
    );
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
    expect(() =>
      kyc.parseWebhook({ rawBody: green, headers: headersFor(green, 'HMAC_SHA256_HEX', sign(green, 'sha256', 'not-the-secret')) }),
    ).toThrow(WebhookSignatureError);
  });

  it('refuses a missing digest', () => {
    expect(() =>
      kyc.parseWebhook({ rawBody: green, headers: { 'content-type': 'application/json', 'x-payload-digest-alg': 'HMAC_SHA256_HEX' } }),
    ).toThrow(WebhookSignatureError);
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
      JSON.stringify({
        applicantId: '65a1f0c2b3d4e5f6a7b8c9d0',
        externalUserId: 'usr-7f3c2a91',
        type: 'applicantReviewed',
        reviewStatus: 'completed',
        createdAt: '2024-01-13 10:22:11+0000',
      }),
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
  const signaturesIn = (message: string) =>
    fake.requests.map((request) => request.headers['x-app-access-sig']).filter((sig) => typeof sig === 'string' && message.includes(sig));

  it("a 500 names the status and Sumsub's description and errorCode, and no secret or signature", async () => {
    fake.failNext({ status: 500, body: fixture('error-500') });
    const error = await againstFake()
      .getReview('65a1f0c2b3d4e5f6a7b8c9d0')
      .catch((caught: Error) => caught);
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
    const { fetchImpl } = stubFetch([
      { status: 400, body: { description: `bad key ${SECRET_KEY} for ${APP_TOKEN}`, code: 400, correlationId: 'req-1' } },
    ]);
    const message = await createSumsubKyc({ ...CREDENTIALS, fetchImpl })
      .accessToken({ externalUserId: 'u', levelName: 'l', ttlSeconds: 60 })
      .then(
        () => '',
        (caught: Error) => caught.message,
      );
    expect(message).toContain('HTTP 400');
    expect(secretsIn(message)).toEqual([]);
  });

  it('a timeout is an error naming the timeout, without secrets', async () => {
    fake.failNext({ delayMs: 2_000 });
    const message = await againstFake({ timeoutMs: 150 })
      .accessToken({ externalUserId: 'usr-slow', levelName: 'basic-kyc-level', ttlSeconds: 600 })
      .then(
        () => '',
        (caught: Error) => caught.message,
      );
    expect(message).toMatch(/timed out after 150 ms/);
    expect(secretsIn(message)).toEqual([]);
    expect(signaturesIn(message)).toEqual([]);
  });

  it('an unreachable vendor is an error', async () => {
    await expect(
      createSumsubKyc({ ...CREDENTIALS, baseUrl: 'http://127.0.0.1:9', timeoutMs: 1_000 }).getReview('65a1f0c2b3d4e5f6a7b8c9d0'),
    ).rejects.toThrow(/Sumsub getReview request failed/);
  });

  it("the fake refuses a wrong secret and a stale timestamp with Sumsub's 401 body; the adapter reports it", async () => {
    const wrongSecret = await againstFake({ secretKey: 'not-the-secret-key' })
      .getReview('65a1f0c2b3d4e5f6a7b8c9d0')
      .then(
        () => '',
        (caught: Error) => caught.message,
      );
    expect(wrongSecret).toContain('HTTP 401');
    expect(wrongSecret).toContain('Invalid signature');
    expect(wrongSecret).not.toContain('not-the-secret-key');

    const stale = await againstFake({ now: () => new Date(Date.now() - 301_000) })
      .getReview('65a1f0c2b3d4e5f6a7b8c9d0')
      .then(
        () => '',
        (caught: Error) => caught.message,
      );
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
      .then(
        () => '',
        (caught: Error) => caught.message,
      );
    expect(message).toBe('Sumsub getReview failed: HTTP 401 — Invalid signature — correlationId req-1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d');
  });

  it('names the missing settings', () => {
    expect(() => createSumsubKyc({ ...CREDENTIALS, webhookSecret: '' })).toThrow('SUMSUB_WEBHOOK_SECRET');
  });
});
