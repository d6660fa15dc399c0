import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type FakeSumsub, startFakeSumsub } from '../../../test/fake-sumsub.ts';
import { createSumsubKyc, type SumsubOptions } from './sumsub.ts';

// What the Sumsub adapter's test files share: credentials, the documented fixtures, a recording fetch.

// Bodies copied in shape from Sumsub's documentation examples (ids made up): see fixtures/sumsub.
export const fixtureBytes = (name: string) => readFileSync(new URL(`./fixtures/sumsub/${name}.json`, import.meta.url));
export const fixture = <T = Record<string, unknown>>(name: string): T => JSON.parse(fixtureBytes(name).toString('utf8')) as T;

export const APP_TOKEN = 'sbx:uY0CgwELmgUAEyl4hNWxLngb.0WSeQeiYny4WEqmAALEAiK2qTC96fBad';
export const SECRET_KEY = 'Hej2ch71kG2kTd1iIUDZFNsO5C1lh5Gq';
export const WEBHOOK_SECRET = 'whsec-7dM2pQ9xL4vN8sK1';
export const CREDENTIALS = { appToken: APP_TOKEN, secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET };

/** The documented formula, written out here on its own: hex HMAC-SHA256(secret, ts + METHOD + uri + body). */
export const documentedSignature = (secret: string, signedString: string) =>
  createHmac('sha256', secret).update(signedString).digest('hex');

export interface Captured {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
  /** The body's bytes (a JSON text as UTF-8, a multipart Buffer as is). */
  bytes: Buffer | undefined;
}
/** A fetch that records what the adapter sends and answers one canned response per call. */
export function stubFetch(answers: Array<{ status: number; body: unknown }>) {
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

/** The fake Sumsub server, with the test credentials (one per test file). */
export const startTestFakeSumsub = () => startFakeSumsub({ appToken: APP_TOKEN, secretKey: SECRET_KEY });

/** The adapter pointed at that fake. */
export const sumsubAgainst = (fake: FakeSumsub, overrides: Partial<SumsubOptions> = {}) =>
  createSumsubKyc({ ...CREDENTIALS, baseUrl: fake.baseUrl, ...overrides });
