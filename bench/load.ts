import autocannon from 'autocannon';

export const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 8);
export const CONNECTIONS = 16;

export type LoadOptions = Pick<autocannon.Options, 'method' | 'body' | 'headers' | 'requests'>;

/** Requests per second and p99 of one target over DURATION_S, after a one-second warm-up. Any non-2xx fails the bench. */
export async function load(url: string, options: LoadOptions = {}) {
  await autocannon({ url, connections: CONNECTIONS, duration: 1, ...options }); // warm-up: JIT, pools, caches
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, ...options });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { requestsPerSecond: Math.round(result.requests.average), p99Ms: result.latency.p99 };
}
