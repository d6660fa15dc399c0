import { ErrorCode } from '@causeway/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useBotCheck } from '@/lib/bot-check';
import { useHttpClient } from '@/lib/http-context';
import { isError, isResendTooEarly, sendRefusalText } from '@/lib/http-errors';
import { isFlowMode, LOGIN_ROUTE_BY_MODE } from '@/lib/mode';
import { useApiMutation } from '@/lib/use-api-mutation';
import { CodeInput, FloatingLabelInput, GradientButton, isNewPasswordReady, NewPasswordFields, showToast } from '@/ui';
import { createAuthApi } from '../api/auth-api';
import { AuthCard, FormError } from '../components/auth-card';
import { looksLikeEmail } from '../email-pattern';
import { loginErrorText } from '../login-errors';

/**
 * reset-pwd: forgot password. The email gets a code; the code and a new password reset it. When the
 * account has an authenticator the server answers AuthenticatorCodeRequiredForChange: its six digits are asked for too.
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
  const codeSend = useApiMutation({
    mutationFn: async (address: string) => {
      // Asked again within the 59 s: the code sent a moment ago still works.
      await api.sendResetCode(address).catch((failure: unknown) => {
        if (!isResendTooEarly(failure)) throw failure;
      });
    },
    onSuccess: () => setSent(true),
  });
  const passwordReset = useApiMutation({
    mutationFn: async (body: Parameters<typeof api.resetPassword>[0]) => {
      try {
        await api.resetPassword(body);
        return 'reset' as const;
      } catch (failure) {
        // The emailed code passed and stays valid: the next submit carries the authenticator code too.
        if (isError(failure, ErrorCode.AuthenticatorCodeRequiredForChange)) return 'authenticatorNeeded' as const;
        throw failure;
      }
    },
    onSuccess: async (outcome) => {
      if (outcome === 'authenticatorNeeded') return setNeedsAuthenticator(true);
      showToast({ message: t('auth.reset.done'), kind: 'success' });
      await navigate(loginPath, { replace: true });
    },
  });
  const busy = codeSend.isPending || passwordReset.isPending;
  // A send limit says its real wait (Retry-After), not a check's lock text ("in 1 hour").
  const error = codeSend.error
    ? sendRefusalText(codeSend.error, t)
    : passwordReset.error
      ? loginErrorText(passwordReset.error, t)
      : undefined;

  const sendCode = (event: FormEvent) => {
    event.preventDefault();
    codeSend.mutate(email.trim());
  };

  const reset = (event: FormEvent) => {
    event.preventDefault();
    passwordReset.mutate({
      email: email.trim(),
      code,
      password,
      confirmPassword: repeat,
      ...(needsAuthenticator ? { gaVerifyCode: gaCode } : {}),
    });
  };
  const ready = code.length === 6 && isNewPasswordReady(password, repeat) && (!needsAuthenticator || gaCode.length === 6);

  return (
    <AuthCard title={t('auth.reset.title')} description={sent ? t('auth.reset.codeSent', { email }) : t('auth.reset.intro')}>
      {!sent ? (
        <form onSubmit={sendCode} className="flex flex-col gap-4">
          <FloatingLabelInput label={t('auth.email')} type="email" autoComplete="email" value={email} onValueChange={setEmail} autoFocus />
          <FormError message={error} />
          <GradientButton type="submit" fullWidth loading={busy} variant={looksLikeEmail(email) ? 'primary' : 'inactive'}>
            {t('auth.reset.sendCode')}
          </GradientButton>
        </form>
      ) : (
        <form onSubmit={reset} className="flex flex-col gap-4">
          <CodeInput label={t('auth.reset.code')} onChange={setCode} autoFocus />
          <NewPasswordFields
            label={t('auth.reset.newPassword')}
            password={password}
            repeat={repeat}
            onPasswordChange={setPassword}
            onRepeatChange={setRepeat}
          />
          {needsAuthenticator ? (
            <>
              <p role="status" className="text-sm">
                {t('auth.reset.authenticatorNeeded')}
              </p>
              <CodeInput label={t('auth.reset.authenticatorCode')} onChange={setGaCode} autoFocus />
            </>
          ) : null}
          <FormError message={error} />
          <GradientButton type="submit" fullWidth loading={busy} variant={ready ? 'primary' : 'inactive'}>
            {t('auth.reset.save')}
          </GradientButton>
        </form>
      )}
      <Link to={loginPath} className="text-center text-sm text-primary underline-offset-4 hover:underline">
        {t('auth.reset.backToSignIn')}
      </Link>
    </AuthCard>
  );
}

export default ResetPasswordPage;
