import {
  DOCUMENT_EXTENSIONS, type ErrorCode, MAX_DOCUMENT_BYTES, MIN_DOCUMENT_BYTES, type SignUploadResult, UPLOAD_MESSAGES, UPLOAD_URL_TTL_SECONDS,
} from '@causeway/contracts';
import { randomBytes } from 'node:crypto';
import { AppError } from '../../platform/app-error.ts';
import { type DocumentType, extensionOf, isAcceptedDocument, sniffDocumentType } from '../../platform/document-type.ts';
import type { StorageProvider } from '../../providers/storage/index.ts';
import { isSafeKey } from '../../providers/storage/storage.ts';

/** kyc/ holds a person's identity documents, kyb/ a business's documents. */
export type UploadPurpose = 'kyc' | 'kyb';

/** The verdict on a document: accepted with its sniffed type, or refused with a code and the spec's text. */
export type DocumentCheck =
  | { ok: true; size: number; type: DocumentType }
  | { ok: false; code: Extract<ErrorCode, 'UPL0000001' | 'UPL0000002' | 'UPL0000003' | 'UPL0000006'>; message: string };

const refusalText = {
  UPL0000001: UPLOAD_MESSAGES.format,
  UPL0000002: UPLOAD_MESSAGES.size,
  UPL0000003: 'The file path is not valid',
  UPL0000006: 'No file is stored at this path',
} as const;
const refuse = (code: keyof typeof refusalText): DocumentCheck => ({ ok: false, code, message: refusalText[code] });

/**
 * trust.md "Bad input": 10 KB to 5120 KB, and the type by magic bytes AND the file name's
 * extension (jpg, jpeg, png, pdf). The size is checked first: it is all an oversized body shows.
 * `head` needs only the first bytes (16 are plenty).
 */
export function checkDocument(fileName: string, size: number, head: Uint8Array): DocumentCheck {
  if (size < MIN_DOCUMENT_BYTES || size > MAX_DOCUMENT_BYTES) return refuse('UPL0000002');
  const type = sniffDocumentType(head);
  if (!type || !isAcceptedDocument(fileName, head)) return refuse('UPL0000001');
  return { ok: true, size, type };
}

/**
 * The check of a file already in storage, by its key: with S3 the browser uploads straight to
 * the bucket, so what it sent can only be judged afterwards. Call it before a submitted filePath
 * is used; it reads the size and 16 bytes, never the whole file. Does not check who owns the key
 * (see keyBelongsTo). Throws only when the storage itself fails.
 */
export async function checkStoredDocument(storage: StorageProvider, key: string): Promise<DocumentCheck> {
  if (!isSafeKey(key)) return refuse('UPL0000003');
  const stored = await storage.inspect(key);
  if (!stored) return refuse('UPL0000006');
  return checkDocument(fileNameOfKey(key), stored.size, stored.head);
}

/** True when the key was handed to this user for this purpose (kyc/<userId>/... or kyb/<userId>/...). */
export const keyBelongsTo = (key: string, userId: string, purpose: UploadPurpose): boolean => isSafeKey(key) && key.startsWith(`${purpose}/${userId}/`);

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
  const stem = base.slice(0, base.lastIndexOf('.')).replace(/[^A-Za-z0-9_-]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 80);
  return `${stem || 'document'}.${extension}`;
}

/** sign-upload: a fresh key under the user's folder and a 10-minute PUT URL for it. */
export function createUploadsService(deps: { storage: StorageProvider }) {
  return {
    /** Throws UPL0000001 when the name's extension is not jpg, jpeg, png or pdf. Nothing is stored. */
    async signUpload(user: { id: string }, purpose: UploadPurpose, s3FileName: string): Promise<SignUploadResult> {
      const fileName = storedFileName(s3FileName);
      if (!fileName) throw new AppError('UPL0000001', UPLOAD_MESSAGES.format);
      const filePath = `${purpose}/${user.id}/${randomBytes(12).toString('hex')}/${fileName}`;
      const uploadTempUrl = await deps.storage.presignPut({ key: filePath, expiresInSeconds: UPLOAD_URL_TTL_SECONDS });
      return { uploadTempUrl, filePath, expiresInSeconds: UPLOAD_URL_TTL_SECONDS };
    },
  };
}

export type UploadsService = ReturnType<typeof createUploadsService>;
