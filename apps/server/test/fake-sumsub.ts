import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import Fastify from 'fastify';

/**
 * A loopback stand-in for Sumsub's API, for tests. It speaks the documented endpoints the adapter
 * uses and checks every request's signature the way https://docs.sumsub.com/reference/authentication
 * describes it (recomputed here on its own, not with the adapter's code):
 *
 * - POST /resources/applicants?levelName=…           create applicant (409 on a known externalUserId)
 * - GET  /resources/applicants/{applicantId}/one      applicant data
 * - GET  /resources/applicants/-;externalUserId=…/one applicant data by externalUserId
 * - POST /resources/accessTokens/sdk                  SDK access token ({userId, levelName, ttlInSecs})
 * - POST /resources/accessTokens?userId=&levelName=&ttlInSecs=  the older form of the same
 * - PATCH /resources/applicants/{applicantId}/fixedInfo  change provided info (merged into fixedInfo)
 * - POST /resources/applicants/{applicantId}/info/idDoc  add a document: multipart/form-data with a
 *   `metadata` part (JSON {idDocType, country, idDocSubType?}) and an optional `content` part (the
 *   file); the signature is checked over the raw multipart bytes. Recorded in `documents`; a
 *   missing or malformed metadata part is a 400 (https://docs.sumsub.com/reference/add-id-documents)
 * - POST /resources/api/reusableIdentity/reuse?shareToken=…&levelName=…&userId=…  Reusable KYC
 *   reuse (docs.sumsub.com/reference/reuse-applicant-for-reusable-kyc): the donor's data on an
 *   applicant of ours at OUR level, its review pending (the recheck; never the donor's review),
 *   externalUserId `userId` (a generated "copy-…" without it; an existing applicant of that
 *   externalUserId is reused into). The token is spent; an unknown or spent one is a 401 "Token is
 *   invalid", a missing levelName a 400. Tokens are issued by `issueShareToken` (the donor's POST
 *   /resources/accessTokens/shareToken).
 * - POST /resources/applicants/{applicantId}/status/pending  request a check: the review becomes
 *   pending, answering {"ok": 1} (https://docs.sumsub.com/reference/request-applicant-check)
 *
 * Errors use Sumsub's body {description, code, correlationId, errorCode, errorName?}.
 */

/** An applicant as Sumsub answers it from GET …/one (only the parts tests look at are typed). */
export interface FakeApplicant {
  id: string;
  createdAt: string;
  clientId: string;
  inspectionId: string;
  externalUserId: string;
  email?: string;
  info: Record<string, unknown>;
  fixedInfo?: Record<string, unknown>;
  review: FakeReview & Record<string, unknown>;
  type: string;
  [field: string]: unknown;
}

export interface FakeReview {
  reviewStatus: string;
  levelName?: string;
  reviewResult?: {
    reviewAnswer: 'GREEN' | 'RED';
    reviewRejectType?: 'FINAL' | 'RETRY';
    rejectLabels?: string[];
    moderationComment?: string;
    clientComment?: string;
  };
}

export interface RecordedRequest {
  method: string;
  /** Path and query exactly as received (what the signature covers). */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  /** The body as UTF-8 text (binary parts of a multipart body do not survive this: use rawBody). */
  body: string;
  /** The body's bytes exactly as received. */
  rawBody: Buffer;
  /** The status the fake answered. */
  status?: number;
}

/**
 * What the next request gets instead of its normal answer; with `path`, the next request whose
 * path and query contain it (earlier requests pass untouched).
 */
export type FakeFault = ({ status: number; body?: unknown } | { delayMs: number }) & { path?: string };

/** A document added with POST …/info/idDoc, as the fake recorded it. */
export interface FakeDocument {
  imageId: string;
  idDocType: string;
  idDocSubType: string | null;
  country: string;
  /** The content part's file name and type, or null when the part had none (metadata only). */
  fileName: string | null;
  contentType: string | null;
  size: number;
}

