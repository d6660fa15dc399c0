import { API_BASE, ERROR_CATALOGUE, ERROR_MEANINGS, ErrorCode, type ErrorEnvelope, type ErrorName } from '@causeway/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './app-error.ts';
import { loggableError } from './logging.ts';
import { RateLimitedError } from './rate-limited.ts';

/** Answers with the envelope of a catalogue error: its name is looked up here, and only its wire code goes out. */
export function sendError(reply: FastifyReply, name: ErrorName, msg?: string, details?: Record<string, string>): FastifyReply {
  const { code, httpStatus } = ERROR_CATALOGUE[name];
  const body: ErrorEnvelope = { status: httpStatus, code, msg: msg ?? ERROR_MEANINGS[name], data: details ?? null };
  return reply.code(httpStatus).type('application/json; charset=utf-8').send(body);
}

/** "body.email: Invalid email; query.lang: Required" — readable, names every bad field. */
function describeValidationError(error: FastifyError): string {
  const where = error.validationContext ?? 'request';
  if (hasZodFastifySchemaValidationErrors(error)) {
    return error.validation
      .map((issue) => {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        return `${where}${field ? `.${field}` : ''}: ${issue.message}`;
      })
      .join('; ');
  }
  return `${where}: ${error.message}`;
}

/**
 * PostgreSQL's refusal of a text it cannot store: 22021 (a NUL or a byte sequence that is not
 * UTF-8) and 22P05 (untranslatable character). Only a request can bring such a text: bad input,
 * answered 400 (the statement failed, so nothing was written by it).
 */
const UNSTORABLE_TEXT_CODES = new Set(['22021', '22P05']);
function isUnstorableText(error: unknown): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    if (UNSTORABLE_TEXT_CODES.has(String((current as { code?: unknown }).code))) return true;
  }
  return false;
}

/** Fastify's own 4xx errors (bad JSON, wrong content type, body too large) mapped to our codes. */
const FRAMEWORK_ERRORS: Record<number, ErrorName> = {
  400: ErrorCode.MalformedRequest,
  413: ErrorCode.BodyTooLarge,
  415: ErrorCode.UnsupportedContentType,
  429: ErrorCode.TooManyRequests,
};

/**
 * Every failure leaves as an envelope. Validation errors are 400 with a readable message;
 * an unexpected exception is a 500 (UnexpectedError, wire code 999999) whose message leaks no stack or SQL.
 */
export function registerErrorHandling(app: FastifyInstance, serveSpa: (request: FastifyRequest, reply: FastifyReply) => unknown): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof RateLimitedError) reply.header('retry-after', String(error.retryAfterSeconds));
    if (error instanceof AppError) return sendError(reply, error.errorName, error.message, error.details);
    if (error.validation) return sendError(reply, ErrorCode.MalformedRequest, describeValidationError(error));
    const frameworkError = error.statusCode ? FRAMEWORK_ERRORS[error.statusCode] : undefined;
    if (frameworkError) return sendError(reply, frameworkError, error.message);
    if (isUnstorableText(error))
      return sendError(
        reply,
        ErrorCode.MalformedRequest,
        'The request holds a character that cannot be stored (such as NUL): remove it and send again.',
      );
    // Only the frames: a database error's message, which the stack repeats first, ends in its query parameters.
    const frames = error.stack
      ?.split('\n')
      .filter((line) => line.trimStart().startsWith('at '))
      .slice(0, 7)
      .join('\n');
    request.log.error({ err: loggableError(error), stack: frames }, 'unexpected error');
    return sendError(reply, ErrorCode.UnexpectedError, 'Something went wrong, please try again');
  });

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    if (pathname === API_BASE || pathname.startsWith(`${API_BASE}/`)) {
      return sendError(reply, ErrorCode.NoSuchCall, `No such call: ${request.method} ${pathname}`);
    }
    return serveSpa(request, reply);
  });
}
