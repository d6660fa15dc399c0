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
  uploadTempUrl: z.string().describe('PUT the file (raw bytes) here before it expires; relative to this origin with the local storage, absolute with S3'),
  filePath: z.string().describe('the stored file\'s key (kyc/<userId>/... or kyb/<userId>/...), sent back when the document is submitted'),
  expiresInSeconds: z.number().int(),
});
export type SignUploadResult = z.infer<typeof signUploadResultSchema>;
