import { ERROR_CATALOGUE, ERROR_MEANINGS, type ErrorName, type WireCode } from '@causeway/contracts';

/**
 * A failure the client should see: a catalogue error by name, its HTTP status, and a readable
 * message. Services throw it (`new AppError(ErrorCode.QuoteExpired)`); the error handler turns it
 * into the envelope, which carries the wire code. Anything else thrown is a 500
 * (ErrorCode.UnexpectedError) with no detail.
 */
export class AppError extends Error {
  readonly httpStatus: number;
  /** The code the envelope carries on the wire (ODR00001013, ...): for the answer, not for comparing. */
  readonly code: WireCode;

  constructor(
    /** What went wrong, by name: what code compares (`error.errorName === ErrorCode.QuoteExpired`). */
    readonly errorName: ErrorName,
    message?: string,
    /** Named values the client shows in its own words (the error envelope's data). */
    readonly details?: Record<string, string>,
  ) {
    const entry = ERROR_CATALOGUE[errorName];
    super(message ?? ERROR_MEANINGS[errorName]);
    this.name = 'AppError';
    this.httpStatus = entry.httpStatus;
    this.code = entry.code;
  }
}
