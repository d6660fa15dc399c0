import {
  type CreateUploadHandoffResult,
  PATHS,
  type SignUploadResult,
  type UploadHandoffState,
} from '@causeway/contracts';
import type { HttpClient } from '@/lib/http-client';

/** Codes of the phone handoff the pages answer in their own words. */
export const HANDOFF_CODES = {
  /** The link is invalid or expired (HTTP 403). */
  linkInvalid: 'UPL0000007',
  /** The link already took every file it accepts (HTTP 409). */
  linkFull: 'UPL0000008',
} as const;

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

/** The computer's side of the phone handoff: the signed-in person's session client. */
export function createUploadHandoffApi(client: HttpClient) {
  return {
    /** A new link (and its QR code) for the phone; each call makes a new one. */
    create: (lng: 'en' | 'zh') => client.post<CreateUploadHandoffResult>(PATHS.uploadHandoffCreate, { lng }),
    /** What has arrived from the phone so far. */
    files: (handoffId: string, signal?: AbortSignal) =>
      client.get<UploadHandoffState>(PATHS.uploadHandoffFiles, { query: { handoffId }, ...withSignal(signal) }),
  };
}
export type UploadHandoffApi = ReturnType<typeof createUploadHandoffApi>;

/**
 * The phone's side: every call is a POST with the ticket in its JSON body. The ticket is a bearer
 * secret, so it never goes into a URL (query strings reach server logs and Referer headers).
 */
export function createTicketApi(client: HttpClient, ticket: string) {
  return {
    state: (signal?: AbortSignal) => client.post<UploadHandoffState>(PATHS.uploadHandoffState, { ticket }, withSignal(signal)),
    signUpload: (s3FileName: string, signal?: AbortSignal) =>
      client.post<SignUploadResult>(PATHS.uploadHandoffSignUpload, { ticket, s3FileName }, withSignal(signal)),
    /** After the PUT succeeded: the server checks the stored bytes and answers the new state. */
    complete: (filePath: string, fileName: string) =>
      client.post<UploadHandoffState>(PATHS.uploadHandoffComplete, { ticket, filePath, fileName }),
  };
}
