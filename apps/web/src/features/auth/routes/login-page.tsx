import type { LoginMode } from '@causeway/contracts';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { AuthCard } from '../components/auth-card';
import { EmailStep } from '../components/email-step';
import { GaVerifyStep } from '../components/ga-verify-step';
import { PasswordStep } from '../components/password-step';
import { SignupStep } from '../components/signup-step';
import { TwoFaTipStep } from '../components/two-fa-tip-step';
import { keepEntryParams } from '../entry-params';
import { HOME_BY_MODE, useLoginFlow } from '../use-login-flow';

// Loaded when first needed: most people reach the code dialog after typing their email, and only
// new accounts see the password rules. Keeps both out of the sign-in page's first download.
const EmailCodeDialog = lazy(() => import('../components/email-code-dialog').then((m) => ({ default: m.EmailCodeDialog })));
const SetPasswordStep = lazy(() => import('../components/set-password-step').then((m) => ({ default: m.SetPasswordStep })));

const OTHER_PAGE: Record<LoginMode, { path: string; key: string }> = {
  individual: { path: 'business-login', key: 'auth.switchToBusiness' },
  independent: { path: 'business-login-independent', key: 'auth.switchToBusiness' },
  business: { path: 'login-v2', key: 'auth.switchToIndividual' },
  businessIndependent: { path: 'login-independent', key: 'auth.switchToIndividual' },
};

/** One sign-in page for every mode: the steps of spec §2 in a card, the email code in a dialog. */
export function LoginPage({ mode }: { mode: LoginMode }) {
  const { t } = useTranslation();
  const { lng } = useParams();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const flow = useLoginFlow(mode);
  const [termsAccepted, setTermsAccepted] = useState(false);

  useEffect(() => {
    void keepEntryParams(params);
  }, [params]);

  const titles: Record<string, string> = {
    signup: t('auth.signupTitle'),
    gaVerify: t('auth.gaVerify.title'),
    setPWD: t('auth.setPassword.title'),
    TwoFaTip: t('auth.twoFaTip.title'),
  };
  const descriptions: Record<string, string> = {
    loginPre: t('auth.subtitle'),
    gaVerify: t('auth.gaVerify.description'),
    setPWD: t('auth.setPassword.description'),
    TwoFaTip: t('auth.twoFaTip.description'),
  };
  const other = OTHER_PAGE[mode];

  return (
    <AuthCard title={titles[flow.step] ?? t(`auth.title.${mode}`)} description={descriptions[flow.step]}>
      {flow.step === 'loginPre' || flow.step === 'verificationCode' ? (
        <EmailStep initialEmail={flow.email} error={flow.error} onSubmit={flow.submitEmail} />
      ) : null}
      {flow.step === 'login' ? (
        <PasswordStep
          email={flow.email}
          error={flow.error}
          stayLoggedIn={flow.stayLoggedIn}
          onStayLoggedInChange={flow.setStayLoggedIn}
          onSubmit={flow.submitPassword}
          onUseCode={() => flow.setStep('verificationCode')}
          onChangeEmail={flow.restart}
        />
      ) : null}
      {flow.step === 'signup' ? (
        <SignupStep
          email={flow.email}
          suggestedEmail={flow.hints.suggestedEmail}
          privateRelay={flow.hints.privateRelay}
          onContinue={(accepted) => {
            setTermsAccepted(accepted);
            flow.setStep('verificationCode');
          }}
          onUseSuggestion={flow.submitEmail}
          onChangeEmail={flow.restart}
        />
      ) : null}
      {flow.step === 'gaVerify' ? <GaVerifyStep error={flow.error} onSubmit={flow.submitGaCode} onEdit={() => flow.setError(undefined)} /> : null}
      {flow.step === 'setPWD' ? (
        <Suspense fallback={null}>
          <SetPasswordStep error={flow.error} onSubmit={flow.savePassword} onSkip={() => void flow.finish()} />
        </Suspense>
      ) : null}
      {flow.step === 'TwoFaTip' ? (
        <TwoFaTipStep onSetUp={() => navigate(`/${lng}/${HOME_BY_MODE[mode]}?bind=authenticator`, { replace: true })} onLater={() => void flow.finish()} />
      ) : null}
      {flow.step === 'loginPre' || flow.step === 'login' ? (
        <Link to={`/${lng}/${other.path}`} className="text-center text-sm text-muted underline-offset-4 hover:text-fg hover:underline">{t(other.key)}</Link>
      ) : null}
      {flow.step === 'verificationCode' ? (
        <Suspense fallback={null}>
          <EmailCodeDialog
            open
            email={flow.email}
            sendCode={() => flow.api.sendLoginCode(flow.email)}
            submitCode={(code) => flow.submitCode(code, termsAccepted)}
            onClose={flow.restart}
          />
        </Suspense>
      ) : null}
    </AuthCard>
  );
}

export const IndividualLoginPage = () => <LoginPage mode="individual" />;
export const IndependentLoginPage = () => <LoginPage mode="independent" />;
export const BusinessLoginPage = () => <LoginPage mode="business" />;
export const BusinessIndependentLoginPage = () => <LoginPage mode="businessIndependent" />;