export interface FakeSumsub {
  baseUrl: string;
  close(): Promise<void>;
  applicants: Map<string, FakeApplicant>;
  /** Replaces an applicant's review (what Sumsub's reviewers, or the sandbox's testCompleted, would do). */
  setReview(applicantId: string, review: FakeReview): void;
  requests: RecordedRequest[];
  /** Makes the next request fail (a status and body) or stall (to test timeouts). */
  failNext(fault: FakeFault): void;
  /** Access tokens issued, token → userId. */
  accessTokens: Map<string, string>;
  /** Documents added per applicant id, in the order received. */
  documents: Map<string, FakeDocument[]>;
  /** A single-use Reusable KYC share token for one of the fake's applicants (the donor's side). */
  issueShareToken(applicantId: string): string;
}

export interface FakeSumsubOptions {
  appToken: string;
  secretKey: string;
  /**
   * How far X-App-Access-Ts may be from the fake's clock. Sumsub documents "within 1 minute of the
   * API server time", hence 60 by default.
   */
  maxClockSkewSeconds?: number;
  now?: () => Date;
}

const hex24 = () => randomBytes(12).toString('hex');
const sumsubDate = (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ');

class FakeHttpError extends Error {
  constructor(
    readonly status: number,
    readonly description: string,
    readonly errorCode: number = status,
    readonly errorName?: string,
  ) {
    super(description);
  }
}

interface MultipartPart {
  name: string;
  fileName: string | null;
  contentType: string | null;
  content: Buffer;
}

/** Splits a multipart/form-data body (RFC 7578) into its parts; anything malformed is a 400. */
function parseMultipart(raw: Buffer, contentTypeHeader: string | undefined): MultipartPart[] {
  const malformed = (why: string) => new FakeHttpError(400, `Malformed multipart body: ${why}`);
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentTypeHeader ?? '');
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary) throw malformed('no boundary');
  const delimiter = Buffer.from(`--${boundary}`);
  const nextDelimiter = Buffer.from(`\r\n--${boundary}`);
  const parts: MultipartPart[] = [];
  let position = raw.indexOf(delimiter);
  if (position < 0) throw malformed('no part');
  for (;;) {
    const after = position + delimiter.length;
    const tail = raw.subarray(after, after + 2).toString('latin1');
    if (tail === '--') return parts;
    if (tail !== '\r\n') throw malformed('bad delimiter line');
    const headerEnd = raw.indexOf('\r\n\r\n', after + 2);
    if (headerEnd < 0) throw malformed('part headers not terminated');
    const end = raw.indexOf(nextDelimiter, headerEnd + 4);
    if (end < 0) throw malformed('part not terminated');
    const headers = new Map<string, string>();
    for (const line of raw
      .subarray(after + 2, headerEnd)
      .toString('utf8')
      .split('\r\n')) {
      const colon = line.indexOf(':');
      if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
    }
    const disposition = headers.get('content-disposition') ?? '';
    const name = /(?:^|;)\s*name="([^"]*)"/i.exec(disposition)?.[1];
    if (!/^form-data\b/i.test(disposition) || name === undefined) throw malformed('part without a form-data name');
    parts.push({
      name,
      fileName: /;\s*filename="([^"]*)"/i.exec(disposition)?.[1] ?? null,
      contentType: headers.get('content-type') ?? null,
      content: raw.subarray(headerEnd + 4, end),
    });
    position = end + 2;
  }
}

