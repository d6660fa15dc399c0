import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuthenticatorApi } from '@/lib/authenticator-api';
import { isLocked, sendRefusalText } from '@/lib/http-errors';
import { useApiMutation } from '@/lib/use-api-mutation';
import { CodeInput, FieldError, GradientButton, Modal, showToast, useCodeSender } from '@/ui';
import { describeBindError, type BindErrorView } from './bind-errors';
import { DownloadAppModal } from './download-app-modal';

export interface AuthenticatorBindModalProps {
  open: boolean;
  email: string;
  api: AuthenticatorApi;
  onClose: () => void;
  onBound: () => void;
}

/** docs/rules/screens.md and docs/rules/order-states.md: step 0 intro, step 1 setup key and QR (100 px), step 2 the codes; Submit inactive until 6 digits. */
export function AuthenticatorBindModal({ open, email, api, onClose, onBound }: AuthenticatorBindModalProps) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onOpenChange={(next) => !next && onClose()} title={t('security.bind.title')} width="md">
      {/* Mounted on every opening, so each binding starts at step 0 with empty boxes. */}
      <BindSteps email={email} api={api} onBound={onBound} />
    </Modal>
  );
}

function BindSteps({ email, api, onBound }: Pick<AuthenticatorBindModalProps, 'email' | 'api' | 'onBound'>) {
  const { t } = useTranslation();
  const [step, setStep] = useState<0 | 1 | 2>(0);
  const [setup, setSetup] = useState<{ googleAuthenticatorToken: string; qrCode: string | null }>();
  const [emailCode, setEmailCode] = useState('');
  const [appCode, setAppCode] = useState('');
  const [errors, setErrors] = useState<BindErrorView>({});
  // USE000002002: the email code or the authenticator is locked; until the modal opens again the
  // boxes and Submit stay closed under the lock text, so no one types on into refused checks.
  const [locked, setLocked] = useState(false);
  const [downloadOpen, setDownloadOpen] = useState(false);

  // A refused send is said beside its button, with when to ask again (issue 14: a toast said it, and Send came back at once).
  const codeSender = useCodeSender(() => api.sendBindCode(email), 0);
  const resendIn = codeSender.secondsLeft;

  /** Spec §8 bind display rules: inline errors, or an info toast for the toast codes and unknown failures. */
  const showBindError = (error: unknown) => {
    const view = describeBindError(error, t);
    if (view.toast) showToast({ message: view.toast, kind: 'info' });
    setErrors(view);
    setLocked(isLocked(error));
  };

  const setupKey = useApiMutation({
    mutationFn: () => api.setupWithQr(),
    onSuccess: (answer) => {
      setSetup(answer);
      setStep(1);
    },
    onError: showBindError,
  });
  const binding = useApiMutation({
    mutationFn: async (codes: { appCode: string; emailCode: string }) => {
      const result = await api.bind(codes.appCode, codes.emailCode);
      if (result.bindStatus !== 'SUCCESS') throw new Error('bind failed');
    },
    onSuccess: () => {
      showToast({ message: t('security.bind.success'), kind: 'success' });
      onBound();
    },
    onError: showBindError,
  });
  const busy = setupKey.isPending || binding.isPending;

  const submit = () => {
    if (locked) return;
    setErrors({});
    binding.mutate({ appCode, emailCode });
  };

  return (
    <>
      <div className="flex flex-col gap-4 text-sm">
        {errors.top ? (
          <p role="alert" className="text-danger">
            {errors.top}
          </p>
        ) : null}
        {step === 0 ? (
          <>
            <p>{t('security.bind.step0')}</p>
            <button
              type="button"
              onClick={() => setDownloadOpen(true)}
              className="self-start font-medium text-primary underline-offset-4 hover:underline"
            >
              {t('security.bind.downloadApp')}
            </button>
            <GradientButton fullWidth loading={busy} onClick={() => setupKey.mutate()}>
              {t('security.bind.continue')}
            </GradientButton>
          </>
        ) : null}
        {step === 1 && setup ? (
          <>
            <p>{t('security.bind.step1')}</p>
            {setup.qrCode ? (
              <img
                src={setup.qrCode}
                alt={t('security.bind.qrAlt')}
                width={100}
                height={100}
                className="self-center rounded bg-white p-1"
              />
            ) : null}
            <div>
              <p className="text-muted">{t('security.bind.setupKey')}</p>
              <code data-testid="setup-key" className="block break-all rounded-lg bg-surface-2 p-2 font-mono text-fg">
                {setup.googleAuthenticatorToken}
              </code>
            </div>
            <GradientButton fullWidth onClick={() => setStep(2)}>
              {t('security.bind.continue')}
            </GradientButton>
          </>
        ) : null}
        {step === 2 ? (
          <>
            <p>{t('security.bind.step2')}</p>
            <div className="flex flex-col gap-2">
              <div className="flex items-center justify-between">
                <span className="font-medium">{t('security.bind.emailCode')}</span>
                <button
                  type="button"
                  disabled={resendIn > 0}
                  onClick={() => void codeSender.send()}
                  className="font-medium text-primary disabled:text-muted"
                >
                  {resendIn <= 0
                    ? t('security.bind.sendEmailCode')
                    : resendIn >= 60
                      ? t('security.bind.resendInMinutes', { minutes: Math.ceil(resendIn / 60) })
                      : t('security.bind.resendIn', { seconds: resendIn })}
                </button>
              </div>
              {codeSender.refusal ? (
                <p role="alert" className="text-danger">
                  {sendRefusalText(codeSender.refusal, t)}
                </p>
              ) : null}
              <CodeInput label={t('security.bind.emailCode')} onChange={setEmailCode} disabled={locked} />
            </div>
            <div className="flex flex-col gap-2">
              <span className="font-medium">{t('security.bind.appCode')}</span>
              <CodeInput label={t('security.bind.appCode')} onChange={setAppCode} disabled={locked} />
              {errors.under ? <FieldError id="bind-under-error" message={errors.under} /> : null}
            </div>
            <GradientButton
              fullWidth
              loading={busy}
              variant={appCode.length === 6 && emailCode.length === 6 && !locked ? 'primary' : 'inactive'}
              onClick={submit}
            >
              {t('security.bind.submit')}
            </GradientButton>
          </>
        ) : null}
      </div>
      <DownloadAppModal open={downloadOpen} api={api} onClose={() => setDownloadOpen(false)} />
    </>
  );
}
