import {
  CALL_ROUTES,
  type EddAnswer,
  type EddQuestionnaire,
  type KybApplication,
  type KybBasicInfoUpdate,
  type KybCompanyInput,
  type KybIndividualInput,
  type KybPersonType,
} from '@causeway/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { HttpClient } from '@/lib/http-client';
import { useHttpClient } from '@/lib/http-context';
import { uploadDocument } from '@/lib/upload-document';

export type { KybApplication };

/**
 * The business verification calls (docs/rules/kyb.md), through the business session. None toasts
 * (no KYB path is on the toast list): each page says a refusal where it happened, next to the field
 * or the button.
 */
export function createKybApi(client: HttpClient) {
  return {
    application: () => client.call(CALL_ROUTES.kybBasicInfoGet),
    saveSection: (body: KybBasicInfoUpdate) => client.call(CALL_ROUTES.kybBasicInfoUpdate, body),
    submitAll: () => client.call(CALL_ROUTES.kybSubmitAll),
    documentTypes: () => client.call(CALL_ROUTES.kybDocType, {}),
    ownershipTypes: (type: 'INDIVIDUAL' | 'COMPANY') => client.call(CALL_ROUTES.kybOwnershipType, { type }),
    individuals: (personType?: KybPersonType) => client.call(CALL_ROUTES.kybIndividualList, personType ? { personType } : {}),
    saveIndividual: (body: KybIndividualInput) => client.call(CALL_ROUTES.kybIndividualUpdate, body),
    deleteIndividual: (id: string) => client.call(CALL_ROUTES.kybIndividualDelete, { id }),
    checkSame: (body: { firstName: string; lastName: string; dob: string; excludeId?: string }, signal?: AbortSignal) =>
      client.call(CALL_ROUTES.kybIndividualCheckSame, body, signal ? { signal } : {}),
    sendEmail: (id: string) => client.call(CALL_ROUTES.kybIndividualSendEmail, { id }),
    companies: () => client.call(CALL_ROUTES.kybCompanyList, {}),
    saveCompany: (body: KybCompanyInput) => client.call(CALL_ROUTES.kybCompanyUpdate, body),
    deleteCompany: (id: string) => client.call(CALL_ROUTES.kybCompanyDelete, { id }),
    eddQuestionnaire: () => client.call(CALL_ROUTES.kybEddQuestionnaire),
    commitEddAnswers: (answers: EddAnswer[]) => client.call(CALL_ROUTES.kybQuestionnaireCommit, { answers }),
    submitEdd: (answers: EddAnswer[]) => client.call(CALL_ROUTES.kybEddSubmitAll, { answers }),
    /** One business document: signed by sign-upload-kyb-temple, then PUT to storage; answers its path. */
    upload: (file: File) => uploadDocument(client, file, 'kyb'),
  };
}
export type KybApi = ReturnType<typeof createKybApi>;

export function useKybApi(): KybApi {
  const client = useHttpClient();
  return useMemo(() => createKybApi(client), [client]);
}

export const KYB_KEYS = {
  application: ['kyb', 'application'] as const,
  individuals: ['kyb', 'individuals'] as const,
  companies: ['kyb', 'companies'] as const,
  documentTypes: ['kyb', 'document-types'] as const,
  ownershipTypes: (type: 'INDIVIDUAL' | 'COMPANY') => ['kyb', 'ownership-types', type] as const,
  edd: ['kyb', 'edd'] as const,
  checkSame: ['kyb', 'check-same'] as const,
};

export function useKybApplication() {
  const api = useKybApi();
  return useQuery({ queryKey: KYB_KEYS.application, queryFn: () => api.application() });
}

/** Every declared person (all roles): each people step filters its own, and check-same compares across them. */
export function useKybIndividuals({ enabled = true }: { enabled?: boolean } = {}) {
  const api = useKybApi();
  return useQuery({ queryKey: KYB_KEYS.individuals, queryFn: () => api.individuals(), enabled, select: (list) => list.individuals });
}

export function useKybCompanies({ enabled = true }: { enabled?: boolean } = {}) {
  const api = useKybApi();
  return useQuery({ queryKey: KYB_KEYS.companies, queryFn: () => api.companies(), enabled, select: (list) => list.companies });
}

/** The company documents the form asks for; they do not change while the page is open. */
export function useKybDocumentTypes() {
  const api = useKybApi();
  return useQuery({
    queryKey: KYB_KEYS.documentTypes,
    queryFn: () => api.documentTypes(),
    staleTime: Infinity,
    select: (list) => list.documentTypes,
  });
}

export function useOwnershipTypes(type: 'INDIVIDUAL' | 'COMPANY') {
  const api = useKybApi();
  return useQuery({
    queryKey: KYB_KEYS.ownershipTypes(type),
    queryFn: () => api.ownershipTypes(type),
    staleTime: Infinity,
    select: (list) => list.ownershipTypes,
  });
}

export function useEddQuestionnaire({ enabled }: { enabled: boolean }) {
  const api = useKybApi();
  return useQuery<EddQuestionnaire>({ queryKey: KYB_KEYS.edd, queryFn: () => api.eddQuestionnaire(), enabled });
}

/**
 * After a person is added, changed or removed: the list again, and no check-same answer kept from
 * before (the same human may now be declared in one more role, or one fewer).
 */
export function useRefreshIndividuals() {
  const queries = useQueryClient();
  return async () => {
    queries.removeQueries({ queryKey: KYB_KEYS.checkSame });
    await queries.invalidateQueries({ queryKey: KYB_KEYS.individuals });
  };
}

/** Every answer of basic-info/update and submit-all is the whole application: the cache takes it as it is. */
export function useStoreApplication() {
  const queries = useQueryClient();
  return (application: KybApplication) => queries.setQueryData(KYB_KEYS.application, application);
}
