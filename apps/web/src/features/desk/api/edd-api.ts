import { API_BASE, CALL_ROUTES, type CallResult, DESK_SESSION_HEADER, type EddCaseStatus } from '@causeway/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ApiError } from '@/lib/http-errors';
import { useDeskCall, useDeskSessions } from './desk-api';

export type DeskEddCases = CallResult<typeof CALL_ROUTES.deskEddCases>;
export type DeskEddCase = CallResult<typeof CALL_ROUTES.deskEddCase>;
export type DeskRiskCountries = CallResult<typeof CALL_ROUTES.deskEddRiskCountries>;

/** The EDD screen's query keys: under 'desk', so signing out drops them with the rest. */
export const EDD_KEYS = {
  all: ['desk', 'edd'] as const,
  cases: (status: EddCaseStatus, page: number) => ['desk', 'edd', 'cases', status, page] as const,
  case: (caseId: string) => ['desk', 'edd', 'case', caseId] as const,
  countries: ['desk', 'edd', 'countries'] as const,
};

export function useEddCases(status: EddCaseStatus, page: number) {
  const call = useDeskCall();
  return useQuery({
    queryKey: EDD_KEYS.cases(status, page),
    queryFn: () => call(CALL_ROUTES.deskEddCases, { status, page }),
    placeholderData: keepPreviousData,
  });
}

export function useEddCase(caseId: string) {
  const call = useDeskCall();
  return useQuery({ queryKey: EDD_KEYS.case(caseId), queryFn: () => call(CALL_ROUTES.deskEddCase, { caseId }) });
}

export function useRiskCountries(enabled: boolean) {
  const call = useDeskCall();
  return useQuery({ queryKey: EDD_KEYS.countries, queryFn: () => call(CALL_ROUTES.deskEddRiskCountries), enabled });
}

/** The envelope a refused download answers (the file itself when it succeeds). */
async function refusalOf(response: Response, path: string): Promise<ApiError> {
  const envelope = (await response.json().catch(() => ({}))) as { code?: unknown; msg?: unknown };
  return new ApiError({
    kind: 'business',
    path,
    code: typeof envelope.code === 'string' ? envelope.code : undefined,
    msg: typeof envelope.msg === 'string' ? envelope.msg : '',
    httpStatus: response.status,
  });
}

/**
 * Downloads one evidence file of a case through the desk session. The file is not an envelope, so not a call of
 * the desk's JSON client: fetched with the desk token in its header (never in the URL, so no link carries it),
 * then saved from memory under its name. The server sends it as an attachment of the type its bytes are.
 */
export function useEvidenceDownload() {
  const call = useDeskCall();
  const sessions = useDeskSessions();
  return useCallback(
    async (caseId: string, file: { filePath: string; fileName: string }) => {
      const path = CALL_ROUTES.deskEddEvidenceFile.path;
      const token = sessions.load()?.token;
      const response = await fetch(`${API_BASE}${path}?${new URLSearchParams({ caseId, filePath: file.filePath })}`, {
        headers: token ? { [DESK_SESSION_HEADER]: token } : {},
        cache: 'no-store',
      });
      if (response.status === 401) {
        // The session is gone: a call of the desk's own client finds it so and takes the page back to the sign-in.
        await call(CALL_ROUTES.deskMe).catch(() => undefined);
      }
      if (!response.ok) throw await refusalOf(response, path);
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = file.fileName;
      link.rel = 'noopener';
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 0);
    },
    [call, sessions],
  );
}
