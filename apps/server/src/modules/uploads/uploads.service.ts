import {
  DOCUMENT_EXTENSIONS,
  ErrorCode,
  MAX_DOCUMENT_BYTES,
  MIN_DOCUMENT_BYTES,
  type SignUploadResult,
  UPLOAD_MESSAGES,
  UPLOAD_URL_TTL_SECONDS,
} from '@causeway/contracts';
import { randomBytes } from 'node:crypto';
import { AppError } from '../../platform/app-error.ts';
import { type DocumentType, extensionOf, isAcceptedDocument, sniffDocumentType } from '../../platform/document-type.ts';
import type { StorageProvider } from '../../providers/storage/index.ts';
import { isSafeKey } from '../../providers/storage/storage.ts';
import type { Clock } from '../../platform/clock.ts';
import type { RateLimiter } from '../../platform/rate-limit.repository.ts';
import { RateLimitedError } from '../../platform/rate-limited.ts';
import type { DocumentUploadsRepository } from './document-uploads.repository.ts';

/** kyc/ holds a person's identity documents, kyb/ a business's documents. */
export type UploadPurpose = 'kyc' | 'kyb';

/** The verdict on a document: accepted with its sniffed type, or refused with an error and the spec's text. */
export type DocumentCheck =
  { ok: true; size: number; type: DocumentType } | { ok: false; errorName: keyof typeof refusalText; message: string };

const refusalText = {
  [ErrorCode.UploadFormatUnsupported]: UPLOAD_MESSAGES.format,
  [ErrorCode.UploadSizeOutOfRange]: UPLOAD_MESSAGES.size,
  [ErrorCode.FilePathInvalid]: 'The file path is not valid',
  [ErrorCode.FileNotStored]: 'No file is stored at this path',
} as const;
const refuse = (errorName: keyof typeof refusalText): DocumentCheck => ({ ok: false, errorName, message: refusalText[errorName] });

/**
 * docs/trust.md "Bad input": 10 KB to 5120 KB, and the type by magic bytes AND the file name's
 * extension (jpg, jpeg, png, pdf). The size is checked first: it is all an oversized body shows.
 * `head` needs only the first bytes (16 are plenty).
 */
export function checkDocument(fileName: string, size: number, head: Uint8Array): DocumentCheck {
  if (size < MIN_DOCUMENT_BYTES || size > MAX_DOCUMENT_BYTES) return refuse(ErrorCode.UploadSizeOutOfRange);
  const type = sniffDocumentType(head);
  if (!type || !isAcceptedDocument(fileName, head)) return refuse(ErrorCode.UploadFormatUnsupported);
  return { ok: true, size, type };
}

/**
 * The check of a file already in storage, by its key: with S3 the browser uploads straight to
 * the bucket, so what it sent can only be judged afterwards. Call it before a submitted filePath
 * is used; it reads the size and 16 bytes, never the whole file. Does not check who owns the key
 * (see keyBelongsTo). Throws only when the storage itself fails.
 */
export async function checkStoredDocument(storage: StorageProvider, key: string): Promise<DocumentCheck> {
  if (!isSafeKey(key)) return refuse(ErrorCode.FilePathInvalid);
  const stored = await storage.inspect(key);
  if (!stored) return refuse(ErrorCode.FileNotStored);
  return checkDocument(fileNameOfKey(key), stored.size, stored.head);
}

/** True when the key was handed to this user for this purpose (kyc/<userId>/... or kyb/<userId>/...). */
export const keyBelongsTo = (key: string, userId: string, purpose: UploadPurpose): boolean =>
  isSafeKey(key) && key.startsWith(`${purpose}/${userId}/`);

export const fileNameOfKey = (key: string): string => key.slice(key.lastIndexOf('/') + 1);

/**
 * The name a file is stored under: the browser's name without any folder, letters, digits, _ and
 * - only (so no dots but the extension's), at most 80 characters, the extension in lower case.
 * Undefined when the extension is not jpg, jpeg, png or pdf.
 */
export function storedFileName(s3FileName: string): string | undefined {
  const base = s3FileName.split(/[\\/]/).pop() ?? '';
  if (!base.includes('.')) return undefined;
  const extension = extensionOf(base);
  if (!(DOCUMENT_EXTENSIONS as readonly string[]).includes(extension)) return undefined;
  const stem = base
    .slice(0, base.lastIndexOf('.'))
    .replace(/[^A-Za-z0-9_-]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 80);
  return `${stem || 'document'}.${extension}`;
}

/**
 * A person's upload quota (issue 13 F8): upload URLs a minute and a UTC day, and bytes stored a
 * day through our own /uploads URLs. A verification needs a handful of files; these leave room
 * for retries and the phone handoff's (4 files, 3 URLs each) while bounding what one account
 * can put on the disk: at most bytesPerDay a day, and what is never submitted goes after a day.
 */
