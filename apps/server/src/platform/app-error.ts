import { ERROR_CATALOGUE, type ErrorCode } from '@causeway/contracts';

/**
 * A failure the client should see: a catalogue code, its HTTP status, and a readable message.
 * Services throw it; the error handler turns it into the envelope. Anything else thrown is a
 * 500 with code 999999 and no detail.
 */
export class AppError extends Error {
  readonly httpStatus: number;

  constructor(
    readonly code: ErrorCode,
    message?: string,
    /** Named values the client shows in its own words (the error envelope's data). */
    readonly details?: Record<string, string>,
  ) {
    super(message ?? ERROR_CATALOGUE[code].meaning);
    this.name = 'AppError';
    this.httpStatus = ERROR_CATALOGUE[code].httpStatus;
  }
}
