import { CALL_ROUTES } from '@causeway/contracts';
import { useQuery } from '@tanstack/react-query';
import { useHttpClient } from './http-context.tsx';
import { useLoginStatus } from './target-entity.ts';

/** The query key of kyb/company-header: invalidate it after the logo or the company's name changes. */
export const COMPANY_HEADER_KEY = ['kyb', 'company-header'] as const;

/**
 * The business's name, logo and verification (kyb/company-header), one query for the portal's header,
 * the user menu's business list and the pages that show them. Asked only for a signed-in corporate
 * account (check-login-status says so): anyone else has no company. Silent, like the header's other
 * reads: a failure leaves the brand in its place and is never worth a toast of its own.
 */
export function useCompanyHeader({ enabled = true }: { enabled?: boolean } = {}) {
  const client = useHttpClient();
  const status = useLoginStatus();
  const corporate = status.data?.isLogin === true && status.data.userType === 'Corporate';
  return useQuery({
    queryKey: COMPANY_HEADER_KEY,
    queryFn: () => client.call(CALL_ROUTES.kybCompanyHeader, undefined, { silent: true }),
    // The logo's URL is signed for a short while: asked again on a new visit, not on every page.
    staleTime: 5 * 60_000,
    enabled: enabled && corporate,
  });
}
