import { type ReactNode, useState } from 'react';
import { type AuthenticatorApi, decideAuthenticatorCheck, type OtpVerification } from '@/lib/authenticator-api';
import { AuthenticatorBindModal } from './authenticator-bind-modal';
import { AuthenticatorVerifyModal } from './authenticator-verify-modal';

export type AuthenticatorCheckResult =
  { outcome: 'skipped' } | { outcome: 'verified'; proof: NonNullable<OtpVerification['tokenVo']> } | { outcome: 'cancelled' };

type Open = { step: 'bind' | 'verify'; scenario: string; email: string; resolve: (result: AuthenticatorCheckResult) => void };

/**
 * The authenticator check before a sensitive action (docs/rules/order-states.md). `check(scenario)` resolves
 * skipped (no modal needed), verified (with the proof for the next call) or cancelled. A bind
 * that succeeds closes the bind modal and opens the verify modal. Render `element` once.
 */
export function useAuthenticatorCheck(api: AuthenticatorApi, options: { isRoma?: boolean; onFailed?: () => void } = {}) {
  const [open, setOpen] = useState<Open | null>(null);

  async function check(scenario: string): Promise<AuthenticatorCheckResult> {
    const status = await api.bindingStatus(scenario);
    const step = decideAuthenticatorCheck(status, options.isRoma ?? false);
    if (step === 'none') return { outcome: 'skipped' };
    return new Promise((resolve) => setOpen({ step, scenario, email: status.email, resolve }));
  }

  const finish = (result: AuthenticatorCheckResult) => {
    open?.resolve(result);
    setOpen(null);
  };

  let element: ReactNode = null;
  if (open?.step === 'bind') {
    element = (
      <AuthenticatorBindModal
        open
        email={open.email}
        api={api}
        onClose={() => finish({ outcome: 'cancelled' })}
        onBound={() => setOpen({ ...open, step: 'verify' })}
      />
    );
  } else if (open?.step === 'verify') {
    element = (
      <AuthenticatorVerifyModal
        api={api}
        scenario={open.scenario}
        onVerified={(proof) => finish({ outcome: 'verified', proof })}
        onFailed={options.onFailed}
        onClose={() => finish({ outcome: 'cancelled' })}
      />
    );
  }
  return { check, element };
}
