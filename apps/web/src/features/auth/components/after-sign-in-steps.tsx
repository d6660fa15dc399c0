import type { LoginMode } from '@causeway/contracts';
import { lazy, Suspense } from 'react';
import { useNavigate, useParams } from 'react-router';
import { SETTINGS_BY_MODE, type LoginFlow } from '../use-login-flow';
import { GaVerifyStep } from './ga-verify-step';
import { TwoFaTipStep } from './two-fa-tip-step';

// Only new accounts see the password rules: kept out of the sign-in page's first download.
const SetPasswordStep = lazy(() => import('./set-password-step').then((m) => ({ default: m.SetPasswordStep })));

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
  if (flow.step === 'gaVerify')
    return <GaVerifyStep error={flow.error} locked={flow.locked} onSubmit={flow.submitGaCode} onEdit={() => flow.setError(undefined)} />;
  if (flow.step === 'setPWD') {
    return (
      <Suspense fallback={null}>
        <SetPasswordStep error={flow.error} onSubmit={flow.savePassword} onSkip={() => void flow.finish()} />
      </Suspense>
    );
  }
  if (flow.step === 'TwoFaTip') {
    return (
      <TwoFaTipStep
        onSetUp={() => navigate(`/${lng}/${SETTINGS_BY_MODE[mode]}?bind=authenticator`, { replace: true })}
        onLater={() => void flow.finish()}
      />
    );
  }
  return null;
}