export async function startFakeSumsub(options: FakeSumsubOptions): Promise<FakeSumsub> {
  const now = options.now ?? (() => new Date());
  const maxSkew = options.maxClockSkewSeconds ?? 60;
  const applicants = new Map<string, FakeApplicant>();
  const accessTokens = new Map<string, string>();
  const documents = new Map<string, FakeDocument[]>();
  // Sumsub's image ids are numbers (answered in the X-Image-Id header).
  let imageCounter = 1_045_510_000;
  const requests: RecordedRequest[] = [];
  const faults: FakeFault[] = [];

  const app = Fastify({ forceCloseConnections: true });
  // Keep every body raw: the signature covers the bytes as sent.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  // Document uploads: the raw multipart bytes (signed as sent), up to Sumsub's 64 MB file limit.
  app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer', bodyLimit: 64 * 1024 * 1024 + 64 * 1024 }, (_request, body, done) =>
    done(null, body),
  );

  const errorBody = (status: number, description: string, errorCode: number = status, errorName?: string) => ({
    description,
    code: status,
    correlationId: `req-${randomUUID()}`,
    errorCode,
    ...(errorName ? { errorName } : {}),
  });
  const rawBodyOf = (body: unknown) => (Buffer.isBuffer(body) ? body : Buffer.alloc(0));
  const jsonBodyOf = (body: unknown): Record<string, unknown> => {
    const raw = rawBodyOf(body);
    try {
      const parsed: unknown = JSON.parse(raw.toString('utf8'));
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
    } catch {
      // answered below
    }
    throw new FakeHttpError(400, 'Request body is not a JSON object');
  };
  const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

  app.addHook('preHandler', async (request, reply) => {
    const raw = rawBodyOf(request.body);
    const record: RecordedRequest = {
      method: request.method,
      url: request.url,
      headers: { ...request.headers },
      body: raw.toString('utf8'),
      rawBody: raw,
    };
    requests.push(record);
    (request as unknown as { record: RecordedRequest }).record = record;

    const token = header(request.headers['x-app-token']);
    const ts = header(request.headers['x-app-access-ts']);
    const signature = header(request.headers['x-app-access-sig']);
    if (!token || !ts || !signature)
      return reply.code(401).send(errorBody(401, 'X-App-Token, X-App-Access-Ts and X-App-Access-Sig are required'));
    if (token !== options.appToken) return reply.code(401).send(errorBody(401, 'App token is invalid'));
    if (!/^\d+$/.test(ts) || Math.abs(Math.floor(now().getTime() / 1000) - Number(ts)) > maxSkew) {
      return reply.code(401).send(errorBody(401, 'Request timestamp is too far from the server time'));
    }
    const expected = createHmac('sha256', options.secretKey)
      .update(Buffer.concat([Buffer.from(ts + request.method.toUpperCase() + request.url, 'utf8'), raw]))
      .digest();
    const given = /^[0-9a-f]+$/.test(signature) ? Buffer.from(signature, 'hex') : Buffer.alloc(0);
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      return reply.code(401).send(errorBody(401, 'Invalid signature'));

    const at = faults.findIndex((candidate) => candidate.path === undefined || request.url.includes(candidate.path));
    const fault = at < 0 ? undefined : faults.splice(at, 1)[0];
    if (fault && 'delayMs' in fault) await new Promise((resolve) => setTimeout(resolve, fault.delayMs).unref());
    else if (fault) return reply.code(fault.status).send(fault.body ?? errorBody(fault.status, 'Injected failure'));
  });
  app.addHook('onResponse', async (request, reply) => {
    const record = (request as unknown as { record?: RecordedRequest }).record;
    if (record) record.status = reply.statusCode;
  });
  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof FakeHttpError)
      return reply.code(error.status).send(errorBody(error.status, error.description, error.errorCode, error.errorName));
    const status = typeof (error as { statusCode?: unknown }).statusCode === 'number' ? (error as { statusCode: number }).statusCode : 500;
    return reply.code(status).send(errorBody(status, error instanceof Error ? error.message : 'Internal error'));
  });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send(errorBody(404, 'Not found')));

  app.post('/resources/applicants', async (request, reply) => {
    const levelName = (request.query as { levelName?: string }).levelName;
    if (!levelName) throw new FakeHttpError(400, 'levelName is required');
    const body = jsonBodyOf(request.body);
    const externalUserId =
      typeof body.externalUserId === 'string' && body.externalUserId ? body.externalUserId : `preview-random-${hex24()}`;
    const existing = [...applicants.values()].find((applicant) => applicant.externalUserId === externalUserId);
    if (existing) {
      return reply.code(409).send(errorBody(409, `Applicant with external user id '${externalUserId}' already exists: ${existing.id}`));
    }
    const id = hex24();
    const created = now();
    const applicant: FakeApplicant = {
      id,
      createdAt: sumsubDate(created),
      key: 'FAKEKEY',
      clientId: 'fake-client',
      inspectionId: id,
      externalUserId,
      ...(typeof body.email === 'string' ? { email: body.email } : {}),
      info: {},
      ...(typeof body.fixedInfo === 'object' && body.fixedInfo !== null ? { fixedInfo: body.fixedInfo as Record<string, unknown> } : {}),
      applicantPlatform: 'API',
      review: {
        reviewId: hex24().slice(0, 5),
        attemptId: hex24().slice(0, 5),
        attemptCnt: 0,
        levelName,
        createDate: `${sumsubDate(created)}+0000`,
        reviewStatus: 'init',
        priority: 0,
      },
      type: typeof body.type === 'string' ? body.type : 'individual',
    };
    applicants.set(id, applicant);
    return reply.code(201).send(applicant);
  });

  // One wildcard route: the router must not read ";externalUserId=" as anything but path.
  app.get('/resources/applicants/*', async (request) => {
    const match = /^\/resources\/applicants\/([^/?]+)\/one(?:\?.*)?$/.exec(request.url);
    if (!match?.[1]) throw new FakeHttpError(404, 'Not found');
    const ref = match[1];
    const byExternal = /^-;externalUserId=(.*)$/.exec(ref);
    const applicant = byExternal
      ? [...applicants.values()].find((candidate) => candidate.externalUserId === decodeURIComponent(byExternal[1] ?? ''))
      : applicants.get(decodeURIComponent(ref));
    if (!applicant) throw new FakeHttpError(404, 'Applicant not found');
    return applicant;
  });

  const issueToken = (userId: unknown, levelName: unknown) => {
    if (typeof userId !== 'string' || !userId || typeof levelName !== 'string' || !levelName)
      throw new FakeHttpError(400, 'userId and levelName are required');
    const token = `_act-sbx-${randomUUID()}`;
    accessTokens.set(token, userId);
    return { token, userId };
  };
  app.post('/resources/accessTokens/sdk', async (request) => {
    const body = jsonBodyOf(request.body);
    return issueToken(body.userId, body.levelName);
  });
  app.post('/resources/accessTokens', async (request) => {
    const query = request.query as { userId?: string; levelName?: string };
    return issueToken(query.userId, query.levelName);
  });

  const applicantFor = (params: unknown): FakeApplicant => {
    const applicant = applicants.get((params as { applicantId?: string }).applicantId ?? '');
    if (!applicant) throw new FakeHttpError(404, 'Applicant not found');
    return applicant;
  };

  app.patch('/resources/applicants/:applicantId/fixedInfo', async (request) => {
    const applicant = applicantFor(request.params);
    const body = jsonBodyOf(request.body);
    // Only the fields sent change; null fields are ignored.
    const changes = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== null));
    applicant.fixedInfo = { ...applicant.fixedInfo, ...changes };
    return applicant.fixedInfo;
  });

  app.post('/resources/applicants/:applicantId/info/idDoc', async (request, reply) => {
    const applicant = applicantFor(request.params);
    const contentType = header(request.headers['content-type']);
    if (!/^multipart\/form-data\b/i.test(contentType ?? '')) throw new FakeHttpError(400, 'Expected a multipart/form-data body');
    const parts = parseMultipart(rawBodyOf(request.body), contentType);
    const metadataPart = parts.find((part) => part.name === 'metadata');
    if (!metadataPart) throw new FakeHttpError(400, "Required part 'metadata' is missing");
    let metadata: unknown;
    try {
      metadata = JSON.parse(metadataPart.content.toString('utf8'));
    } catch {
      throw new FakeHttpError(400, 'Document metadata is not valid JSON');
    }
    if (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata))
      throw new FakeHttpError(400, 'Document metadata is not a JSON object');
    const { idDocType, country, idDocSubType } = metadata as Record<string, unknown>;
    if (typeof idDocType !== 'string' || !/^[A-Z][A-Z_]*$/.test(idDocType)) throw new FakeHttpError(400, 'idDocType is missing or invalid');
    if (typeof country !== 'string' || !/^[A-Z]{3}$/.test(country))
      throw new FakeHttpError(400, 'country is missing or not an ISO 3166-1 alpha-3 code');
    if (idDocSubType !== undefined && idDocSubType !== null && idDocSubType !== 'FRONT_SIDE' && idDocSubType !== 'BACK_SIDE') {
      throw new FakeHttpError(400, 'idDocSubType must be FRONT_SIDE or BACK_SIDE');
    }
    const content = parts.find((part) => part.name === 'content');
    if (content && content.content.length === 0)
      throw new FakeHttpError(400, 'Uploaded file is empty and cannot be processed (0 bytes)', 1003, 'empty-file');
    imageCounter += 1;
    const imageId = String(imageCounter);
    const recorded: FakeDocument = {
      imageId,
      idDocType,
      idDocSubType: typeof idDocSubType === 'string' ? idDocSubType : null,
      country,
      fileName: content?.fileName ?? null,
      contentType: content?.contentType ?? null,
      size: content?.content.length ?? 0,
    };
    documents.set(applicant.id, [...(documents.get(applicant.id) ?? []), recorded]);
    return reply
      .header('X-Image-Id', imageId)
      .send({ idDocType, country, ...(recorded.idDocSubType ? { idDocSubType: recorded.idDocSubType } : {}) });
  });

  const shareTokens = new Map<string, string>();
  app.post('/resources/api/reusableIdentity/reuse', async (request) => {
    const query = request.query as { shareToken?: string; levelName?: string; userId?: string };
    const token = query.shareToken ?? '';
    const donorId = shareTokens.get(token);
    const donor = donorId ? applicants.get(donorId) : undefined;
    if (!donor) throw new FakeHttpError(401, `Token is invalid: Token ${token} is invalid or expired`);
    if (!query.levelName) throw new FakeHttpError(400, 'levelName is required');
    shareTokens.delete(token);
    const externalUserId = query.userId || `copy-${randomUUID()}`;
    const existing = [...applicants.values()].find((applicant) => applicant.externalUserId === externalUserId);
    const id = existing?.id ?? hex24();
    const created = now();
    const reused: FakeApplicant = {
      ...(existing ?? { type: donor.type, inspectionId: id, createdAt: sumsubDate(created) }),
      id,
      clientId: 'fake-client',
      externalUserId,
      info: structuredClone(donor.info),
      review: {
        reviewId: hex24().slice(0, 5),
        levelName: query.levelName,
        createDate: `${sumsubDate(created)}+0000`,
        reviewStatus: 'pending',
      },
    } as FakeApplicant;
    applicants.set(id, reused);
    return reused;
  });

  app.post('/resources/applicants/:applicantId/status/pending', async (request) => {
    const applicant = applicantFor(request.params);
    applicant.review = { ...applicant.review, reviewStatus: 'pending' };
    delete applicant.review.reviewResult;
    return { ok: 1 };
  });

  const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    baseUrl,
    close: () => app.close(),
    applicants,
    requests,
    accessTokens,
    documents,
    setReview(applicantId, review) {
      const applicant = applicants.get(applicantId);
      if (!applicant) throw new Error(`fake Sumsub: no applicant ${applicantId}`);
      applicant.review = { ...applicant.review, ...review };
      if (!review.reviewResult) delete applicant.review.reviewResult;
    },
    failNext(fault) {
      faults.push(fault);
    },
    issueShareToken(applicantId) {
      if (!applicants.has(applicantId)) throw new Error(`fake Sumsub: no applicant ${applicantId}`);
      const token = `_act-${randomUUID()}`;
      shareTokens.set(token, applicantId);
      return token;
    },
  };
}
