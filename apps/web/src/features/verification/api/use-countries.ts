import { useQuery } from '@tanstack/react-query';
import { useHttpClient } from '@/lib/http-context';
import { createVerificationApi } from './verification-api';

/** The query key of list-country-code: one list per page load, shared by the verification pages. */
export const COUNTRIES_KEY = ['countries'] as const;

/** list-country-code, asked once and kept (the list does not change while the page is open). */
export function useCountries({ enabled = true }: { enabled?: boolean } = {}) {
  const client = useHttpClient();
  return useQuery({ queryKey: COUNTRIES_KEY, queryFn: () => createVerificationApi(client).countries(), enabled, staleTime: Infinity });
}
