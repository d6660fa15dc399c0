import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSumsub, type RecordedRequest } from '../../../test/fake-sumsub.ts';
import { type DocumentSubmission, VendorInputError } from './kyc-provider.ts';
import { buildMultipart, createSumsubKyc, SumsubApiError, type SumsubOptions } from './sumsub.ts';
import {
  APP_TOKEN,
  CREDENTIALS,
  documentedSignature,
  fixture,
  SECRET_KEY,
  startTestFakeSumsub,
  stubFetch,
  sumsubAgainst,
  WEBHOOK_SECRET,
} from './sumsub.test-support.ts';

// Sumsub's document upload against the fake Sumsub (which checks signatures and multipart bodies).

let fake: FakeSumsub;
beforeAll(async () => {
  fake = await startTestFakeSumsub();
});
afterAll(() => fake.close());
const againstFake = (overrides: Partial<SumsubOptions> = {}) => sumsubAgainst(fake, overrides);

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
    (await againstFake().createApplicant({ externalUserId, email: `${externalUserId}@example.com`, levelName: 'basic-kyc-level' }))
      .applicantId;
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
      {
        request: front,
        metadata: { idDocType: 'ID_CARD', country: 'GBR', idDocSubType: 'FRONT_SIDE' },
        fileName: 'card-front.jpg',
        type: 'image/jpeg',
        bytes: FRONT,
      },
      {
        request: back,
        metadata: { idDocType: 'ID_CARD', country: 'GBR', idDocSubType: 'BACK_SIDE' },
        fileName: 'card-back.png',
        type: 'image/png',
        bytes: BACK,
      },
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
      expect(contentPart?.headers).toEqual({
        'content-disposition': `form-data; name="content"; filename="${fileName}"`,
        'content-type': type,
      });
      expect(contentPart?.bytes.equals(bytes)).toBe(true);
    }
    expect(boundaries.size).toBe(2);

    expect(pending?.rawBody.length).toBe(0);
    expect(pending?.headers['content-type']).toBeUndefined();

    expect(fake.documents.get(applicantId)).toEqual([
      {
        imageId: expect.any(String),
        idDocType: 'ID_CARD',
        idDocSubType: 'FRONT_SIDE',
        country: 'GBR',
        fileName: 'card-front.jpg',
        contentType: 'image/jpeg',
        size: FRONT.length,
      },
      {
        imageId: expect.any(String),
        idDocType: 'ID_CARD',
        idDocSubType: 'BACK_SIDE',
        country: 'GBR',
        fileName: 'card-back.png',
        contentType: 'image/png',
        size: BACK.length,
      },
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
    expect(JSON.parse(patch?.body ?? '')).toEqual({
      firstName: 'Vjosa',
      lastName: 'Berisha',
      dob: '1992-06-30',
      nationality: 'XKX',
      country: 'XKX',
    });
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
    expect(patch?.headers['x-app-access-sig']).toBe(
      documentedSignature(SECRET_KEY, `1700000000PATCH${path}/fixedInfo${JSON.stringify(fixture('fixed-info.request'))}`),
    );
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
    expect(documentedSignature(SECRET_KEY, `1700000000POST${path}/info/idDoc${lossy.toString('utf8')}`)).not.toBe(
      front?.headers['x-app-access-sig'],
    );
    expect(pending?.body).toBeUndefined();
    expect(pending?.headers['x-app-access-sig']).toBe(documentedSignature(SECRET_KEY, `1700000000POST${path}/status/pending`));
  });

  describe('the fake checks the multipart upload', () => {
    const signedUpload = (applicantId: string, body: Buffer, contentType: string, signOver = body) => {
      const path = `/resources/applicants/${applicantId}/info/idDoc`;
      const ts = String(Math.floor(Date.now() / 1000));
      const signature = createHmac('sha256', SECRET_KEY)
        .update(Buffer.concat([Buffer.from(`${ts}POST${path}`), signOver]))
        .digest('hex');
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
    ])("answers 400 in Sumsub's error shape for %s, and records nothing", async (_case, metadata) => {
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
    const failure = (promise: Promise<unknown>) =>
      promise.then(
        () => new Error('no failure'),
        (caught: Error) => caught,
      );

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
      fake.failNext({
        status: 200,
        path: '/info/idDoc',
        body: { idDocType: 'ID_CARD', country: 'GBR', errors: ['Document is not readable'] },
      });
      const error = await failure(againstFake().submitDocuments(idCard(applicantId, 'usr-docs-refused')));
      expect(error).toBeInstanceOf(SumsubApiError);
      expect(error.message).toBe(
        'Sumsub addIdDocument (file 1 of 2, FRONT_SIDE) failed: the document was refused — Document is not readable',
      );
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
      [
        'two front sides',
        {
          ...valid,
          files: [
            { fileName: 'a.jpg', bytes: FRONT, type: 'jpg', side: 'FRONT_SIDE' },
            { fileName: 'b.jpg', bytes: FRONT, type: 'jpg', side: 'FRONT_SIDE' },
          ],
        },
        'one FRONT_SIDE and one BACK_SIDE',
      ],
      ['a .gif', { ...valid, files: [{ fileName: 'card.gif', bytes: FRONT, type: 'jpg', side: null }] }, 'not .jpg, .jpeg, .png or .pdf'],
      [
        'a PNG named .jpg',
        { ...valid, files: [{ fileName: 'card.jpg', bytes: BACK, type: 'png', side: null }] },
        'not .jpg, .jpeg, .png or .pdf',
      ],
      [
        'an empty file',
        { ...valid, files: [{ fileName: 'card.jpg', bytes: Buffer.alloc(0), type: 'jpg', side: null }] },
        'a file is empty',
      ],
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
      expect(text).toContain(
        'Content-Disposition: form-data; name="content"; filename="x___X-Evil__1_____.jpeg"\r\nContent-Type: image/jpeg\r\n\r\n',
      );
      expect(text).toContain('{"idDocType":"DRIVERS","country":"DEU"}');
    });
  });
});
