import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { type DocumentType, EXTENSIONS_BY_TYPE, extensionOf } from '../../platform/document-type.ts';
import { assertSafeKey, CONTENT_TYPE_BY_DOCUMENT, HEAD_BYTES, safeDownloadName, type StorageProvider } from './storage.ts';

export interface S3StorageOptions {
  bucket: string;
  /** Default us-east-1. */
  region?: string;
  /** An S3-compatible service (MinIO, R2, ...): its base URL. Unset: AWS's own endpoints. */
  endpoint?: string;
  /** `https://host/bucket/key` instead of `https://bucket.host/key` (most S3-compatible services). */
  forcePathStyle?: boolean;
  /** Both or neither; neither: the SDK's default chain (environment, profile, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** The signing time of presigned URLs (the app's clock). */
  now?: () => Date;
}

const isNotFound = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.$metadata.httpStatusCode === 404 || error.name === 'NotFound' || error.name === 'NoSuchKey');

const contentTypeOfKey = (key: string): string => {
  const extension = extensionOf(key);
  const type = (Object.keys(EXTENSIONS_BY_TYPE) as DocumentType[]).find((candidate) => EXTENSIONS_BY_TYPE[candidate].includes(extension));
  return type ? CONTENT_TYPE_BY_DOCUMENT[type] : 'application/octet-stream';
};

/**
 * A private S3 bucket (or S3-compatible storage). The browser PUTs straight to a SigV4 presigned
 * URL signed for the `host` header only, so it may send any Content-Type; a presigned PUT cannot
 * limit the size or type, so the file is checked after upload (uploads.service checkStoredDocument).
 */
export function createS3Storage(options: S3StorageOptions): StorageProvider {
  if (!options.bucket) throw new Error('S3_BUCKET is required for the S3 storage provider');
  const now = options.now ?? (() => new Date());
  const client = new S3Client({
    region: options.region ?? 'us-east-1',
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle ?? false,
    ...(options.credentials ? { credentials: options.credentials } : {}),
    // Since 3.729 the SDK adds a CRC32 of the (empty) body to presigned PUTs, which every real
    // upload then fails: checksums only where S3 requires them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = options.bucket;

  return {
    kind: 's3',

    async presignPut({ key, expiresInSeconds }) {
      assertSafeKey(key);
      return getSignedUrl(client, new PutObjectCommand({ Bucket, Key: key }), { expiresIn: expiresInSeconds, signingDate: now() });
    },

    async presignGet({ key, downloadName, expiresInSeconds }) {
      assertSafeKey(key);
      // S3 cannot add X-Content-Type-Options; the attachment disposition keeps browsers from rendering it.
      const command = new GetObjectCommand({
        Bucket,
        Key: key,
        ResponseContentDisposition: `attachment; filename="${safeDownloadName(downloadName)}"`,
        ResponseContentType: contentTypeOfKey(key),
        ResponseCacheControl: 'private, no-store',
      });
      return getSignedUrl(client, command, { expiresIn: expiresInSeconds, signingDate: now() });
    },

    async read(key) {
      assertSafeKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : Buffer.alloc(0);
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw error;
      }
    },

    async write(key, body, contentType) {
      assertSafeKey(key);
      // PutObject needs the length up front, so the body is gathered first (a multipart upload would stream it).
      const parts: Buffer[] = [];
      for await (const part of body) parts.push(typeof part === 'string' ? Buffer.from(part, 'utf8') : Buffer.from(part));
      const bytes = Buffer.concat(parts);
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: contentType, ContentLength: bytes.length }));
      return { size: bytes.length };
    },

    async remove(key) {
      assertSafeKey(key);
      // S3 answers 204 whether or not the key held an object.
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    async inspect(key) {
      assertSafeKey(key);
      try {
        const size = (await client.send(new HeadObjectCommand({ Bucket, Key: key }))).ContentLength ?? 0;
        if (size === 0) return { size, head: Buffer.alloc(0) };
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key, Range: `bytes=0-${HEAD_BYTES - 1}` }));
        const bytes = object.Body ? await object.Body.transformToByteArray() : new Uint8Array();
        return { size, head: Buffer.from(bytes.subarray(0, HEAD_BYTES)) };
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw error;
      }
    },
  };
}
