import { ErrorCode } from '@causeway/contracts';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorName, errorText, isApiError, isLocked, isOffline, limitText, sendRefusalText, type Translate } from '@/lib/http-errors';
import { useApiMutation } from '@/lib/use-api-mutation';
import { useCopy } from '@/lib/use-copy';
import { CodeInput, type CodeInputHandle, GradientButton, Modal, useCodeSender } from '@/ui';
import type { SecurityApi } from '../api/security-api';

export interface ChangeAuthenticatorModalProps {
  open: boolean;
  email: string;
  api: SecurityApi;
  onClose: () => void;
  /** The server changed it (the modal then shows its confirmation): the page reads the new state. */
  onChanged: () => void;
}

/**
 * Change authenticator (docs/rules/screens.md security centre): step 1 what changes, step 2 the new
 * app's QR code and setup key (pre-check), step 3 the current app's code, the emailed GA_CHANGE code
 * and the new app's code; then a confirmation. Each step's heading takes focus, so a screen reader
 * reads where it is.
 */
export function ChangeAuthenticatorModal({ open, email, api, onClose, onChanged }: ChangeAuthenticatorModalProps) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onOpenChange={(next) => !next && onClose()} title={t('security.change.title')} width="md">
      {/* Mounted on every opening, so each change starts at step 1 with empty boxes. */}
      <ChangeSteps email={email} api={api} onChanged={onChanged} onClose={onClose} />
    </Modal>
  );
}

type Step = 'warning' | 'setup' | 'codes' | 'done';

/** Where each refusal of change-google-authenticator shows: under a code's boxes, or on top. */
export interface ChangeErrorView {
  current?: string;
  email?: string;
  next?: string;
  top?: string;
}

/**
 * The server's refusals of a change, in the page language and in their place. USE003000011 does not
 * say which app's code was wrong (the server checks both together before either is used), so both
 * code boxes carry it, each naming the other.
 */
export function describeChangeError(error: unknown, t: Translate): ChangeErrorView {
  switch (apiErrorName(error)) {
    case ErrorCode.AuthenticatorCodeWrong:
      return { current: t('security.change.errors.currentOrNew'), next: t('security.change.errors.newOrCurrent') };
    case ErrorCode.EmailCodeWrong:
      return { email: t('security.change.errors.emailWrong') };
    case ErrorCode.EmailCodeExpired:
      return { email: t('security.change.errors.emailExpired') };
    case ErrorCode.EmailCodeUsed:
      return { email: t('security.change.errors.emailUsed') };
    case ErrorCode.NoBindingInProgress:
      return { top: t('security.change.errors.notBound') };
  }
  // No answer: the change may have gone through, which the page shows once it is read again.
  if (isOffline(error)) return { top: t('security.change.errors.noAnswer') };
  // A lock (USE000002002) or a rate limit: their own words; any other refusal in the server's.
  return { top: limitText(error, t) ?? errorText(error, t) };
}

