import { APP_TOKEN, documentedSignature, SECRET_KEY } from './sumsub.test-support.ts';

// What the decision tests of both Sumsub adapters share (sumsub-decision.test.ts, kyb/sumsub-kyb-decision.test.ts):
// a fetch that answers recorded bodies, with their headers (Retry-After), and records what was sent.

export interface RecordedAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export interface SentRequest {
  method: string;
  /** The request-target: path and query, as signed. */
  path: string;
  headers: Record<string, string>;
  body: string | undefined;
}

/**
 * A stand-in for Sumsub behind `fetch`: every request must carry the app token and the documented signature over
 * ts + METHOD + path + body (else 401, as Sumsub answers); it then gets the next recorded answer.
 */
export function recordingSumsub(answers: RecordedAnswer[]) {
  const sent: SentRequest[] = [];
  const fetchImpl = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input));
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries((init?.headers ?? {}) as Record<string, string>)) headers[name.toLowerCase()] = value;
    const body = typeof init?.body === 'string' ? init.body : undefined;
    const request = { method: init?.method ?? 'GET', path: url.pathname + url.search, headers, body };
    sent.push(request);
    const ts = headers['x-app-access-ts'] ?? '';
    const signed =
      url.origin === 'https://api.sumsub.com' &&
      headers['x-app-token'] === APP_TOKEN &&
      headers['x-app-access-sig'] === documentedSignature(SECRET_KEY, ts + request.method + request.path + (body ?? ''));
    const answer = signed ? answers.shift() : { status: 401, body: { description: 'Invalid signature', code: 401 } };
    if (!answer) throw new Error(`unexpected call: ${request.method} ${request.path}`);
    return new Response(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json', ...answer.headers },
    });
  }) as typeof fetch;
  return { fetchImpl, sent };
}

/** The fixed clock of the decision tests: 2024-03-05 09:13:00.250 UTC. */
export const DECISION_NOW = new Date(1_709_629_980_250);
