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
 *
 * Errors use Sumsub's body {description, code, correlationId, errorCode}.
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
  body: string;
  /** The status the fake answered. */
  status?: number;
}

/** What the next request gets instead of its normal answer. */
export type FakeFault = { status: number; body?: unknown } | { delayMs: number };

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
  ) {
    super(description);
  }
}

export async function startFakeSumsub(options: FakeSumsubOptions): Promise<FakeSumsub> {
  const now = options.now ?? (() => new Date());
  const maxSkew = options.maxClockSkewSeconds ?? 60;
  const applicants = new Map<string, FakeApplicant>();
  const accessTokens = new Map<string, string>();
  const requests: RecordedRequest[] = [];
  const faults: FakeFault[] = [];

  const app = Fastify({ forceCloseConnections: true });
  // Keep every body raw: the signature covers the bytes as sent.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  const errorBody = (status: number, description: string) => ({
    description,
    code: status,
    correlationId: `req-${randomUUID()}`,
    errorCode: status,
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
    const record: RecordedRequest = { method: request.method, url: request.url, headers: { ...request.headers }, body: raw.toString('utf8') };
    requests.push(record);
    (request as unknown as { record: RecordedRequest }).record = record;

    const token = header(request.headers['x-app-token']);
    const ts = header(request.headers['x-app-access-ts']);
    const signature = header(request.headers['x-app-access-sig']);
    if (!token || !ts || !signature) return reply.code(401).send(errorBody(401, 'X-App-Token, X-App-Access-Ts and X-App-Access-Sig are required'));
    if (token !== options.appToken) return reply.code(401).send(errorBody(401, 'App token is invalid'));
    if (!/^\d+$/.test(ts) || Math.abs(Math.floor(now().getTime() / 1000) - Number(ts)) > maxSkew) {
      return reply.code(401).send(errorBody(401, 'Request timestamp is too far from the server time'));
    }
    const expected = createHmac('sha256', options.secretKey)
      .update(Buffer.concat([Buffer.from(ts + request.method.toUpperCase() + request.url, 'utf8'), raw]))
      .digest();
    const given = /^[0-9a-f]+$/.test(signature) ? Buffer.from(signature, 'hex') : Buffer.alloc(0);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return reply.code(401).send(errorBody(401, 'Invalid signature'));

    const fault = faults.shift();
    if (fault && 'delayMs' in fault) await new Promise((resolve) => setTimeout(resolve, fault.delayMs).unref());
    else if (fault) return reply.code(fault.status).send(fault.body ?? errorBody(fault.status, 'Injected failure'));
  });
  app.addHook('onResponse', async (request, reply) => {
    const record = (request as unknown as { record?: RecordedRequest }).record;
    if (record) record.status = reply.statusCode;
  });
  app.setErrorHandler((error, _request, reply) => {
    const status = error instanceof FakeHttpError ? error.status : 500;
    return reply.code(status).send(errorBody(status, error instanceof Error ? error.message : 'Internal error'));
  });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send(errorBody(404, 'Not found')));

  app.post('/resources/applicants', async (request, reply) => {
    const levelName = (request.query as { levelName?: string }).levelName;
    if (!levelName) throw new FakeHttpError(400, 'levelName is required');
    const body = jsonBodyOf(request.body);
    const externalUserId = typeof body.externalUserId === 'string' && body.externalUserId ? body.externalUserId : `preview-random-${hex24()}`;
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
      review: { reviewId: hex24().slice(0, 5), attemptId: hex24().slice(0, 5), attemptCnt: 0, levelName, createDate: `${sumsubDate(created)}+0000`, reviewStatus: 'init', priority: 0 },
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
    if (typeof userId !== 'string' || !userId || typeof levelName !== 'string' || !levelName) throw new FakeHttpError(400, 'userId and levelName are required');
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

  const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    baseUrl,
    close: () => app.close(),
    applicants,
    requests,
    accessTokens,
    setReview(applicantId, review) {
      const applicant = applicants.get(applicantId);
      if (!applicant) throw new Error(`fake Sumsub: no applicant ${applicantId}`);
      applicant.review = { ...applicant.review, ...review };
      if (!review.reviewResult) delete applicant.review.reviewResult;
    },
    failNext(fault) {
      faults.push(fault);
    },
  };
}
