import { CALL_ROUTES, type KybCompanyHeader } from '@causeway/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { COMPANY_HEADER_KEY } from '@/lib/company-header';
import { useHttpClient } from '@/lib/http-context';
import { uploadDocument } from '@/lib/upload-document';
import { useApiMutation } from '@/lib/use-api-mutation';

/**
 * The keys of the Verification Center's reads of the same calls, with the same answers kept under them
 * (the call's own answer, unchanged): a change made there shows here, and one visit asks once.
 */
export const APPLICATION_KEY = ['kyb', 'application'] as const;
export const INDIVIDUALS_KEY = ['kyb', 'individuals'] as const;

/** The business's onboarding form as saved (kyb/basic-info/get): account management reads the company's details from it. */
export function useKybApplication() {
  const client = useHttpClient();
  return useQuery({ queryKey: APPLICATION_KEY, queryFn: () => client.call(CALL_ROUTES.kybBasicInfoGet) });
}

/** The business's declared people, every role, with their identity verification (kyb/individual/list). */
export function useKybIndividuals() {
  const client = useHttpClient();
  return useQuery({
    queryKey: INDIVIDUALS_KEY,
    queryFn: () => client.call(CALL_ROUTES.kybIndividualList, {}),
    select: (list) => list.individuals,
  });
}

/**
 * Emails a declared person their verification link again (kyb/individual/send-email: at most once a
 * minute and five times a day each, docs/rules/kyb.md); the list is read again for the time it went.
 */
export function useResendLink() {
  const client = useHttpClient();
  const queries = useQueryClient();
  return useApiMutation({
    mutationFn: (id: string) => client.call(CALL_ROUTES.kybIndividualSendEmail, { id }),
    onSettled: () => queries.invalidateQueries({ queryKey: INDIVIDUALS_KEY }),
  });
}

/**
 * Sets the company's logo (a jpg or png, stored through sign-upload-kyb-temple first) or removes it
 * (null), then keeps kyb/logo's answer as the header's: the portal's header and the user menu show the
 * new logo at once, without asking again.
 */
export function useSetLogo() {
  const client = useHttpClient();
  const queries = useQueryClient();
  return useApiMutation({
    mutationFn: async (file: File | null): Promise<KybCompanyHeader> => {
      const filePath = file ? await uploadDocument(client, file, 'kyb') : null;
      return client.call(CALL_ROUTES.kybLogo, { filePath });
    },
    onSuccess: (header) => queries.setQueryData(COMPANY_HEADER_KEY, header),
  });
}
