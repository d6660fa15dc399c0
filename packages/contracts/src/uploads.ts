import { z } from 'zod';

/** Spec §5: identity and business documents are jpg, jpeg, png or pdf, 10 KB to 5120 KB. */
export const DOCUMENT_EXTENSIONS = ['jpg', 'jpeg', 'png', 'pdf'] as const;
export const MIN_DOCUMENT_BYTES = 10 * 1024;
export const MAX_DOCUMENT_BYTES = 5120 * 1024;

/** The refusal texts of spec §5, answered as `msg` with codes UPL0000001 and UPL0000002. */
export const UPLOAD_MESSAGES = {
  format: 'File format must be in jpg/jpeg/png/pdf',
  size: 'File size must be between 10KB and 5120KB',
} as const;

/** How long a signed upload URL stays valid (seconds). */
export const UPLOAD_URL_TTL_SECONDS = 600;

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
  uploadTempUrl: z.string().describe('PUT the file (raw bytes) here before it expires; relative to this origin with the local storage, absolute with S3'),
  filePath: z.string().describe('the stored file\'s key (kyc/<userId>/... or kyb/<userId>/...), sent back when the document is submitted'),
  expiresInSeconds: z.number().int(),
});
export type SignUploadResult = z.infer<typeof signUploadResultSchema>;
