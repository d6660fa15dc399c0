import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuthenticatorApi, OtpVerification } from '@/lib/authenticator-api';
import { CodeInput } from '../code-input.tsx';
import { Modal } from '../modal.tsx';

export interface AuthenticatorVerifyModalProps {
  api: AuthenticatorApi;
  scenario: string;
  onVerified: (proof: NonNullable<OtpVerification['tokenVo']>) => void;
  /** Spec §4: status FAILED is a failed callback; the modal stays open for another try. */
  onFailed?: () => void;
  onClose: () => void;
}

/** The verify modal: the authenticator code, submitted at exactly 6 digits. */
export function AuthenticatorVerifyModal({ api, scenario, onVerified, onFailed, onClose }: AuthenticatorVerifyModalProps) {
  const { t } = useTranslation();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (code: string) => {
    setBusy(true);
    try {
      const result = await api.verifyGaCode(code, scenario);
      if (result.status === 'SUCCESS' && result.tokenVo) return onVerified(result.tokenVo);
      setError(t('auth.codeDialog.invalid'));
      onFailed?.();
    } catch {
      setError(t('auth.codeDialog.invalid'));
      onFailed?.();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={t('auth.gaVerify.title')} description={t('auth.gaVerify.description')} width="md">
      <CodeInput label={t('auth.gaVerify.title')} onComplete={submit} onChange={() => setError(undefined)} error={error} disabled={busy} autoFocus />
    </Modal>
  );
}
