import {
  attachmentError,
  CALLS,
  DEFAULT_ATTACHMENT_NAME,
  DEFAULT_UPLOAD_AUTHOR,
  ErrorCode,
  fileExtension,
  HELP_ATTACHMENT_MAX_BYTES,
  ok,
} from '@causeway/contracts';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import type { RateLimiter } from '../../platform/rate-limit.repository.ts';
import { RateLimitedError } from '../../platform/rate-limited.ts';
import { HelpDeskInputError, HelpDeskUnavailableError } from '../../providers/help-desk/index.ts';
import { isUploadCall, parseHelpDeskCall, RefusedHelpDeskCall } from './help-desk-operations.ts';
import { HelpContentNotFound, type HelpService } from './help.service.ts';
import { isFileTooLarge } from '../../platform/multipart.ts';
import { registerCall } from '../../platform/calls.ts';

export interface HelpRouteDeps {
  help: HelpService;
  desk: 'builtin' | 'zendesk';
  rateLimiter: RateLimiter;
  clock: Clock;
}

/** Per person and hour: tickets and uploads are what a person writes; reads are not limited. */
const TICKETS_PER_HOUR = 10;
const UPLOADS_PER_HOUR = 30;
const HOUR_MS = 3_600_000;
/**
 * With Zendesk every uncached read (a new search, an unknown article id) spends the account's
 * API quota, which one person could drain for every visitor: reads are limited per person then.
 * The built-in desk's reads cost a database query and are not limited.
 */
const ZENDESK_READS_PER_MINUTE = 120;
const MINUTE_MS = 60_000;

/**
 * What a failure while reading the multipart body answers. Our own refusals pass through; a part
 * limit the parser reports (a second file) is 413; anything else it throws (a body cut short, no
 * boundary, a field declared JSON that is not, or the stream it stops at a fifth field) is the
 * sender's malformed body, 400, never a 500.
 */
function multipartFailure(error: unknown): unknown {
  if (isFileTooLarge(error)) return new AppError(ErrorCode.HelpFileTooLarge);
  if (error instanceof AppError || error instanceof RefusedHelpDeskCall) return error;
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (status === 413)
    return new AppError(
      ErrorCode.BodyTooLarge,
      'Send one file, with the fields url, requestType and optionally name and author, in one request.',
    );
  return new AppError(
    ErrorCode.MalformedRequest,
    'The multipart body could not be read: send the fields url and requestType, then one file.',
  );
}
/** Control characters (NUL, line breaks) have no place in a file name or an author: PostgreSQL refuses NUL outright. */
const withoutControls = (text: string) => [...text].filter((c) => c.charCodeAt(0) > 0x1f && c !== '\u007f').join('');
/** A file name of at most 255 characters that keeps its extension (the type it was allowed by). */
function shortName(name: string): string {
  if (name.length <= 255) return name;
  const extension = fileExtension(name);
  return `${name.slice(0, 254 - extension.length)}.${extension}`;
}
/** A browser's declared type when it looks like one; the operator's page serves files as attachments anyway. */
const contentTypeOf = (mimetype: string | undefined) =>
  mimetype && /^[\w.+-]{1,64}\/[\w.+-]{1,128}$/.test(mimetype) ? mimetype.toLowerCase() : 'application/octet-stream';

/**
 * zendesk/request and zendesk/forward/file (docs/rules/calls.md): the help widget's calls, answered by the
 * help desk (HELP_DESK) for exactly the operations the widget needs (help-desk-operations.ts).
 * Every call needs a session: the widget lives on the signed-in pages, and a ticket or upload
 * is limited per person.
 */
