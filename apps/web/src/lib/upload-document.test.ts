import { PATHS, UPLOAD_MESSAGES, type SignUploadResult } from '@causeway/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { businessError, routedHttpClient } from '@/test/routed-http-client';
import { ApiError } from './http-errors.ts';
import { signAndUpload, UPLOAD_FAILED_MESSAGE, uploadDocument } from './upload-document.ts';

const SIGNED: SignUploadResult = {
  uploadTempUrl: '/uploads/kyc/u1/abc.png?op=put&expires=1&sig=x',
  filePath: 'kyc/u1/abc.png',
  expiresInSeconds: 600,
};
const png = () => new File([new Uint8Array(20 * 1024)], 'passport.png', { type: 'image/png' });

/** A signing fake for both purposes and a stubbed global fetch answering `response`. */
function setUp(response: () => Response | Promise<Response>) {
  const fake = routedHttpClient({
    [PATHS.signUpload]: () => SIGNED,
    [PATHS.signUploadKyb]: () => ({ ...SIGNED, filePath: 'kyb/u1/abc.png' }),
  });
  const fetchMock = vi.fn<typeof fetch>(async () => response());
  vi.stubGlobal('fetch', fetchMock);
  return { ...fake, fetchMock };
}

const envelope = (status: number, code: string, msg: string) =>
  new Response(JSON.stringify({ status, code, msg, data: null }), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('uploadDocument', () => {
  it('signs the file name (kyc), PUTs the bytes with the file type to the signed URL and answers the filePath', async () => {
    const { fetchMock, calls, client } = setUp(() => new Response(null, { status: 200 }));
    const file = png();
    await expect(uploadDocument(client, file, 'kyc')).resolves.toBe('kyc/u1/abc.png');
    expect(calls).toEqual([expect.objectContaining({ method: 'POST', path: PATHS.signUpload, body: { s3FileName: 'passport.png' } })]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(SIGNED.uploadTempUrl);
    expect(init).toMatchObject({ method: 'PUT', headers: { 'Content-Type': 'image/png' }, body: file });
  });

  it('signs business documents with sign-upload-kyb-temple', async () => {
    const { calls, client } = setUp(() => new Response(null, { status: 200 }));
    await expect(uploadDocument(client, png(), 'kyb')).resolves.toBe('kyb/u1/abc.png');
    expect(calls.map((c) => c.path)).toEqual([PATHS.signUploadKyb]);
  });

  it('sends a file without a type as application/octet-stream', async () => {
    const { fetchMock, client } = setUp(() => new Response(null, { status: 200 }));
    await uploadDocument(client, new File(['x'], 'scan.pdf'), 'kyc');
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ headers: { 'Content-Type': 'application/octet-stream' } });
  });

  it.each([UPLOAD_MESSAGES.format, UPLOAD_MESSAGES.size])('a 400 envelope rejects with its msg: %s', async (msg) => {
    const { client } = setUp(() => envelope(400, 'UPL0000002', msg));
    const failure = await uploadDocument(client, png(), 'kyc').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ kind: 'business', code: 'UPL0000002', msg, httpStatus: 400, message: msg });
  });

  it('the daily byte quota refusing the PUT (REQ0000429) keeps its Retry-After on the error', async () => {
    const { client } = setUp(
      () =>
        new Response(JSON.stringify({ status: 429, code: 'REQ0000429', msg: 'You have uploaded 60 MB today', data: null }), {
          status: 429,
          headers: { 'Content-Type': 'application/json', 'Retry-After': '7200' },
        }),
    );
    await expect(uploadDocument(client, png(), 'kyc')).rejects.toMatchObject({
      kind: 'business',
      code: 'REQ0000429',
      httpStatus: 429,
      retryAfterSeconds: 7200,
    });
  });

  it('a non-2xx answer without an envelope (S3 XML) rejects with the generic message', async () => {
    const { client } = setUp(() => new Response('<Error><Code>AccessDenied</Code></Error>', { status: 403 }));
    await expect(uploadDocument(client, png(), 'kyc')).rejects.toMatchObject({
      kind: 'badRequest',
      httpStatus: 403,
      msg: UPLOAD_FAILED_MESSAGE,
    });
  });

  it('a 5xx answer with a JSON body that is not an envelope rejects with the generic message', async () => {
    const { client } = setUp(() => new Response('{"unexpected":true}', { status: 502 }));
    await expect(uploadDocument(client, png(), 'kyc')).rejects.toMatchObject({
      kind: 'badResponse',
      httpStatus: 502,
      msg: UPLOAD_FAILED_MESSAGE,
    });
  });

  it('a PUT that never answers (network) rejects with the generic message', async () => {
    const { client } = setUp(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(uploadDocument(client, png(), 'kyc')).rejects.toMatchObject({ kind: 'network', msg: UPLOAD_FAILED_MESSAGE });
  });

  it('a failed sign call rejects with its error and sends nothing', async () => {
    const { fetchMock, routes, client } = setUp(() => new Response(null, { status: 200 }));
    routes[PATHS.signUpload] = () => {
      throw businessError(PATHS.signUpload, 'UPL0000001', UPLOAD_MESSAGES.format);
    };
    await expect(uploadDocument(client, png(), 'kyc')).rejects.toMatchObject({ code: 'UPL0000001', msg: UPLOAD_MESSAGES.format });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('passes the abort signal to the sign call and the PUT; an abort during the PUT rejects as cancel', async () => {
    const controller = new AbortController();
    const { fetchMock, calls, client } = setUp(() => {
      controller.abort();
      return Promise.reject(new DOMException('aborted', 'AbortError'));
    });
    await expect(uploadDocument(client, png(), 'kyc', controller.signal)).rejects.toMatchObject({ kind: 'cancel' });
    expect(calls[0]!.options).toEqual({ signal: controller.signal });
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ signal: controller.signal });
  });
});

describe('signAndUpload', () => {
  it('signs through the given call (e.g. a handoff ticket), PUTs the bytes to its URL and answers its filePath', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => new Response(null, { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const sign = vi.fn(async (_name: string, _signal?: AbortSignal) => ({ ...SIGNED, filePath: 'kyc/u1/from-phone.png' }));
    const controller = new AbortController();
    const file = png();
    await expect(signAndUpload(file, sign, controller.signal)).resolves.toBe('kyc/u1/from-phone.png');
    expect(sign).toHaveBeenCalledWith('passport.png', controller.signal);
    expect(fetchMock).toHaveBeenCalledWith(
      SIGNED.uploadTempUrl,
      expect.objectContaining({ method: 'PUT', body: file, signal: controller.signal }),
    );
  });

  it('a PUT answering an error envelope rejects with its msg, as uploadDocument does', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => envelope(400, 'UPL0000002', UPLOAD_MESSAGES.size)),
    );
    const sign = async () => SIGNED;
    await expect(signAndUpload(png(), sign)).rejects.toMatchObject({ kind: 'business', code: 'UPL0000002', msg: UPLOAD_MESSAGES.size });
  });

  it('a failed sign call rejects with its own error and sends nothing', async () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    const refused = businessError('/sign', 'UPL0000007', 'expired');
    await expect(signAndUpload(png(), () => Promise.reject(refused))).rejects.toBe(refused);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
