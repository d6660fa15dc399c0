import { type CallDefinition, type CallRoute, callOfPath, type Health } from '@causeway/contracts';
import { type CallArgs, callThrough, type HttpClient } from '@/lib/http-client';
import { ApiError } from '@/lib/http-errors';
import { recordSchemaMismatch } from './schema-mismatches';

export { takeSchemaMismatches } from './schema-mismatches';

/** One recorded call of {@link routedHttpClient}. */
export interface RecordedCall {
  method: 'GET' | 'POST';
  path: string;
  body: unknown;
  options: unknown;
}

/** Answers a call: return the envelope's `data`, or throw (e.g. {@link businessError}) to reject. */
// Bodies are whatever the page sent: tests read the fields they care about.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Responder = (body: any) => unknown;

/**
 * An HttpClient that answers GET and POST by path from `routes` (mutable: tests may swap a
 * responder between steps) and records every call. A path without a responder rejects like the
 * server's REQ0000404, so a page calling something unexpected fails loudly. An answer that does
 * not match the contract's schema rejects too, and is recorded: the code under test may swallow
 * the rejection (a best-effort call), so src/test/setup.ts fails the test after it instead.
 */
export function routedHttpClient(routes: Record<string, Responder> = {}) {
  const calls: RecordedCall[] = [];
  /** Errors a caller handed to `client.report` (the docs/rules/errors.md reactions it asked for). */
  const reported: unknown[] = [];
  const call = async (method: 'GET' | 'POST', path: string, body: unknown, options: unknown) => {
    calls.push({ method, path, body, options });
    const respond = routes[path];
    if (!respond) throw businessError(path, 'REQ0000404', `No responder for ${method} ${path}`);
    const answer = await respond(body);
    // What the server answers on this path, by its call's definition: a page tested on a made-up
    // shape (an array where the server sends `{ list }`) fails here, not in the browser.
    const schema = callOfPath(path)?.result;
    if (schema) {
      const checked = schema.safeParse(answer);
      if (!checked.success) {
        const message = `the mocked answer of ${method} ${path} is not what the server sends: ${checked.error.message}`;
        recordSchemaMismatch(message);
        throw new Error(message);
      }
    }
    return answer;
  };
  const client: HttpClient = {
    // Through get and post, as the real client goes: the calls are recorded by path alike.
    call: <D extends CallDefinition>(definition: CallRoute<D>, ...[input, options]: CallArgs<D>) =>
      callThrough(client, definition, input, options) as never,
    get: <T>(path: string, options?: unknown) => call('GET', path, undefined, options) as Promise<T>,
    post: <T>(path: string, body?: unknown, options?: unknown) => call('POST', path, body, options) as Promise<T>,
    // The FormData itself is the recorded body: tests read its fields with form.get(name).
    postForm: <T>(path: string, form: FormData, options?: unknown) => call('POST', path, form, options) as Promise<T>,
    report: (error) => void reported.push(error),
    dispose: () => {},
  };
  /** The bodies sent to `path`, in order. */
  const bodiesOf = (path: string) => calls.filter((c) => c.path === path).map((c) => c.body);
  return { client, calls, routes, bodiesOf, reported };
}

/** A health answer of a sandbox install running on embedded PGlite, with every sandbox tool. */
export const HEALTHY: Health = {
  status: 'ok',
  version: '1.2.3',
  database: { kind: 'pglite', version: '17.4', reachable: true },
  uptimeSeconds: 42,
  sandboxTools: ['mailbox', 'ledger', 'chain', 'helpDesk', 'helpCentre', 'operatorReview'],
};

/** A business failure as the HTTP client rejects with it. */
export const businessError = (path: string, code: string, msg = '') => new ApiError({ kind: 'business', path, code, msg, httpStatus: 400 });
