import { ErrorCode } from '@causeway/contracts';
import { createHash } from 'node:crypto';
import type { EddFile } from '../../db/schema/edd.ts';
import { AppError } from '../../platform/app-error.ts';
import type { StorageProvider } from '../../providers/storage/index.ts';
import { checkDocument, checkStoredDocument, fileNameOfKey, keyBelongsTo } from '../uploads/index.ts';

const PART_NAMES = { SOW: 'source-of-wealth', SOF: 'source-of-funds' } as const;

/**
 * Reads the files of an answer: each must be the person's own identity upload (kyc/<userId>/…), stored and an
 * accepted document (checked on its bytes, not its name), and is kept with the SHA-256 of those bytes. Throws
 * before anything is written: DocumentFileUnknown (not theirs, or not stored), the upload checks' own errors,
 * EddFilesDuplicated when two of the files are the same bytes.
 */
export async function readEvidence(storage: StorageProvider, userId: string, filePaths: readonly string[]): Promise<EddFile[]> {
  const read: EddFile[] = [];
  for (const filePath of filePaths) {
    const fileName = fileNameOfKey(filePath);
    if (!keyBelongsTo(filePath, userId, 'kyc'))
      throw new AppError(ErrorCode.DocumentFileUnknown, `${fileName}: not a file you uploaded`, { files: fileName });
    // The size and head first, so an oversized object (S3 takes any size) is never read whole.
    const stored = await checkStoredDocument(storage, filePath);
    if (!stored.ok) throw new AppError(stored.errorName, `${fileName}: ${stored.message}`);
    const bytes = await storage.read(filePath);
    if (!bytes) throw new AppError(ErrorCode.DocumentFileUnknown, `${fileName}: no file is stored at this path`, { files: fileName });
    const check = checkDocument(fileName, bytes.length, bytes);
    if (!check.ok) throw new AppError(check.errorName, `${fileName}: ${check.message}`);
    read.push({ filePath, fileName, sha256: createHash('sha256').update(bytes).digest('hex') });
  }
  const twice = read.flatMap((a, i) =>
    read
      .slice(i + 1)
      .filter((b) => b.sha256 === a.sha256)
      .map((b): [EddFile, EddFile] => [a, b]),
  );
  if (twice.length)
    throw duplicated(
      `The same file is given twice: ${twice.map(([a, b]) => `${a.fileName} and ${b.fileName}`).join('; ')}`,
      twice.map(([a]) => a.fileName),
    );
  return read;
}

/**
 * docs/rules/edd.md "Distinct evidence": the files of one part may not be the files of the other, told apart by
 * their content (SHA-256), so a file uploaded again under another name is still the same file. Throws
 * EddFilesDuplicated naming each file and the other part's file it repeats.
 */
export function assertDistinctFrom(part: 'SOW' | 'SOF', files: readonly EddFile[], otherFiles: readonly EddFile[]): void {
  const same = pairsOfSameContent(files, otherFiles);
  if (same.length === 0) return;
  const other = part === 'SOW' ? 'SOF' : 'SOW';
  throw duplicated(
    `${capitalised(PART_NAMES.SOF)} files must differ from ${PART_NAMES.SOW} files: ` +
      same.map(([mine, theirs]) => `${mine.fileName} is the same file as ${theirs.fileName} (${PART_NAMES[other]})`).join('; '),
    same.map(([mine]) => mine.fileName),
  );
}

function pairsOfSameContent(files: readonly EddFile[], others: readonly EddFile[]): Array<[EddFile, EddFile]> {
  return files.flatMap((file) =>
    others.filter((other) => other !== file && other.sha256 === file.sha256).map((other): [EddFile, EddFile] => [file, other]),
  );
}

const duplicated = (message: string, fileNames: string[]) =>
  new AppError(ErrorCode.EddFilesDuplicated, message, { files: [...new Set(fileNames)].join(', ') });

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
