import { CALL_ROUTES, ErrorCode } from '@causeway/contracts';
import { type FormEvent, useId, useState } from 'react';
import { isError } from '@/lib/http-errors';
import { useApiMutation } from '@/lib/use-api-mutation';
import { GradientButton, TextInput } from '@/ui';
import { type DeskSessionAnswer, type DeskSignInStep, useDeskCall } from '../api/desk-api';
import { deskErrorText } from '../desk-errors';
import { useTranslation } from '../texts';
import { cardClass, codeClass, smallButtonClass } from './desk-classes';
import { QrCode } from '@/ui/qr-code';

type Step = { kind: 'password' } | { kind: 'code'; step: DeskSignInStep };

/**
 * The desk's sign-in (docs/rules/operator-desk.md "Signing in"): email and password, then the
 * authenticator's code, always. Before an operator's authenticator is set up, the code step first shows
 * its QR code and setup key, this once. A step that took over 5 minutes starts again at the password.
 */
export function DeskSignIn({ notice, onSignedIn }: { notice?: string | undefined; onSignedIn: (session: DeskSessionAnswer) => void }) {
  const { t } = useTranslation();
  const call = useDeskCall();
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [codeShape, setCodeShape] = useState<string>();
  const [restarted, setRestarted] = useState<string>();
  const titleId = useId();

  const byPassword = useApiMutation({
    mutationFn: () => call(CALL_ROUTES.deskSignInPassword, { email, password }),
    onSuccess: (answer) => {
      setPassword('');
      setCode('');
      setRestarted(undefined);
      setStep({ kind: 'code', step: answer });
    },
  });
  const byCode = useApiMutation({
    mutationFn: (stepToken: string) => call(CALL_ROUTES.deskSignInCode, { stepToken, code }),
    onSuccess: onSignedIn,
    onError: (error) => {
      if (!isError(error, ErrorCode.OperatorSignInStepExpired)) return;
      setRestarted(t('desk.errors.DSK0000003'));
      setStep({ kind: 'password' });
    },
  });

  const submitPassword = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !password || byPassword.isPending) return;
    byPassword.mutate();
  };
  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    if (step.kind !== 'code' || byCode.isPending) return;
    if (!/^\d{6}$/.test(code.trim())) return setCodeShape(t('desk.signIn.codeInvalid'));
    setCodeShape(undefined);
    byCode.mutate(step.step.stepToken);
  };
  const startAgain = () => {
    byCode.reset();
    byPassword.reset();
    setStep({ kind: 'password' });
  };

  const said = restarted ?? notice;
  return (
    <div className="mx-auto flex w-full max-w-md min-w-0 flex-col gap-5 px-4 py-8">
      <header className="flex flex-col gap-1">
        <h1 id={titleId} className="text-2xl font-semibold text-fg">
          {t('desk.signIn.title')}
        </h1>
        <p className="text-sm text-muted">{t('desk.signIn.intro')}</p>
      </header>
      {said ? (
        <p role="status" className="rounded-xl border border-line bg-surface-2 p-3 text-sm text-fg">
          {said}
        </p>
      ) : null}
      {step.kind === 'password' ? (
        <form aria-labelledby={titleId} className={cardClass} onSubmit={submitPassword} noValidate>
          <TextInput label={t('desk.signIn.email')} type="email" autoComplete="username" value={email} onValueChange={setEmail} required />
          <TextInput
            label={t('desk.signIn.password')}
            type="password"
            autoComplete="current-password"
            value={password}
            onValueChange={setPassword}
            required
          />
          {byPassword.isError ? (
            <p role="alert" className="text-sm text-danger">
              {deskErrorText(byPassword.error, t)}
            </p>
          ) : null}
          <GradientButton type="submit" fullWidth loading={byPassword.isPending}>
            {t('desk.signIn.continue')}
          </GradientButton>
        </form>
      ) : (
        <form aria-labelledby={titleId} className={cardClass} onSubmit={submitCode} noValidate>
          {step.step.enrol ? (
            <section aria-labelledby={`${titleId}-enrol`} className="flex flex-col gap-3">
              <h2 id={`${titleId}-enrol`} className="text-lg font-semibold text-fg">
                {t('desk.signIn.enrolTitle')}
              </h2>
              <p className="text-sm text-fg">{t('desk.signIn.enrolText')}</p>
              <div className="flex flex-col items-start gap-3 sm:flex-row">
                <QrCode value={step.step.enrol.otpauthUri} label={t('desk.signIn.qrLabel')} />
                <div className="flex min-w-0 flex-col gap-1">
                  <p className="text-xs text-muted">{t('desk.signIn.setupKey')}</p>
                  <p className={codeClass}>{step.step.enrol.secret}</p>
                </div>
              </div>
            </section>
          ) : null}
          <h2 className="text-lg font-semibold text-fg">{t('desk.signIn.codeTitle')}</h2>
          <p className="text-sm text-muted">{t('desk.signIn.codeHint')}</p>
          <TextInput
            label={t('desk.signIn.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onValueChange={(value) => setCode(value.replace(/\D/g, ''))}
            autoFocus
          />
          {codeShape ? (
            <p role="alert" className="text-sm text-danger">
              {codeShape}
            </p>
          ) : null}
          {byCode.isError && !isError(byCode.error, ErrorCode.OperatorSignInStepExpired) ? (
            <p role="alert" className="text-sm text-danger">
              {deskErrorText(byCode.error, t)}
            </p>
          ) : null}
          <GradientButton type="submit" fullWidth loading={byCode.isPending}>
            {t('desk.signIn.submit')}
          </GradientButton>
          <button type="button" className={smallButtonClass} onClick={startAgain}>
            {t('desk.signIn.startAgain')}
          </button>
        </form>
      )}
    </div>
  );
}
