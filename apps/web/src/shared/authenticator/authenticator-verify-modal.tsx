import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuthenticatorApi, OtpVerification } from '@/lib/authenticator-api';
import { errorText, isLocked, isOffline, limitText, type Translate } from '@/lib/http-errors';
import { useApiMutation } from '@/lib/use-api-mutation';
import { CodeInput, Modal } from '@/ui';

export interface AuthenticatorVerifyModalProps {
  api: AuthenticatorApi;
  scenario: string;
  onVerified: (proof: NonNullable<OtpVerification['tokenVo']>) => void;
  /** docs/rules/order-states.md: status FAILED is a failed callback; the modal stays open for another try. */
  onFailed?: () => void;
  onClose: () => void;
}

/**
 * Why a verify call failed, in the page language: the lock (USE000002002: five wrong codes, or
 * too many checks from this address) or a rate limit, the network or timeout text, else the
 * wrong code.
 */
function verifyErrorText(failure: unknown, t: Translate): string {
  return limitText(failure, t) ?? (isOffline(failure) ? errorText(failure, t) : t('auth.codeDialog.invalid'));
}

/**
 * The verify modal: the authenticator code, submitted at exactly 6 digits. A lock closes the
 * boxes and says so (focus moves to the reason) until the modal is opened again.
 */
export function AuthenticatorVerifyModal({ api, scenario, onVerified, onFailed, onClose }: AuthenticatorVerifyModalProps) {
  const { t } = useTranslation();
  const [error, setError] = useState<string>();
  const [locked, setLocked] = useState(false);
  const verification = useApiMutation({
    mutationFn: (code: string) => api.verifyGaCode(code, scenario),
    onSuccess: (result) => {
      if (result.status === 'SUCCESS' && result.tokenVo) return onVerified(result.tokenVo);
      setError(t('auth.codeDialog.invalid'));
      onFailed?.();
    },
    onError: (failure) => {
      setLocked(isLocked(failure));
      setError(verifyErrorText(failure, t));
      onFailed?.();
    },
  });

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('auth.gaVerify.title')}
      description={t('auth.gaVerify.description')}
      width="md"
    >
      <CodeInput
        label={t('auth.gaVerify.title')}
        onComplete={(code) => verification.mutate(code)}
        onChange={() => setError(undefined)}
        error={error}
        disabled={verification.isPending}
        locked={locked}
        autoFocus
      />
    </Modal>
  );
}
