import { CALL_ROUTES } from '@causeway/contracts';
import type { HttpClient } from '@/lib/http-client';

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

/** The computer's side of the phone handoff: the signed-in person's session client. */
export function createUploadHandoffApi(client: HttpClient) {
  return {
    /** A new link (and its QR code) for the phone; each call makes a new one. */
    create: (lng: 'en' | 'zh') => client.call(CALL_ROUTES.uploadHandoffCreate, { lng }),
    /** What has arrived from the phone so far. */
    files: (handoffId: string, signal?: AbortSignal) => client.call(CALL_ROUTES.uploadHandoffFiles, { handoffId }, withSignal(signal)),
  };
}
export type UploadHandoffApi = ReturnType<typeof createUploadHandoffApi>;

/**
 * The phone's side: every call is a POST with the ticket in its JSON body. The ticket is a bearer
 * secret, so it never goes into a URL (query strings reach server logs and Referer headers).
 */
export function createTicketApi(client: HttpClient, ticket: string) {
  return {
    state: (signal?: AbortSignal) => client.call(CALL_ROUTES.uploadHandoffState, { ticket }, withSignal(signal)),
    signUpload: (s3FileName: string, signal?: AbortSignal) =>
      client.call(CALL_ROUTES.uploadHandoffSignUpload, { ticket, s3FileName }, withSignal(signal)),
    /** After the PUT succeeded: the server checks the stored bytes and answers the new state. */
    complete: (filePath: string, fileName: string) => client.call(CALL_ROUTES.uploadHandoffComplete, { ticket, filePath, fileName }),
  };
}
