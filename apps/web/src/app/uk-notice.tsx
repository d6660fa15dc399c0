import { CALL_ROUTES } from '@causeway/contracts';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { useAccountInfo } from '@/lib/account-info';
import { useHttpClient } from '@/lib/http-context';
import { stripLocale } from '@/lib/locale-path';
import { useLoginStatus } from '@/lib/target-entity';
import { currentMode } from './current-mode';
import { isUkLayoutExempt } from './route-rules';

// The banner's words load only for the few it is for: no first download carries them.
const UkRiskBanner = lazy(() => import('@/features/availability/components/uk-risk-banner'));

/** The query key of get-check-ip-result: asked once per page load. */
export const IP_CHECK_KEY = ['ip-check'] as const;

/**
 * The UK layout (docs/rules/uk-and-countries.md), its own chunk (the layouts load it after the page): a UK-flagged person (a verified residence in GB, the account
 * info's ukFlag) or anyone whose address is in the UK (get-check-ip-result's isUk) sees the UK risk notice
 * under the header of every page with chrome, except a path with iframe-loading (docs/rules/screens.md).
 * Quiet: a failed lookup shows nothing.
 */
export default function UkNotice() {
  const { pathname } = useLocation();
  const exempt = isUkLayoutExempt(stripLocale(pathname));
  const client = useHttpClient();
  const status = useLoginStatus();
  const info = useAccountInfo(currentMode(), { enabled: !exempt && status.data?.isLogin === true });
  const ip = useQuery({
    queryKey: IP_CHECK_KEY,
    queryFn: () => client.call(CALL_ROUTES.ipCheck, undefined, { silent: true }),
    staleTime: Infinity,
    retry: false,
    enabled: !exempt,
  });
  if (exempt || !(info.data?.ukFlag === true || ip.data?.isUk === true)) return null;
  return (
    <Suspense fallback={null}>
      <UkRiskBanner />
    </Suspense>
  );
}
