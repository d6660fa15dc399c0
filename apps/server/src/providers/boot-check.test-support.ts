import type { BootCheck } from './boot-check.ts';
import { type BootCheckResult, runBootChecks } from './boot-checks.ts';

/** One request a fake vendor received: what a check sent. */
export interface SeenRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: string;
}

/**
 * A vendor as fetch sees it: each request is recorded in `seen` and answered by `answer` (a status
 * and a JSON body, or a text body as is).
 */
export function fakeVendor(answer: (request: SeenRequest) => { status: number; json?: unknown; text?: string }) {
  const seen: SeenRequest[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const received: SeenRequest = {
      method: request.method,
      url: new URL(request.url),
      headers: request.headers,
      body: await request.text(),
    };
    seen.push(received);
    const { status, json, text } = answer(received);
    return new Response(text ?? (json === undefined ? null : JSON.stringify(json)), {
      status,
      headers: { 'content-type': text === undefined ? 'application/json' : 'text/plain' },
    });
  };
  return { fetch: fetchImpl, seen };
}

/** A vendor that never answers: the request stays open until its signal aborts it, which `aborted` then says. */
export function silentVendor() {
  const state = { requests: 0, aborted: 0 };
  const fetchImpl: typeof fetch = (_input, init) =>
    new Promise((_resolve, reject) => {
      state.requests += 1;
      const signal = init?.signal;
      signal?.addEventListener('abort', () => {
        state.aborted += 1;
        reject(signal.reason);
      });
    });
  return { fetch: fetchImpl, state };
}

/** One check run as boot-checks.ts runs it, without redaction: a secret in its message is the check's own leak. */
export async function runCheck(check: BootCheck, fetchImpl: typeof fetch, timeoutMs = 5_000): Promise<BootCheckResult> {
  const [result] = await runBootChecks([check], { fetchImpl, timeoutMs });
  return result!;
}

/** The secrets that show in a text, as written or base64-encoded (as HTTP Basic would carry one). */
export function leaks(text: string, secrets: readonly string[]): string[] {
  return secrets.filter((secret) => text.includes(secret) || text.includes(Buffer.from(secret).toString('base64')));
}
