import { CALL_ROUTES } from '@causeway/contracts';
import { useQuery } from '@tanstack/react-query';
import { useHttpClient } from './http-context';

/** The query key of list-country-code: one list per page load, shared by every page that lists countries. */
export const COUNTRIES_KEY = ['countries'] as const;

/** list-country-code, asked once and kept (the list does not change while the page is open). */
export function useCountries({ enabled = true }: { enabled?: boolean } = {}) {
  const client = useHttpClient();
  return useQuery({
    queryKey: COUNTRIES_KEY,
    queryFn: () => client.call(CALL_ROUTES.listCountryCode),
    enabled,
    staleTime: Infinity,
  });
}
