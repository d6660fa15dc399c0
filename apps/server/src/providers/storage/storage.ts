import type { DocumentType } from '../../platform/document-type.ts';

/**
 * Private file storage for uploaded documents. The browser never sends files through our API
 * calls: it gets a short-lived signed URL, PUTs the bytes there, and the stored key (filePath)
 * travels on. Keys are ours (`kyc/<userId>/<random id>/<safe file name>`), never a client's path.
 */
export interface StorageProvider {
  readonly kind: 'local' | 's3';
  /**
   * A URL the browser PUTs the raw file bytes to, valid for `expiresInSeconds`. Local: a path on
   * our own origin (`/uploads/<key>?op=put&...`); S3: a SigV4 presigned URL on the bucket.
   * Throws UnsafeKeyError for a key that is not one of ours. Pure: nothing is stored.
   */
  presignPut(input: { key: string; expiresInSeconds: number }): Promise<string>;
  /**
   * A URL that downloads the file as an attachment named `downloadName` (Content-Disposition),
   * valid for `expiresInSeconds`. Throws UnsafeKeyError for a key that is not one of ours.
   */
  presignGet(input: { key: string; downloadName: string; expiresInSeconds: number }): Promise<string>;
  /**
   * The stored file's size and its first 16 bytes (enough for the magic-byte check), or
   * undefined when nothing is stored at the key. Throws on a storage failure (not "missing").
   */
  inspect(key: string): Promise<{ size: number; head: Buffer } | undefined>;
  /** The whole stored file (at most 5120 KB, checked at upload), or undefined when nothing is stored. */
  read(key: string): Promise<Buffer | undefined>;
  /**
   * Stores what `body` yields at the key, replacing any file there (a job run again after a crash
   * writes its file again), to be served as `contentType`; answers the bytes stored. Files the
   * server makes itself (a history export), never a browser's. Readers see the whole file or none.
   * Throws UnsafeKeyError for a key that is not one of ours, and on a storage failure.
   */
  write(key: string, body: AsyncIterable<string | Uint8Array>, contentType: string): Promise<{ size: number }>;
  /**
   * Deletes the file at the key; nothing stored there is no error (a retried deletion succeeds).
   * Throws UnsafeKeyError for a key that is not one of ours, and on a storage failure.
   */
  remove(key: string): Promise<void>;
}

/** How many leading bytes `inspect` answers. */
export const HEAD_BYTES = 16;

export class UnsafeKeyError extends Error {
  constructor(key: string) {
    super(`refused storage key ${JSON.stringify(key.slice(0, 200))}`);
    this.name = 'UnsafeKeyError';
  }
}

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/**
 * True for keys we could have made: 2 to 8 segments of letters, digits, `.`, `_` and `-`, none
 * starting with a dot, no `..` anywhere, at most 512 characters. Everything else (absolute
 * paths, backslashes, `..`, empty segments, NUL, percent-escapes) is refused before any disk or
 * network access, so a key can never name something outside the upload folder or bucket prefix.
 */
export function isSafeKey(key: string): boolean {
  if (key.length === 0 || key.length > 512 || key.includes('..')) return false;
  const segments = key.split('/');
  return segments.length >= 2 && segments.length <= 8 && segments.every((segment) => SEGMENT.test(segment));
}

export function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new UnsafeKeyError(key);
}

/** The file name a download is offered under: safe inside `filename="..."`, never a path. */
export function safeDownloadName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .replace(/[^A-Za-z0-9._() -]+/g, '_')
    .replace(/^[.\s]+/, '')
    .slice(-120);
  return cleaned.length > 0 ? cleaned : 'document';
}

/** The media type a stored document is served with, by its type (jpg, png, pdf). */
export const CONTENT_TYPE_BY_DOCUMENT: Record<DocumentType, string> = { jpg: 'image/jpeg', png: 'image/png', pdf: 'application/pdf' };
