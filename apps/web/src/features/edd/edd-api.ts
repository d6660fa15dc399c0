import { CALL_ROUTES, type EddSofCommit, type EddSowCommit } from '@causeway/contracts';
import { useMemo } from 'react';
import type { HttpClient } from '@/lib/http-client';
import { useHttpClient } from '@/lib/http-context';
import { uploadDocument } from '@/lib/upload-document';

/** The query keys of the EDD page's reads. */
export const EDD_KEYS = {
  detail: ['edd', 'detail'] as const,
  options: (language: 'en' | 'zh') => ['edd', 'options', language] as const,
};

/**
 * Enhanced due diligence's calls (docs/rules/edd.md). The commits are silent: the form says what went wrong itself,
 * next to the field it concerns.
 */
export function createEddApi(client: HttpClient) {
  return {
    detail: () => client.call(CALL_ROUTES.eddDetail),
    options: (language: 'en' | 'zh') => client.call(CALL_ROUTES.eddOptions, { language }),
    commitSow: (body: EddSowCommit) => client.call(CALL_ROUTES.eddCommitSow, body, { silent: true }),
    commitSof: (body: EddSofCommit) => client.call(CALL_ROUTES.eddCommitSof, body, { silent: true }),
    /** One evidence file, through the identity documents' signed upload (sign-upload, then the PUT). */
    upload: (file: File) => uploadDocument(client, file, 'kyc'),
  };
}

export type EddApi = ReturnType<typeof createEddApi>;

/** The EDD calls on the app's HTTP client. */
export function useEddApi(): EddApi {
  const client = useHttpClient();
  return useMemo(() => createEddApi(client), [client]);
}
