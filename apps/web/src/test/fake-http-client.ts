import type { Health } from '@causeway/contracts';
import type { HttpClient } from '@/lib/http-client';

/** A health answer of a server running on embedded PGlite. */
export const HEALTHY: Health = {
  status: 'ok',
  version: '1.2.3',
  database: { kind: 'pglite', version: '17.4', reachable: true },
  uptimeSeconds: 42,
};

/**
 * An HttpClient that answers every GET from `answer(path)` and records the calls. POST is not
 * used by the pages under test and rejects.
 */
export function fakeHttpClient(answer: (path: string) => Promise<unknown> = () => Promise.resolve(HEALTHY)) {
  const calls: Array<{ path: string; options: unknown }> = [];
  const client: HttpClient = {
    get: <T>(path: string, options?: unknown) => {
      calls.push({ path, options });
      return answer(path) as Promise<T>;
    },
    post: () => Promise.reject(new Error('POST is not expected in these tests')),
    dispose: () => {},
  };
  return { client, calls };
}
