import { lazy, Suspense } from 'react';
import { useLoginStatus } from '@/lib/target-entity';

// The gate and its dialog are their own chunk: fetched for a signed-in person only, after the page (issue 16's budgets).
const AgreementsGate = lazy(() => import('./components/agreements-gate'));

/** docs/rules/agreements.md: the layouts' consent check, asked only once someone is signed in. */
export function AgreementsGateLoader() {
  const status = useLoginStatus();
  if (status.data?.isLogin !== true) return null;
  return (
    <Suspense fallback={null}>
      <AgreementsGate />
    </Suspense>
  );
}
