import { PATHS } from '@causeway/contracts';
import { call, type IdentityTestApp } from './identity-helpers.ts';
import { fakeFile } from './multipart.ts';

/** sign-upload (an identity document), then the PUT of `bytes`: answers the file's path. */
export async function uploadKyc(
  t: IdentityTestApp,
  headers: Record<string, string>,
  name: string,
  bytes = fakeFile('pdf'),
): Promise<string> {
  const signed = await call(t.app, 'POST', PATHS.signUpload, { headers, body: { s3FileName: name } });
  if (signed.statusCode !== 200) throw new Error(`sign-upload answered ${JSON.stringify(signed.body)}`);
  const put = await t.app.inject({
    method: 'PUT',
    url: signed.body.data.uploadTempUrl,
    payload: bytes,
    headers: { 'content-type': 'application/octet-stream' },
  });
  if (put.statusCode !== 200) throw new Error(`PUT answered ${put.statusCode}`);
  return signed.body.data.filePath as string;
}

/** The EDD calls of one person. */
export function eddCalls(t: IdentityTestApp, headers: Record<string, string>) {
  const post = (path: string, body?: object) => call(t.app, 'POST', path, { headers, ...(body ? { body } : {}) });
  return {
    detail: () => post(PATHS.eddDetail),
    options: (language?: 'en' | 'zh') => post(PATHS.eddOptions, language ? { language } : {}),
    sow: (body: object) => post(PATHS.eddCommitSow, body),
    sof: (body: object) => post(PATHS.eddCommitSof, body),
    overview: async () => (await call(t.app, 'GET', PATHS.overview, { headers })).body.data,
    limits: async () => (await call(t.app, 'GET', PATHS.kycLimits, { headers })).body.data,
  };
}

export const SOW_TEXT = 'Salary from my employer since 2015, saved in my current account';
export const SOF_TEXT = 'Savings held in my current account at my bank';

/** The edd module's face, as the operator's desk calls it. */
export const eddFaceOf = (t: IdentityTestApp) => t.app.faces.get('edd');
