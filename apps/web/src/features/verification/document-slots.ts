import type { IdDocumentType, UploadHandoffFile } from '@causeway/contracts';
import type { UploadedFile } from '@/ui';

/** The photos one document needs: its front, and for the cards its back. */
export type Slot = 'front' | 'back';
export type DocumentFiles = Record<Slot, UploadedFile[]>;

/** A passport has one page to show; the cards have a front and a back. */
export const SLOTS: Record<IdDocumentType, readonly Slot[]> = {
  PASSPORT: ['front'],
  ID_CARD: ['front', 'back'],
  DRIVERS: ['front', 'back'],
};

/** True when the slot holds a stored file (what a submit needs). */
export const isSlotFilled = (files: UploadedFile[]) =>
  files.length > 0 && files.every((file) => file.status === 'done' && Boolean(file.filePath));

/** True when a file may go into the slot: it is empty, or holds only failed uploads (which it replaces). */
export const isSlotFree = (files: UploadedFile[]) => files.every((file) => file.status === 'error');

/** A file that arrived from the phone, as the upload widget shows a finished upload. */
export const uploadedFileOf = (file: UploadHandoffFile): UploadedFile => ({
  id: `phone-${file.filePath}`,
  fileName: file.fileName,
  s3FileName: file.fileName,
  fileType: file.fileType,
  status: 'done',
  filePath: file.filePath,
});

/**
 * Puts files that arrived from the phone into the free slots of `slots`, in order (front, then
 * back), and answers the new files. Files beyond the free slots are left out: once every slot is
 * filled the dialog closes, and the form shows the first photos that came.
 */
export function placeArrivals(files: DocumentFiles, slots: readonly Slot[], arrived: readonly UploadHandoffFile[]): DocumentFiles {
  const next = { ...files };
  const waiting = [...arrived];
  for (const slot of slots) {
    if (waiting.length === 0) break;
    if (isSlotFree(next[slot])) next[slot] = [uploadedFileOf(waiting.shift()!)];
  }
  return next;
}
