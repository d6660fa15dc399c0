import type { LoginMode } from '@causeway/contracts';
import { lazy, Suspense } from 'react';
import { useNavigate, useParams } from 'react-router';
import { SETTINGS_BY_MODE, type LoginFlow } from '../use-login-flow';

// The steps after the first factor are kept out of the sign-in page's first download: only new accounts see the
// password rules, only accounts with an authenticator its code boxes, and the 2FA tip comes once, after sign-in.
const SetPasswordStep = lazy(() => import('./set-password-step').then((m) => ({ default: m.SetPasswordStep })));
const GaVerifyStep = lazy(() => import('./ga-verify-step').then((m) => ({ default: m.GaVerifyStep })));
const TwoFaTipStep = lazy(() => import('./two-fa-tip-step').then((m) => ({ default: m.TwoFaTipStep })));

/** The steps after the first factor, with the text keys of each step's title and description. */
export const AFTER_SIGN_IN_TEXTS: Partial<Record<LoginFlow['step'], { title: string; description: string }>> = {
  gaVerify: { title: 'auth.gaVerify.title', description: 'auth.gaVerify.description' },
  setPWD: { title: 'auth.setPassword.title', description: 'auth.setPassword.description' },
  TwoFaTip: { title: 'auth.twoFaTip.title', description: 'auth.twoFaTip.description' },
};

/** The steps after the first factor, shared by every sign-in page: authenticator code, password, 2FA tip. */
export function AfterSignInSteps({ flow, mode }: { flow: LoginFlow; mode: LoginMode }) {
  const { lng } = useParams();
  const navigate = useNavigate();
  if (flow.step === 'gaVerify') {
    return (
      <Suspense fallback={null}>
        <GaVerifyStep error={flow.error} locked={flow.locked} onSubmit={flow.submitGaCode} onEdit={() => flow.setError(undefined)} />
      </Suspense>
    );
  }
  if (flow.step === 'setPWD') {
    return (
      <Suspense fallback={null}>
        <SetPasswordStep error={flow.error} onSubmit={flow.savePassword} onSkip={() => void flow.finish()} />
      </Suspense>
    );
  }
  if (flow.step === 'TwoFaTip') {
    return (
      <Suspense fallback={null}>
        <TwoFaTipStep
          onSetUp={() => navigate(`/${lng}/${SETTINGS_BY_MODE[mode]}?bind=authenticator`, { replace: true })}
          onLater={() => void flow.finish()}
        />
      </Suspense>
    );
  }
  return null;
}
