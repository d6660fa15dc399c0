import { ErrorCode, type ErrorName } from '@causeway/contracts';
import { AppError } from './app-error.ts';

/** Whole seconds until a limit's window ends, at least 1 (HTTP's Retry-After takes seconds). */
export const retryAfterSeconds = (retryAfterMs: number): number => Math.max(1, Math.ceil(retryAfterMs / 1000));

/**
 * The refusal of a rate limit or quota: TooManyRequests (REQ0000429) unless the spec names another
 * error (a credential check's TooManyAttempts, USE000002002), and the error handler adds a Retry-After header saying when the window
 * ends. Services throw it; no reply is needed to build one.
 */
export class RateLimitedError extends AppError {
  readonly retryAfterSeconds: number;

  constructor(retryAfterMs: number, message: string, errorName: ErrorName = ErrorCode.TooManyRequests) {
    super(errorName, message);
    this.name = 'RateLimitedError';
    this.retryAfterSeconds = retryAfterSeconds(retryAfterMs);
  }
}
