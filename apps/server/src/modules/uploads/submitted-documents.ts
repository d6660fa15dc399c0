import type { Database } from '../../db/client.ts';
import { createDocumentUploadsRepository } from './document-uploads.repository.ts';

/**
 * What a verification step tells the uploads registry (kyc): the files it took are kept; the files
 * of a submission refused after the claim go back to the hourly deletion after their day.
 */
export interface SubmittedDocuments {
  markSubmitted(userId: string, files: Array<{ filePath: string; purpose: string }>, now: Date): Promise<void>;
  releaseSubmitted(userId: string, filePaths: string[], claimedAt: Date): Promise<void>;
}

export function createSubmittedDocuments(db: Database): SubmittedDocuments {
  return createDocumentUploadsRepository(db);
}
