import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { CREDENTIALS } from '../kyc/sumsub.test-support.ts';
import { createSumsubKyb, type SumsubKybOptions } from './sumsub-kyb.ts';

// What the Sumsub KYB adapter's test files share: the recorded answers (fixtures/sumsub, shaped after
// Sumsub's documented examples, ids made up) and a stand-in for Sumsub's API behind `fetch`.

export const kybFixture = <T = Record<string, unknown>>(name: string): T =>
  JSON.parse(readFileSync(new URL(`./fixtures/sumsub/${name}.json`, import.meta.url), 'utf8')) as T;

export const EDD_LEVEL = 'kyb-edd-level';

/** The adapter with the test credentials, talking to `fetchImpl`. */
export const sumsubKyb = (fetchImpl: typeof fetch, overrides: Partial<SumsubKybOptions> = {}) =>
  createSumsubKyb({ ...CREDENTIALS, eddLevelName: EDD_LEVEL, fetchImpl, now: () => new Date(1_795_939_200_000), ...overrides });

type Json = Record<string, unknown>;
interface Answer {
  status: number;
  body: unknown;
}
export interface StandInCall {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: Buffer | undefined;
}

const json = (status: number, body: unknown): Answer => ({ status, body });

/** Sumsub's documented formula, written out on its own: hex HMAC-SHA256(secret, ts + METHOD + path, then the body's exact bytes). */
export const documentedSignature = (signedPrefix: string, body: Buffer | undefined) => {
  const hmac = createHmac('sha256', CREDENTIALS.secretKey).update(signedPrefix, 'utf8');
  if (body) hmac.update(body);
  return hmac.digest('hex');
};
const sumsubId = () => randomBytes(12).toString('hex');

/**
 * Sumsub's company-applicant API as far as the adapter uses it, in memory. Every request must carry
 * the app token and the documented signature over ts + METHOD + path + body (else 401, as Sumsub
 * answers); each is recorded. Tests move the reviews along with decide and decideAction.
 */
