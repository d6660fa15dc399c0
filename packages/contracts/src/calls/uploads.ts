import { PATHS } from '../paths.ts';
import {
  createUploadHandoffRequestSchema,
  createUploadHandoffResultSchema,
  signUploadRequestSchema,
  signUploadResultSchema,
  uploadHandoffCompleteRequestSchema,
  uploadHandoffFilesQuerySchema,
  uploadHandoffSignRequestSchema,
  uploadHandoffStateSchema,
  uploadHandoffTicketSchema,
} from '../uploads.ts';
import { defineCall } from './define-call.ts';

const tags = ['uploads'];

/**
 * Document uploads: signed PUT URLs for the signed-in person, and the phone handoff of the
 * file-upload page. The phone's three calls carry the link's ticket in the body (never in a URL,
 * so it stays out of access logs) and none of the web client's headers.
 */
export const UPLOAD_CALLS = {
  signUpload: defineCall({
    method: 'POST',
    path: PATHS.signUpload,
    caller: 'individual',
    tags,
    summary: 'A 10-minute URL to PUT one identity document to (jpg, jpeg, png, pdf; 10 KB to 5120 KB)',
    body: signUploadRequestSchema,
    result: signUploadResultSchema,
  }),
  signUploadKyb: defineCall({
    method: 'POST',
    path: PATHS.signUploadKyb,
    caller: 'business',
    tags,
    summary: 'A 10-minute URL to PUT one business document to (jpg, jpeg, png, pdf; 10 KB to 5120 KB)',
    body: signUploadRequestSchema,
    result: signUploadResultSchema,
  }),
  uploadHandoffCreate: defineCall({
    method: 'POST',
    path: PATHS.uploadHandoffCreate,
    caller: 'individual',
    tags,
    summary: 'A 30-minute link (and its QR code) to upload identity documents from a phone',
    body: createUploadHandoffRequestSchema,
    result: createUploadHandoffResultSchema,
  }),
  uploadHandoffFiles: defineCall({
    method: 'GET',
    path: PATHS.uploadHandoffFiles,
    caller: 'individual',
    tags,
    summary: 'The files that arrived through a handoff link, for the person who made it',
    query: uploadHandoffFilesQuerySchema,
    result: uploadHandoffStateSchema,
  }),
  uploadHandoffState: defineCall({
    method: 'POST',
    path: PATHS.uploadHandoffState,
    caller: 'ticket',
    tags,
    summary: 'Phone: whether a handoff link is alive, and the files it took (no session)',
    headers: null,
    body: uploadHandoffTicketSchema,
    result: uploadHandoffStateSchema,
  }),
  uploadHandoffSignUpload: defineCall({
    method: 'POST',
    path: PATHS.uploadHandoffSignUpload,
    caller: 'ticket',
    tags,
    summary: "Phone: a 10-minute URL to PUT one document to, for the link's owner (no session)",
    headers: null,
    body: uploadHandoffSignRequestSchema,
    result: signUploadResultSchema,
  }),
  uploadHandoffComplete: defineCall({
    method: 'POST',
    path: PATHS.uploadHandoffComplete,
    caller: 'ticket',
    tags,
    summary: 'Phone: a document was PUT; listed once its stored bytes pass the rules (no session)',
    headers: null,
    body: uploadHandoffCompleteRequestSchema,
    result: uploadHandoffStateSchema,
  }),
} as const;