function ChangeSteps({ email, api, onChanged, onClose }: Omit<ChangeAuthenticatorModalProps, 'open'>) {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>('warning');
  const [setup, setSetup] = useState<{ googleAuthenticatorToken: string; qrCode: string | null }>();
  const [currentCode, setCurrentCode] = useState('');
  const [emailCode, setEmailCode] = useState('');
  const [newCode, setNewCode] = useState('');
  const [errors, setErrors] = useState<ChangeErrorView>({});
  // USE000002002: a factor is locked; the boxes and Submit stay closed under the lock text until the
  // modal opens again, so no one types on into refused checks.
  const [locked, setLocked] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const currentInput = useRef<CodeInputHandle>(null);
  const emailInput = useRef<CodeInputHandle>(null);
  const codeSender = useCodeSender(() => api.sendChangeCode(email), 0);

  // A new step's heading takes focus (the button that led there is gone); not on opening, where the dialog focuses its first control.
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    heading.current?.focus();
  }, [step]);
  const clearError = (field: keyof ChangeErrorView) => setErrors((shown) => ({ ...shown, [field]: undefined }));

  const preCheck = useApiMutation({
    mutationFn: () => api.preCheckChange(),
    onMutate: () => setErrors({}),
    onSuccess: (answer) => {
      setSetup(answer);
      setStep('setup');
    },
    onError: (error) => setErrors({ top: describeChangeError(error, t).top ?? errorText(error, t) }),
  });

  const change = useApiMutation({
    mutationFn: async (body: { oldGaVerifyCode: string; emailVerifyCode: string; newGaVerifyCode: string }) => {
      const result = await api.changeAuthenticator(body);
      if (result.bindStatus !== 'SUCCESS') throw new Error('change failed');
    },
    onSuccess: () => {
      setStep('done');
      onChanged();
    },
    onError: (error) => {
      // Not an ApiError: the server answered FAILED.
      const view = isApiError(error) ? describeChangeError(error, t) : { top: t('security.change.errors.failed') };
      setErrors(view);
      setLocked(isLocked(error));
      // Keyboard and screen-reader users land on the first code to fix (its message is read with it).
      if (view.current) currentInput.current?.focus();
      else if (view.email) emailInput.current?.focus();
    },
  });

  const ready = currentCode.length === 6 && emailCode.length === 6 && newCode.length === 6 && !locked;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready || change.isPending) return;
    setErrors({});
    change.mutate({ oldGaVerifyCode: currentCode, emailVerifyCode: emailCode, newGaVerifyCode: newCode });
  };

  const stepNumber = { warning: 1, setup: 2, codes: 3, done: 0 }[step];
  const topError = errors.top ? (
    <p role="alert" className="text-danger">
      {errors.top}
    </p>
  ) : null;
  const stepHeading = (text: string) => (
    <h3 ref={heading} tabIndex={-1} className="font-semibold text-fg outline-none">
      {stepNumber ? (
        <>
          <span className="block text-xs font-medium text-muted">{t('security.change.stepOf', { step: stepNumber })}</span>{' '}
        </>
      ) : null}
      {text}
    </h3>
  );

  if (step === 'done')
    return (
      <div className="flex flex-col gap-4 text-sm">
        {stepHeading(t('security.change.done.heading'))}
        <p className="text-fg">{t('security.change.done.text')}</p>
        <GradientButton fullWidth onClick={onClose}>
          {t('security.change.done.close')}
        </GradientButton>
      </div>
    );

  if (step === 'warning')
    return (
      <div className="flex flex-col gap-4 text-sm">
        {stepHeading(t('security.change.warning.heading'))}
        {topError}
        <div>
          <p>{t('security.change.warning.intro')}</p>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            <li>{t('security.change.warning.sessions')}</li>
            <li>{t('security.change.warning.pause')}</li>
          </ul>
        </div>
        <p className="break-words text-muted">{t('security.change.warning.needs', { email })}</p>
        <GradientButton fullWidth loading={preCheck.isPending} onClick={() => preCheck.mutate()}>
          {t('security.change.continue')}
        </GradientButton>
      </div>
    );

  if (step === 'setup' && setup)
    return (
      <div className="flex flex-col gap-4 text-sm">
        {stepHeading(t('security.change.setup.heading'))}
        <p>{t('security.change.setup.text')}</p>
        {setup.qrCode ? (
          <img src={setup.qrCode} alt={t('security.bind.qrAlt')} width={100} height={100} className="self-center rounded bg-white p-1" />
        ) : null}
        <SetupKey value={setup.googleAuthenticatorToken} />
        <GradientButton fullWidth onClick={() => setStep('codes')}>
          {t('security.change.continue')}
        </GradientButton>
      </div>
    );

  const resendIn = codeSender.secondsLeft;
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4 text-sm">
      {stepHeading(t('security.change.codes.heading'))}
      {topError}
      <CodeField label={t('security.change.codes.current')} hint={t('security.change.codes.currentHint')}>
        <CodeInput
          ref={currentInput}
          label={t('security.change.codes.current')}
          onChange={(code) => {
            setCurrentCode(code);
            clearError('current');
          }}
          error={errors.current}
          disabled={locked}
        />
      </CodeField>
      <CodeField
        label={t('security.change.codes.email')}
        hint={t('security.change.codes.emailHint', { email })}
        action={
          <button
            type="button"
            disabled={resendIn > 0 || locked}
            onClick={() => void codeSender.send()}
            className="shrink-0 font-medium text-primary disabled:text-muted"
          >
            {resendIn <= 0
              ? t('security.bind.sendEmailCode')
              : resendIn >= 60
                ? t('security.bind.resendInMinutes', { minutes: Math.ceil(resendIn / 60) })
                : t('security.bind.resendIn', { seconds: resendIn })}
          </button>
        }
      >
        {codeSender.refusal ? (
          <p role="alert" className="text-danger">
            {sendRefusalText(codeSender.refusal, t)}
          </p>
        ) : null}
        <CodeInput
          ref={emailInput}
          label={t('security.change.codes.email')}
          onChange={(code) => {
            setEmailCode(code);
            clearError('email');
          }}
          error={errors.email}
          disabled={locked}
        />
      </CodeField>
      <CodeField label={t('security.change.codes.new')} hint={t('security.change.codes.newHint')}>
        <CodeInput
          label={t('security.change.codes.new')}
          onChange={(code) => {
            setNewCode(code);
            clearError('next');
          }}
          error={errors.next}
          disabled={locked}
        />
      </CodeField>
      <GradientButton type="submit" fullWidth loading={change.isPending} variant={ready ? 'primary' : 'inactive'}>
        {t('security.change.submit')}
      </GradientButton>
      <button
        type="button"
        onClick={() => setStep('setup')}
        className="self-center font-medium text-primary underline-offset-4 hover:underline"
      >
        {t('security.change.back')}
      </button>
    </form>
  );
}

/** A code's visible label and hint above its boxes (the boxes' group carries the label for screen readers), with an optional action beside it. */
function CodeField({ label, hint, action, children }: { label: string; hint: string; action?: ReactNode; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-medium text-fg" aria-hidden="true">
            {label}
          </p>
          <p className="break-words text-xs text-muted">{hint}</p>
        </div>
        {action}
      </div>
      {children}
    </div>
  );
}

/** The setup key, wrapped anywhere so it fits 360 px, with Copy where the browser offers the clipboard. */
function SetupKey({ value }: { value: string }) {
  const { t } = useTranslation();
  const { canCopy, copied, copy } = useCopy(value);
  return (
    <div>
      <p className="text-muted">{t('security.bind.setupKey')}</p>
      <div className="mt-1 flex items-start gap-2">
        <code data-testid="setup-key" className="block min-w-0 flex-1 rounded-lg bg-surface-2 p-2 font-mono break-all text-fg">
          {value}
        </code>
        {canCopy ? (
          <button
            type="button"
            onClick={copy}
            aria-label={t('security.change.setup.copyLabel')}
            className="shrink-0 rounded-lg border border-line px-3 py-2 text-xs font-medium text-primary hover:bg-surface-2"
          >
            {t('security.change.setup.copy')}
          </button>
        ) : null}
      </div>
      <p role="status" className="mt-1 min-h-4 text-xs text-success">
        {copied ? t('security.change.setup.copied') : ''}
      </p>
    </div>
  );
}