export function createSumsubStandIn() {
  const applicants = new Map<string, Json>();
  const actions = new Map<string, Json>();
  const calls: StandInCall[] = [];

  const companyInfoOf = (applicant: Json) => ((applicant.fixedInfo as Json).companyInfo ??= {}) as Json;
  const byExternal = (externalUserId: string) => [...applicants.values()].find((applicant) => applicant.externalUserId === externalUserId);
  const review = (owner: Json) => owner.review as Json;

  function route(method: string, path: string, body: Json): Answer {
    const [pathname = '', query = ''] = path.split('?');
    const parts = pathname.split('/').slice(2); // ['applicants', …] or ['applicantActions', …]
    const params = new URLSearchParams(query);
    const [resource, id, sub, ...rest] = parts;
    if (resource === 'applicants' && method === 'POST' && id === undefined) {
      if (byExternal(String(body.externalUserId))) return json(409, kybFixture('error-409-applicant-exists'));
      const created = kybFixture('create-company-applicant.response');
      const applicant = {
        ...created,
        id: sumsubId(),
        externalUserId: body.externalUserId,
        email: body.email,
        type: body.type,
        fixedInfo: body.fixedInfo,
      };
      review(applicant).levelName = params.get('levelName');
      applicants.set(applicant.id, applicant);
      return json(201, applicant);
    }
    if (resource === 'applicants' && id?.startsWith('-;externalUserId=') && sub === 'one' && method === 'GET') {
      const found = byExternal(decodeURIComponent(id.slice('-;externalUserId='.length)));
      return found ? json(200, found) : json(404, { description: 'Applicant not found', code: 404 });
    }
    const applicant = resource === 'applicants' && id ? applicants.get(id) : undefined;
    if (applicant) {
      const beneficiaries = () => (companyInfoOf(applicant).beneficiaries ??= []) as Json[];
      if (method === 'GET' && sub === 'one') return json(200, applicant);
      if (method === 'PATCH' && sub === 'fixedInfo') {
        Object.assign(companyInfoOf(applicant), (body.companyInfo ?? {}) as Json);
        return json(200, applicant.fixedInfo);
      }
      if (sub === 'fixedInfo' && rest.join('/') === 'companyInfo/beneficiaries' && method === 'POST') {
        beneficiaries().push({ id: randomUUID(), ...body });
        return json(200, { ok: 1 });
      }
      if (sub === 'fixedInfo' && rest.slice(0, 2).join('/') === 'companyInfo/beneficiaries' && method === 'DELETE') {
        const index = beneficiaries().findIndex((link) => link.id === rest[2]);
        if (index < 0) return json(404, { description: 'Company beneficiary not found', code: 404 });
        beneficiaries().splice(index, 1);
        return json(200, { ok: 1 });
      }
      if (method === 'POST' && sub === 'info' && rest[0] === 'idDoc') return json(200, kybFixture('add-company-doc.response'));
      if (method === 'POST' && sub === 'status' && rest[0] === 'pending') {
        Object.assign(review(applicant), { reviewStatus: 'pending', reviewResult: undefined });
        return json(200, { ok: 1 });
      }
      if (method === 'GET' && sub === 'metadata' && rest[0] === 'resources') return json(200, { items: [], totalItems: 0 });
    }
    if (resource === 'applicantActions') return routeAction(method, id ?? '', sub, rest, params, body);
    if (pathname === '/resources/sdkIntegrations/levels/-/websdkLink' && method === 'POST')
      return json(200, kybFixture('websdk-link.response'));
    return json(404, { description: `HTTP 404 Not Found: ${method} ${pathname}`, code: 404 });
  }

  function routeAction(method: string, id: string, sub: string | undefined, rest: string[], params: URLSearchParams, body: Json): Answer {
    if (method === 'POST' && id === '-' && sub === 'forApplicant' && rest[0] && applicants.has(rest[0])) {
      const action = { ...kybFixture('create-edd-action.response'), id: sumsubId(), applicantId: rest[0], ...body };
      review(action).levelName = params.get('levelName');
      actions.set(action.id, action);
      return json(200, action);
    }
    if (method === 'GET' && id.startsWith('-;applicantId=')) {
      const items = [...actions.values()].filter((action) => action.applicantId === id.slice('-;applicantId='.length));
      return json(200, { items, totalItems: items.length });
    }
    const action = actions.get(id);
    if (action && method === 'POST' && sub === 'images') return json(200, kybFixture('add-company-doc.response'));
    if (action && method === 'POST' && sub === 'review' && rest.join('/') === 'status/pending') {
      review(action).reviewStatus = 'pending';
      return json(200, action);
    }
    return json(404, { description: 'HTTP 404 Not Found', code: 404 });
  }

  const fetchImpl = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input));
    const path = url.pathname + url.search;
    const method = init?.method ?? 'GET';
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries((init?.headers ?? {}) as Record<string, string>)) headers[name.toLowerCase()] = value;
    const sent = init?.body;
    const body = typeof sent === 'string' ? Buffer.from(sent, 'utf8') : sent instanceof Uint8Array ? Buffer.from(sent) : undefined;
    calls.push({ method, path, headers, body });
    const ts = headers['x-app-access-ts'] ?? '';
    const expected = documentedSignature(ts + method + path, body);
    const signed = headers['x-app-token'] === CREDENTIALS.appToken && /^\d+$/.test(ts) && headers['x-app-access-sig'] === expected;
    const isJson = headers['content-type'] === 'application/json';
    const answer = signed
      ? route(method, path, isJson && body ? (JSON.parse(body.toString('utf8')) as Json) : {})
      : json(401, kybFixture('error-401-signature'));
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;

  return {
    fetchImpl,
    calls,
    /** The reviewer's decision on a company, and the tags it carries. */
    decide(applicantId: string, reviewResult: Json, tags: string[] = []) {
      const applicant = applicants.get(applicantId);
      if (!applicant) throw new Error(`no applicant ${applicantId}`);
      Object.assign(review(applicant), { reviewStatus: 'completed', reviewResult, reviewDate: '2026-11-22 09:14:27+0000' });
      applicant.tags = tags;
    },
    /** The reviewer's decision on an applicant's latest action. */
    decideAction(applicantId: string, reviewResult: Json) {
      const action = [...actions.values()].filter((candidate) => candidate.applicantId === applicantId).at(-1);
      if (!action) throw new Error(`no action for ${applicantId}`);
      Object.assign(review(action), { reviewStatus: 'completed', reviewResult, reviewDate: '2026-11-23 15:31:09+0000' });
    },
    applicant: (applicantId: string) => applicants.get(applicantId),
  };
}
