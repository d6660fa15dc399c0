import { CALL_ROUTES, type CALLS, type CallRoute, type SignUploadResult } from '@causeway/contracts';
import type { HttpClient } from './http-client.ts';
import { ApiError, parseRetryAfter } from './http-errors.ts';

/** Which signing call a document goes through: identity (KYC) or business (KYB) documents. */
export type UploadPurpose = 'kyc' | 'kyb';

/** The message of a failed upload whose answer carries no message of its own (docs/rules/errors.md "File upload failed"). */
export const UPLOAD_FAILED_MESSAGE = 'File upload failed';

const SIGN_CALL: Record<UploadPurpose, CallRoute<(typeof CALLS)['signUpload'] | (typeof CALLS)['signUploadKyb']>> = {
  kyc: CALL_ROUTES.signUpload,
  kyb: CALL_ROUTES.signUploadKyb,
};

/** The `msg` of an error envelope ({status, code, msg}), or undefined when the body is not one. */
function envelopeOf(text: string): { code?: string; msg: string } | undefined {
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body !== 'object' || body === null) return undefined;
    const { code, msg } = body as { code?: unknown; msg?: unknown };
    if (typeof msg !== 'string' || msg.trim() === '') return undefined;
    return { ...(typeof code === 'string' ? { code } : {}), msg };
  } catch {
    return undefined;
  }
}

/**
 * Signs one file name for an upload: the sign-upload call of a signed-in person, or the phone
 * handoff's call that carries its ticket. Receives the upload's abort signal.
 */
export type SignUpload = (s3FileName: string, signal?: AbortSignal) => Promise<SignUploadResult>;

/**
 * Uploads one document (docs/rules/calls.md): signs its name (sign-upload or sign-upload-kyb-temple), then
 * PUTs the raw bytes to the signed URL, and answers the stored file's `filePath`, which the
 * submit call sends back. See {@link signAndUpload} for the PUT and its failures.
 */
export function uploadDocument(http: HttpClient, file: File, purpose: UploadPurpose, signal?: AbortSignal): Promise<string> {
  const sign: SignUpload = (s3FileName, callSignal) =>
    http.call(SIGN_CALL[purpose], { s3FileName }, callSignal ? { signal: callSignal } : {});
  return signAndUpload(file, sign, signal);
}

/**
 * Uploads one file through any signing call (`sign`, e.g. the phone handoff's with its ticket):
 * signs its name, PUTs the raw bytes to the signed URL and answers the stored file's `filePath`.
 * The PUT goes through plain fetch, not the API client: the URL is outside /prod-api (our
 * /uploads or S3) and must carry no session headers.
 *
 * Rejects with an {@link ApiError}: the sign call's own failure; `business` with the server's
 * `msg` (e.g. 'File size must be between 10KB and 5120KB') when the PUT answers an error
 * envelope; `badRequest`/`badResponse` with {@link UPLOAD_FAILED_MESSAGE} for any other non-2xx
 * answer (S3 answers XML); `network` or `cancel` when the PUT never got an answer. Not idempotent:
 * each call stores a new file.
 */
export async function signAndUpload(file: File, sign: SignUpload, signal?: AbortSignal): Promise<string> {
  const signed = await sign(file.name, signal);
  const url = signed.uploadTempUrl;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'PUT',
      headers: { 'Content-Type': file.type || 'application/octet-stream' },
      body: file,
      ...(signal ? { signal } : {}),
    });
  } catch (cause) {
    const kind = signal?.aborted ? 'cancel' : 'network';
    throw new ApiError({ kind, path: url, msg: kind === 'cancel' ? 'Request cancelled' : UPLOAD_FAILED_MESSAGE, cause });
  }
  if (!response.ok) {
    const envelope = envelopeOf(await response.text().catch(() => ''));
    const httpStatus = response.status;
    // The daily byte quota refuses the PUT itself (REQ0000429) and says until when.
    const retryAfterSeconds = parseRetryAfter(response.headers.get('retry-after'));
    const waited = retryAfterSeconds === undefined ? {} : { retryAfterSeconds };
    if (envelope)
      throw new ApiError({
        kind: 'business',
        path: url,
        httpStatus,
        msg: envelope.msg,
        ...(envelope.code ? { code: envelope.code } : {}),
        ...waited,
      });
    throw new ApiError({
      kind: httpStatus >= 400 && httpStatus < 500 ? 'badRequest' : 'badResponse',
      path: url,
      httpStatus,
      msg: UPLOAD_FAILED_MESSAGE,
      ...waited,
    });
  }
  return signed.filePath;
}
