import { z } from 'zod';

/**
 * kyc-main/client/aws-s3/s3/sign-upload and sign-upload-kyb-temple: the name of the file the
 * browser is about to send. Its extension (jpg, jpeg, png, pdf) is checked by the server so the
 * answer carries the spec's own text; the bytes are checked again when they arrive.
 */
export const signUploadRequestSchema = z.object({
  s3FileName: z.string().min(1, 'must not be empty').max(120, 'at most 120 characters'),
});
export type SignUploadRequest = z.infer<typeof signUploadRequestSchema>;

export const signUploadResultSchema = z.object({
  uploadTempUrl: z
    .string()
    .describe('PUT the file (raw bytes) here before it expires; relative to this origin with the local storage, absolute with S3'),
  filePath: z.string().describe("the stored file's key (kyc/<userId>/... or kyb/<userId>/...), sent back when the document is submitted"),
  expiresInSeconds: z.number().int(),
});
export type SignUploadResult = z.infer<typeof signUploadResultSchema>;

/**
 * (chosen) The phone handoff behind the no-login file-upload page: a signed-in person asks for a
 * link (shown as a QR code), opens it on a phone, and the photos taken there arrive in the form on
 * the computer. The link's ticket is a random bearer secret in the URL fragment, so it never
 * reaches a server log or a Referer; the phone's calls send it in a POST body.
 */
export const UPLOAD_HANDOFF_TTL_SECONDS = 30 * 60;
/** Files one handoff accepts: a card's front and back, with room for a retake. */
export const UPLOAD_HANDOFF_MAX_FILES = 4;

export const createUploadHandoffRequestSchema = z.object({
  lng: z.enum(['en', 'zh']).default('en').describe('the page language of the link'),
});
export type CreateUploadHandoffRequest = z.input<typeof createUploadHandoffRequestSchema>;

export const uploadHandoffFileSchema = z.object({
  filePath: z.string(),
  fileName: z.string().describe('the name the file had on the phone'),
  fileType: z.string().describe('jpg, jpeg, png or pdf, as its bytes say'),
  createdAt: z.string().describe('ISO time it arrived'),
});
export type UploadHandoffFile = z.infer<typeof uploadHandoffFileSchema>;

export const createUploadHandoffResultSchema = z.object({
  handoffId: z.string(),
  link: z.string().describe('the file-upload page with the ticket in its fragment (#ticket=...)'),
  qrCode: z.string().describe('the link as a PNG data URL, 180x180'),
  expiresAt: z.string().describe('ISO time the link stops working'),
});
export type CreateUploadHandoffResult = z.infer<typeof createUploadHandoffResultSchema>;

/** The computer polls what has arrived. */
export const uploadHandoffFilesQuerySchema = z.object({ handoffId: z.string().min(1).max(64) });
export const uploadHandoffStateSchema = z.object({
  files: z.array(uploadHandoffFileSchema),
  maxFiles: z.number().int(),
  expiresAt: z.string(),
  expired: z.boolean(),
});
export type UploadHandoffState = z.infer<typeof uploadHandoffStateSchema>;

/** The phone's calls carry the ticket in the body. */
export const uploadHandoffTicketSchema = z.object({ ticket: z.string().min(16).max(128) });
export const uploadHandoffSignRequestSchema = uploadHandoffTicketSchema.extend(signUploadRequestSchema.shape);
export const uploadHandoffCompleteRequestSchema = uploadHandoffTicketSchema.extend({
  filePath: z.string().min(1).max(300),
  fileName: z.string().min(1).max(200),
});
