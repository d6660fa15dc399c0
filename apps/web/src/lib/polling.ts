export interface PollOptions<T> {
  /** One attempt. Receives the poll's signal so an in-flight request stops with the poll. */
  request: (signal?: AbortSignal) => Promise<T>;
  /** True when `result` is final (e.g. the order left the pending state). */
  isDone: (result: T) => boolean;
  /** Wait between the end of one attempt and the start of the next. */
  intervalMs: number;
  /** Attempts at most; the first starts immediately. */
  maxCount: number;
  /** Called once when `maxCount` attempts ended without a final result (not on abort). */
  onTimeout?: () => void;
  /** Aborting stops the loop: the poll resolves undefined and `onTimeout` is not called. */
  signal?: AbortSignal;
  /**
   * Whether a failed attempt counts as "not done yet" (keep polling) rather than ending the poll.
   * Default: no error is retried, so e.g. a dead session is not polled `maxCount` times.
   */
  isRetryableError?: (error: unknown) => boolean;
}

/** Resolves after `ms`, or early (false) when `signal` aborts. */
function wait(ms: number, signal?: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve(false);
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Repeats `request` until `isDone` accepts a result, at most `maxCount` times with `intervalMs`
 * between attempts (sequential, never overlapping, so a slow server is not flooded).
 * Resolves with the first final result; otherwise calls `onTimeout` and resolves undefined.
 * Rejects with the request's error unless `isRetryableError` accepts it, or the poll was aborted.
 */
export async function poll<T>(options: PollOptions<T>): Promise<T | undefined> {
  const { request, isDone, intervalMs, maxCount, signal } = options;
  for (let count = 1; count <= maxCount; count++) {
    if (signal?.aborted) return undefined;
    try {
      const result = await request(signal);
      if (signal?.aborted) return undefined;
      if (isDone(result)) return result;
    } catch (error) {
      // An abort usually surfaces as the request's own cancel error: that is a stop, not a failure.
      if (signal?.aborted) return undefined;
      if (!options.isRetryableError?.(error)) throw error;
    }
    if (count < maxCount && !(await wait(intervalMs, signal))) return undefined;
  }
  options.onTimeout?.();
  return undefined;
}
