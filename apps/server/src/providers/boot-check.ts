/**
 * One boot check: a cheap, read-only call to a configured outside vendor that proves its account
 * settings and credentials work, made before a production server listens (boot-checks.ts runs them).
 * Each vendor's lives next to its adapter (card-processor/checkout-boot-check.ts, ...) and calls
 * through the adapter's own HTTP helper, so what is checked is what the server will send.
 */
export interface BootCheckContext {
  /** fetch bound to the check's deadline: a call still open when the time is up is aborted. */
  fetch: typeof fetch;
  /** Aborted when the check's time is up: for clients that are not fetch (the S3 SDK). */
  signal: AbortSignal;
  /**
   * The timeout to hand an adapter's helper: a little past the deadline, so that the deadline (and
   * its one message naming where the check called) always comes first.
   */
  timeoutMs: number;
}

export interface BootCheck {
  /** The vendor as people know it: `Checkout.com`, `Sumsub`. */
  vendor: string;
  /** Where the check calls, for the message when nothing answers: `CHECKOUT_BASE_URL (https://api.checkout.com)`. Never a secret. */
  target: string;
  /**
   * Resolves to what the call proved (`CHECKOUT_SECRET_KEY accepted: ...`); rejects with
   * BootCheckFailure, whose message says what is wrong and what to change.
   */
  run(context: BootCheckContext): Promise<string>;
}

/** A check's answer that the setup is wrong: its message is the whole sentence people read, vendor first. */
export class BootCheckFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BootCheckFailure';
  }
}

/**
 * fetch that remembers the HTTP status of its last answer. The adapters' helpers turn statuses into
 * their own errors; a check reads the status to say precisely what was refused (401: the key).
 */
export function recordingStatus(fetchImpl: typeof fetch): { fetch: typeof fetch; lastStatus: () => number | undefined } {
  let status: number | undefined;
  const recording: typeof fetch = async (input, init) => {
    const response = await fetchImpl(input, init);
    status = response.status;
    return response;
  };
  return { fetch: recording, lastStatus: () => status };
}

/** An error's message, with its cause's code where fetch hides it (`fetch failed (ECONNREFUSED)`). */
export function messageOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as { cause?: unknown }).cause;
  const detail = cause instanceof Error ? ((cause as { code?: unknown }).code ?? cause.message) : undefined;
  return typeof detail === 'string' && detail !== '' && !error.message.includes(detail) ? `${error.message} (${detail})` : error.message;
}
