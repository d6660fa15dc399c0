import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useBotCheck } from '@/lib/bot-check';
import { useHttpClient } from '@/lib/http-context';
import { isApiError, isResendTooEarly, sendRefusalText } from '@/lib/http-errors';
import { isFlowMode, LOGIN_ROUTE_BY_MODE } from '@/lib/mode';
import { CodeInput, FloatingLabelInput, GradientButton, isNewPasswordReady, NewPasswordFields, showToast } from '@/ui';
import { createAuthApi } from '../api/auth-api';
import { AuthCard, FormError } from '../components/auth-card';
import { looksLikeEmail } from '../email-pattern';
import { loginErrorText } from '../login-errors';

/**
 * reset-pwd: forgot password. The email gets a code; the code and a new password reset it. When the
 * account has an authenticator the server answers USE000001006: its six digits are asked for too.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const { lng } = useParams();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const api = createAuthApi(useHttpClient(), useBotCheck());
  const mode = params.get('mode');
  const loginPath = `/${lng}/${LOGIN_ROUTE_BY_MODE[isFlowMode(mode) ? mode : 'individual']}`;
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [sent, setSent] = useState(false);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [needsAuthenticator, setNeedsAuthenticator] = useState(false);
  const [gaCode, setGaCode] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  /** Runs a call, showing its failure in the words `describe` gives (a check's, unless said otherwise). */
  const run = async (action: () => Promise<void>, describe: (failure: unknown) => string = (failure) => loginErrorText(failure, t)) => {
    setBusy(true);
    setError(undefined);
    try {
      await action();
    } catch (failure) {
      setError(describe(failure));
    } finally {
      setBusy(false);
    }
  };

  const sendCode = (event: FormEvent) => {
    event.preventDefault();
    void run(
      async () => {
        // Asked again within the 59 s: the code sent a moment ago still works.
        await api.sendResetCode(email.trim()).catch((failure: unknown) => {
          if (!isResendTooEarly(failure)) throw failure;
        });
        setSent(true);
      },
      // A send limit says its real wait (Retry-After), not a check's lock text ("in 1 hour").
      (failure) => sendRefusalText(failure, t),
    );
  };

  const reset = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const body = { email: email.trim(), code, password, confirmPassword: repeat, ...(needsAuthenticator ? { gaVerifyCode: gaCode } : {}) };
      try {
        await api.resetPassword(body);
      } catch (failure) {
        // The emailed code passed and stays valid: the next submit carries the authenticator code too.
        if (isApiError(failure) && failure.code === 'USE000001006') {
          setNeedsAuthenticator(true);
          return;
        }
        throw failure;
      }
      showToast({ message: t('auth.reset.done'), kind: 'success' });
      await navigate(loginPath, { replace: true });
    });
  };
  const ready = code.length === 6 && isNewPasswordReady(password, repeat) && (!needsAuthenticator || gaCode.length === 6);

  return (
    <AuthCard title={t('auth.reset.title')} description={sent ? t('auth.reset.codeSent', { email }) : t('auth.reset.intro')}>
      {!sent ? (
        <form onSubmit={sendCode} className="flex flex-col gap-4">
          <FloatingLabelInput label={t('auth.email')} type="email" autoComplete="email" value={email} onValueChange={setEmail} autoFocus />
          <FormError message={error} />
          <GradientButton type="submit" fullWidth loading={busy} variant={looksLikeEmail(email) ? 'primary' : 'inactive'}>{t('auth.reset.sendCode')}</GradientButton>
        </form>
      ) : (
        <form onSubmit={reset} className="flex flex-col gap-4">
          <CodeInput label={t('auth.reset.code')} onChange={setCode} autoFocus />
          <NewPasswordFields label={t('auth.reset.newPassword')} password={password} repeat={repeat} onPasswordChange={setPassword} onRepeatChange={setRepeat} />
          {needsAuthenticator ? (
            <>
              <p role="status" className="text-sm">{t('auth.reset.authenticatorNeeded')}</p>
              <CodeInput label={t('auth.reset.authenticatorCode')} onChange={setGaCode} autoFocus />
            </>
          ) : null}
          <FormError message={error} />
          <GradientButton type="submit" fullWidth loading={busy} variant={ready ? 'primary' : 'inactive'}>
            {t('auth.reset.save')}
          </GradientButton>
        </form>
      )}
      <Link to={loginPath} className="text-center text-sm text-primary underline-offset-4 hover:underline">{t('auth.reset.backToSignIn')}</Link>
    </AuthCard>
  );
}

export default ResetPasswordPage;