export function registerHelpRoutes(app: FastifyInstance, deps: HelpRouteDeps): void {
  async function limit(request: FastifyRequest, what: 'ticket' | 'upload' | 'read', perWindow: number, windowMs = HOUR_MS) {
    const userId = request.auth?.user.id ?? 'anonymous';
    const verdict = await deps.rateLimiter.hit(`help-${what}:${userId}`, perWindow, windowMs, deps.clock.now());
    if (!verdict.allowed)
      throw new RateLimitedError(
        verdict.retryAfterMs,
        `Too many help requests: try again in ${Math.ceil(verdict.retryAfterMs / 60_000)} minutes.`,
      );
  }

  /** The desk's own failures in the catalogue's words; the url and params never reach the log. */
  async function answering<T>(request: FastifyRequest, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof RefusedHelpDeskCall) throw new AppError(ErrorCode.HelpDeskCallRefused, undefined, { reason: error.message });
      if (error instanceof HelpContentNotFound) throw new AppError(ErrorCode.HelpArticleNotFound);
      if (error instanceof HelpDeskInputError) throw new AppError(ErrorCode.HelpDeskRefusedInput, error.message);
      if (error instanceof HelpDeskUnavailableError) {
        request.log.warn({ helpDesk: deps.desk, reason: error.message }, 'help desk unavailable');
        throw new AppError(ErrorCode.HelpDeskUnavailable);
      }
      throw error;
    }
  }

  registerCall(app, CALLS.helpDeskRequest, async (request) =>
    answering(request, async () => {
      const operation = parseHelpDeskCall(request.body);
      if (operation.op === 'createRequest') await limit(request, 'ticket', TICKETS_PER_HOUR);
      else if (deps.desk === 'zendesk') await limit(request, 'read', ZENDESK_READS_PER_MINUTE, MINUTE_MS);
      const { user } = request.auth!;
      return ok({ data: await deps.help.request(operation, { userId: user.id, email: user.email }) });
    }),
  );

  // Multipart is parsed only in this scope: no other route accepts it.
  void app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: HELP_ATTACHMENT_MAX_BYTES, files: 1, fields: 4, fieldSize: 1024 } });
    registerCall(scope, CALLS.helpDeskForwardFile, async (request) =>
      answering(request, async () => {
        if (!request.isMultipart()) throw new AppError(ErrorCode.UnsupportedContentType, 'Send the file as multipart/form-data.');
        const fields: Record<string, string> = {};
        let file: { name: string; contentType: string; bytes: Buffer } | undefined;
        try {
          for await (const part of request.parts()) {
            if (part.type === 'file') {
              if (!isUploadCall(fields.url ?? '', fields.requestType ?? ''))
                throw new RefusedHelpDeskCall('forward/file takes url /api/v2/uploads.json and requestType post, before the file');
              const name = withoutControls(fields.name ?? part.filename ?? '').trim() || DEFAULT_ATTACHMENT_NAME;
              // Refused by its name before a byte is stored (docs/rules/validation.md filetype).
              if (attachmentError({ name, size: 1 }) === 'filetype')
                throw new AppError(ErrorCode.HelpFileFormatUnsupported, undefined, { fileName: name.slice(0, 100) });
              file = { name, contentType: contentTypeOf(part.mimetype), bytes: await part.toBuffer() };
            } else {
              // A field sent as JSON (an object) is no field of ours: read as absent.
              if (typeof part.value === 'string') fields[part.fieldname] = part.value;
            }
          }
        } catch (error) {
          throw multipartFailure(error);
        }
        if (!file) throw new AppError(ErrorCode.MalformedRequest, 'Attach a file (multipart field "file").');
        const sizeError = attachmentError({ name: file.name, size: file.bytes.length });
        if (sizeError === 'fileempty') throw new AppError(ErrorCode.MalformedRequest, 'The file is empty.');
        if (sizeError === 'filesize') throw new AppError(ErrorCode.HelpFileTooLarge);
        await limit(request, 'upload', UPLOADS_PER_HOUR);
        const author =
          withoutControls(fields.author ?? '')
            .trim()
            .slice(0, 100) || DEFAULT_UPLOAD_AUTHOR;
        return ok({
          data: await deps.help.upload({ fileName: shortName(file.name), contentType: file.contentType, bytes: file.bytes, author }),
        });
      }),
    );
  });
}