export const UPLOAD_QUOTA = { signsPerMinute: 10, signsPerDay: 30, bytesPerDay: 60 * 1024 * 1024 } as const;
/** Keys never submitted to a verification step are deleted this long after they were signed. */
export const UNSUBMITTED_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC day of a moment (the quota's day), and how long until the next one starts. */
export const quotaDayOf = (now: Date): string => now.toISOString().slice(0, 10);
const untilNextDay = (now: Date): number => DAY_MS - (now.getTime() % DAY_MS);

/** The user whose folder a key lies in: keys are `<purpose>/<userId>/<random>/<name>` (ours, signed). */
export const ownerOfKey = (key: string): string | undefined => (isSafeKey(key) ? key.split('/')[1] : undefined);

export interface UploadsServiceDeps {
  storage: StorageProvider;
  documents: DocumentUploadsRepository;
  rateLimiter: RateLimiter;
  clock: Clock;
}

/** sign-upload with its quota, the byte quota of our own PUTs, and the deletion of what is never submitted. */
export function createUploadsService(deps: UploadsServiceDeps) {
  const { documents, clock } = deps;
  return {
    /**
     * A fresh key under the user's folder and a 10-minute PUT URL for it, counted against the
     * person's quota. Throws UPL0000001 when the name's extension is not jpg, jpeg, png or pdf
     * (nothing counted), REQ0000429 past the quota.
     */
    async signUpload(user: { id: string }, purpose: UploadPurpose, s3FileName: string): Promise<SignUploadResult> {
      const fileName = storedFileName(s3FileName);
      if (!fileName) throw new AppError(ErrorCode.UploadFormatUnsupported, UPLOAD_MESSAGES.format);
      const now = clock.now();
      const rate = await deps.rateLimiter.hit(`upload-sign:user:${user.id}`, UPLOAD_QUOTA.signsPerMinute, 60_000, now);
      if (!rate.allowed) throw new RateLimitedError(rate.retryAfterMs, 'Too many upload requests: wait a minute and try again.');
      const filePath = `${purpose}/${user.id}/${randomBytes(12).toString('hex')}/${fileName}`;
      if (
        !(await documents.registerSigned({ filePath, userId: user.id, purpose, signedAt: now }, quotaDayOf(now), UPLOAD_QUOTA.signsPerDay))
      ) {
        throw new RateLimitedError(
          untilNextDay(now),
          `You have asked for ${UPLOAD_QUOTA.signsPerDay} uploads today, the most a day allows: try again tomorrow.`,
        );
      }
      const uploadTempUrl = await deps.storage.presignPut({ key: filePath, expiresInSeconds: UPLOAD_URL_TTL_SECONDS });
      return { uploadTempUrl, filePath, expiresInSeconds: UPLOAD_URL_TTL_SECONDS };
    },

    /**
     * Stores the bytes of one of our signed PUTs within its owner's daily byte quota: the bytes are
     * claimed first (one conditional update) and given back when the key was taken meanwhile.
     */
    async storeWithinQuota(key: string, bytes: Buffer, store: () => Promise<'stored' | 'exists'>): Promise<'stored' | 'exists'> {
      const owner = ownerOfKey(key);
      if (!owner) throw new AppError(ErrorCode.FilePathInvalid, 'The file path is not valid');
      const now = clock.now();
      const day = quotaDayOf(now);
      if (!(await documents.claimBytes(owner, day, bytes.length, UPLOAD_QUOTA.bytesPerDay))) {
        throw new RateLimitedError(
          untilNextDay(now),
          `You have uploaded ${UPLOAD_QUOTA.bytesPerDay / (1024 * 1024)} MB today, the most a day allows: try again tomorrow.`,
        );
      }
      const outcome = await store().catch(async (error: unknown) => {
        await documents.releaseBytes(owner, day, bytes.length);
        throw error;
      });
      if (outcome === 'exists') await documents.releaseBytes(owner, day, bytes.length);
      return outcome;
    },

    /**
     * Deletes what was signed over a day ago and never submitted: the stored bytes first, then the
     * row (a crash between the two leaves the row, and the next run deletes again). Also forgets
     * old quota days and expired phone handoffs. Answers how many files went.
     */
    async pruneUnsubmitted(batchSize = 100): Promise<number> {
      const now = clock.now();
      const before = new Date(now.getTime() - UNSUBMITTED_UPLOAD_TTL_MS);
      let removed = 0;
      for (;;) {
        const rows = await documents.unsubmittedBefore(before, batchSize);
        for (const row of rows) {
          await deps.storage.remove(row.filePath);
          if (await documents.forgetUnsubmitted(row.filePath)) removed += 1;
        }
        if (rows.length < batchSize) break;
      }
      await documents.pruneUsage(quotaDayOf(new Date(now.getTime() - DAY_MS)));
      await documents.pruneHandoffs(before);
      return removed;
    },
  };
}

export type UploadsService = ReturnType<typeof createUploadsService>;
