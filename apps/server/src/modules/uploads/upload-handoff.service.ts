import {
  ErrorCode,
  type CreateUploadHandoffResult,
  type SignUploadResult,
  UPLOAD_HANDOFF_MAX_FILES,
  UPLOAD_HANDOFF_TTL_SECONDS,
  type UploadHandoffFile,
  type UploadHandoffState,
} from '@causeway/contracts';
import QRCode from 'qrcode';
import { AppError } from '../../platform/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import { newId, newToken, sha256Hex } from '../../platform/crypto.ts';
import type { StorageProvider } from '../../providers/storage/index.ts';
import type { UploadHandoffRepository, UploadHandoffRow } from './upload-handoff.repository.ts';
import { checkStoredDocument, fileNameOfKey, keyBelongsTo, type UploadPurpose, type UploadsService } from './uploads.service.ts';

const invalidLink = () =>
  new AppError(ErrorCode.UploadLinkInvalid, 'This upload link is invalid or has expired. Start again on your computer.');

/**
 * The phone handoff behind the no-login file-upload page. The person signed in on a computer asks
 * for a link; the phone holding it may sign uploads into that person's folder and report them
 * done, up to a few files and for 30 minutes; the computer polls what arrived and puts it in its
 * form. The phone never gets a session: the ticket allows these three calls and nothing else.
 */
export function createUploadHandoffService(deps: {
  repository: UploadHandoffRepository;
  storage: StorageProvider;
  uploads: UploadsService;
  clock: Clock;
}) {
  const { repository, clock } = deps;

  const filesOf = async (handoffId: string): Promise<UploadHandoffFile[]> => {
    const rows = await repository.filesOf(handoffId);
    return rows.map((row) => ({
      filePath: row.filePath,
      fileName: row.fileName,
      fileType: row.fileType,
      createdAt: row.createdAt.toISOString(),
    }));
  };

  const stateOf = async (handoff: UploadHandoffRow): Promise<UploadHandoffState> => ({
    files: await filesOf(handoff.id),
    maxFiles: handoff.maxFiles,
    expiresAt: handoff.expiresAt.toISOString(),
    expired: handoff.expiresAt <= clock.now(),
  });

  /** The live handoff a ticket opens; an unknown or expired ticket is the same refusal. */
  const openTicket = async (ticket: string): Promise<UploadHandoffRow> => {
    const row = await repository.findLiveByTicketHash(sha256Hex(ticket), clock.now());
    if (!row) throw invalidLink();
    return row;
  };

  return {
    /** A fresh link for the signed-in person; `origin` is where the web app is served (PUBLIC_URL, or the request's own). */
    async create(user: { id: string }, input: { purpose: UploadPurpose; origin: string; lng: string }): Promise<CreateUploadHandoffResult> {
      const ticket = newToken();
      const now = clock.now();
      const row = {
        id: newId('uho'),
        userId: user.id,
        ticketHash: sha256Hex(ticket),
        purpose: input.purpose,
        maxFiles: UPLOAD_HANDOFF_MAX_FILES,
        expiresAt: new Date(now.getTime() + UPLOAD_HANDOFF_TTL_SECONDS * 1000),
        createdAt: now,
      };
      await repository.insert(row);
      // The fragment keeps the ticket out of every request line, log and Referer.
      const link = `${input.origin.replace(/\/+$/, '')}/${input.lng}/file-upload#ticket=${ticket}`;
      const qrCode = await QRCode.toDataURL(link, { width: 180, margin: 1 });
      return { handoffId: row.id, link, qrCode, expiresAt: row.expiresAt.toISOString() };
    },

    /** What arrived, for the person who made the link (anyone else: the same answer as an unknown id). */
    async filesFor(user: { id: string }, handoffId: string): Promise<UploadHandoffState> {
      const row = await repository.findOwned(handoffId, user.id);
      if (!row) throw invalidLink();
      return stateOf(row);
    },

    /** The phone's first call: is the link alive, and what has it taken already. */
    async state(ticket: string): Promise<UploadHandoffState> {
      return stateOf(await openTicket(ticket));
    },

    /** sign-upload for the link's owner, counted against the link's cap. */
    async signUpload(ticket: string, s3FileName: string): Promise<SignUploadResult> {
      const handoff = await openTicket(ticket);
      if (!(await repository.claimSign(handoff.id))) throw new AppError(ErrorCode.UploadLinkFull);
      return deps.uploads.signUpload({ id: handoff.userId }, handoff.purpose as UploadPurpose, s3FileName);
    },

    /**
     * The phone PUT a file: it is listed once its stored bytes pass the document rules and it lies
     * in the owner's folder. Reporting the same file twice lists it once.
     */
    async complete(ticket: string, input: { filePath: string; fileName: string }): Promise<UploadHandoffState> {
      const handoff = await openTicket(ticket);
      if (!keyBelongsTo(input.filePath, handoff.userId, handoff.purpose as UploadPurpose)) throw new AppError(ErrorCode.FilePathInvalid);
      const check = await checkStoredDocument(deps.storage, input.filePath);
      if (!check.ok) throw new AppError(check.errorName, check.message);
      const fileName = input.fileName.split(/[\\/]/).pop()?.trim().slice(0, 200) || fileNameOfKey(input.filePath);
      const outcome = await repository.addFile(handoff, {
        filePath: input.filePath,
        fileName,
        fileType: check.type,
        createdAt: clock.now(),
      });
      if (outcome === 'full') throw new AppError(ErrorCode.UploadLinkFull);
      return stateOf(handoff);
    },
  };
}

export type UploadHandoffService = ReturnType<typeof createUploadHandoffService>;
