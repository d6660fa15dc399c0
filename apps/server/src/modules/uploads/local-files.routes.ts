import { ErrorCode, envelopeOf, MAX_DOCUMENT_BYTES, ok, UPLOAD_MESSAGES } from '@causeway/contracts';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../platform/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import type { RateLimiter } from '../../platform/rate-limit.repository.ts';
import { sniffDocumentType } from '../../platform/document-type.ts';
import { LOCAL_UPLOADS_PATH, type LocalStorage, type SignedOp, type SignedUrlQuery } from '../../providers/storage/local.ts';
import { CONTENT_TYPE_BY_DOCUMENT, isSafeKey, safeDownloadName } from '../../providers/storage/storage.ts';
import { checkDocument, fileNameOfKey, type UploadsService } from './uploads.service.ts';

/** A little above the largest document, so a file just over it gets the size text, not a bare 413. */
const PUT_BODY_LIMIT = MAX_DOCUMENT_BYTES + 64 * 1024;

const keyOf = (request: FastifyRequest) => (request.params as { '*'?: string })['*'] ?? '';

const signedQuerySchema = z.object({
  op: z.string().max(8).optional(),
  expires: z.string().max(16).optional(),
  sig: z.string().max(128).optional(),
  name: z.string().max(200).optional(),
});

/** Invalid or expired file links an address may present in an hour before it is refused unchecked. */
export const SIGNED_LINK_REFUSALS_PER_ADDRESS_PER_HOUR = 60;
const HOUR_MS = 60 * 60 * 1000;

/**
 * The URLs the local storage signs: PUT stores a document once, GET serves it back as an
 * attachment. Registered only while the local adapter is active (with S3 the bucket serves them).
 * The key and signature are checked on the request line, before any body byte is read.
 */
export function registerLocalFileRoutes(
  app: FastifyInstance,
  deps: { storage: LocalStorage; uploads: Pick<UploadsService, 'storeWithinQuota'>; rateLimiter: RateLimiter; clock: Clock },
): void {
  const { storage } = deps;
  const tags = ['uploads'];

  const requireSigned = (op: SignedOp) => async (request: FastifyRequest) => {
    const key = keyOf(request);
    if (!isSafeKey(key)) throw new AppError(ErrorCode.FilePathInvalid, 'The file path is not valid');
    // A signature is a secret's check: refused links are counted per address (right ones given back).
    await deps.rateLimiter.countRefusals(
      `upload-signature:ip:${request.ipKey}`,
      SIGNED_LINK_REFUSALS_PER_ADDRESS_PER_HOUR,
      HOUR_MS,
      deps.clock.now(),
      'Too many invalid file links from this address: try again later.',
      async () => {
        if (!storage.verify(op, key, request.query as SignedUrlQuery))
          throw new AppError(ErrorCode.FileLinkInvalid, 'The file link is invalid or expired');
      },
    );
    if (op === 'put' && (await storage.exists(key)))
      throw new AppError(ErrorCode.FileAlreadyStored, 'A file is already stored at this path');
  };

  void app.register(async (scope) => {
    // Any content type is the raw file, as a Buffer, in this scope only.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: PUT_BODY_LIMIT }, (_request, body, done) => done(null, body));
    scope.setErrorHandler((error: FastifyError) => {
      // Too large is a size refusal like any other (the body was never read: Content-Length said so).
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw new AppError(ErrorCode.UploadSizeOutOfRange, UPLOAD_MESSAGES.size);
      throw error; // the app's handler answers the envelope
    });

    scope.put(`${LOCAL_UPLOADS_PATH}/*`, {
      schema: {
        tags,
        summary: 'Store one document through a signed URL from sign-upload (raw body, once per key)',
        querystring: signedQuerySchema,
        response: { 200: envelopeOf(z.null()) },
      },
      bodyLimit: PUT_BODY_LIMIT,
      // Whoever holds a URL sign-upload handed out: its signature is checked on the request line.
      config: { caller: 'ticket' },
      onRequest: requireSigned('put'),
      handler: async (request) => {
        const key = keyOf(request);
        const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const check = checkDocument(fileNameOfKey(key), bytes.length, bytes);
        if (!check.ok) throw new AppError(check.errorName, check.message);
        // Counted against the owner's bytes of the day before it lands (issue 13 F8).
        if ((await deps.uploads.storeWithinQuota(key, bytes, () => storage.store(key, bytes))) === 'exists')
          throw new AppError(ErrorCode.FileAlreadyStored, 'A file is already stored at this path');
        request.log.info({ key, size: bytes.length, type: check.type }, 'document stored');
        return ok(null);
      },
    });

    scope.get(`${LOCAL_UPLOADS_PATH}/*`, {
      schema: {
        tags,
        summary: 'Download one stored document through a signed URL (attachment, never rendered)',
        querystring: signedQuerySchema,
      },
      config: { caller: 'ticket' },
      onRequest: requireSigned('get'),
      handler: async (request, reply) => {
        const bytes = await storage.read(keyOf(request));
        if (!bytes) throw new AppError(ErrorCode.FileNotStored, 'No file is stored at this path');
        const type = sniffDocumentType(bytes);
        const name = safeDownloadName((request.query as SignedUrlQuery).name ?? '');
        return reply
          .header('content-type', type ? CONTENT_TYPE_BY_DOCUMENT[type] : 'application/octet-stream')
          .header('content-disposition', `attachment; filename="${name}"`)
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-store')
          .send(bytes);
      },
    });
  });
}
