import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { type NewHelpRequest } from './help-desk.ts';
import { createZendeskHelpDesk, type ZendeskHelpDeskOptions } from './zendesk.ts';

// Zendesk through answers adapted from its documentation's examples (fixtures/zendesk, README.md
// there says which page each comes from): a fetch that checks what the adapter sends.
export const BASE = 'https://causeway-demo.zendesk.com';
export const EMAIL = 'support-bot@causeway.test';
export const API_TOKEN = 'wY9sB2kQ7rTn4LmX0cVd8ZpJ3hGf6AeK1uIo5Nq';
export const CREDENTIALS = Buffer.from(`${EMAIL}/token:${API_TOKEN}`).toString('base64');
export const SOURCE_FIELD_ID = 360012345678;

export const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`./fixtures/zendesk/${name}.json`, import.meta.url), 'utf8'));

export interface Captured {
  url: string;
  method: string;
  headers: Record<string, string>;
  json: unknown;
  bytes: Buffer | undefined;
  redirect: RequestInit['redirect'];
}
export type Reply =
  { status: number; body?: unknown; text?: string; headers?: Record<string, string> } | { hang: true } | { networkError: string };

export function stubFetch(replies: Reply[]) {
  const calls: Captured[] = [];
  const fetchImpl = (async (input: string | URL | Request, init?: RequestInit) => {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries((init?.headers ?? {}) as Record<string, string>)) headers[name.toLowerCase()] = value;
    calls.push({
      url: String(input),
      method: init?.method ?? 'GET',
      headers,
      json: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      bytes: init?.body instanceof Uint8Array ? Buffer.from(init.body) : undefined,
      redirect: init?.redirect,
    });
    const reply = replies.shift();
    if (!reply) throw new Error(`unexpected call to ${String(input)}`);
    if ('hang' in reply)
      return new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
    if ('networkError' in reply) throw new TypeError('fetch failed', { cause: { code: reply.networkError } });
    const text = reply.text ?? (reply.body === undefined ? '' : JSON.stringify(reply.body));
    return new Response(text, { status: reply.status, headers: { 'content-type': 'application/json; charset=utf-8', ...reply.headers } });
  }) as typeof fetch;
  return { fetchImpl, calls };
}

export function setup(replies: Reply[], overrides: Partial<ZendeskHelpDeskOptions> = {}) {
  const { fetchImpl, calls } = stubFetch(replies);
  const desk = createZendeskHelpDesk({
    baseUrl: BASE,
    email: EMAIL,
    apiToken: API_TOKEN,
    sourceFieldId: SOURCE_FIELD_ID,
    fetchImpl,
    ...overrides,
  });
  return { desk, calls };
}

/** The error a call failed with (a test failure when it succeeds). */
export const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error as Error,
  );

/** An anonymous end user's call (requests and their uploads): no credentials at all, JSON asked. */
export function expectAnonymous(call: Captured | undefined) {
  expect(call?.headers.authorization).toBeUndefined();
  expect(call?.headers.accept).toBe('application/json');
  expect(call?.redirect).toBe('manual');
  expect(JSON.stringify(call)).not.toContain(API_TOKEN);
  expect(JSON.stringify(call)).not.toContain(CREDENTIALS);
}

/** The Help Center reads carry the API token only as basic auth, and ask for JSON. */
export function expectAuthenticated(call: Captured | undefined) {
  expect(call?.headers.authorization).toBe(`Basic ${CREDENTIALS}`);
  expect(Buffer.from(CREDENTIALS, 'base64').toString()).toBe(`${EMAIL}/token:${API_TOKEN}`);
  expect(call?.headers.accept).toBe('application/json');
  expect(call?.redirect).toBe('manual');
  expect(call?.url).not.toContain(API_TOKEN);
}

export const ticket: NewHelpRequest = {
  subject: 'Payment stuck on pending',
  message: 'I paid 25 USDC on Base an hour ago and the order still says pending. The transaction is confirmed.',
  requesterEmail: 'ada@example.com',
  requesterName: 'ada',
  requesterUserId: 'usr_ada',
  uploadTokens: ['LXJdriewLBP8JrtzzkN7Ne4k6', 'tyBq1ms40dFaHefSIigxZpwGg'],
  source: 'tickets_from_widget',
};
