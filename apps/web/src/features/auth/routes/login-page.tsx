import type { LoginMode } from '@causeway/contracts';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { AFTER_SIGN_IN_TEXTS, AfterSignInSteps } from '../components/after-sign-in-steps';
import { AuthCard } from '../components/auth-card';
import { EmailStep } from '../components/email-step';
import { PasswordStep } from '../components/password-step';
import { SignupStep } from '../components/signup-step';
import { keepEntryParams } from '../entry-params';
import { useLoginFlow } from '../use-login-flow';

// Loaded when first needed: most people reach the code dialog after typing their email.
const EmailCodeDialog = lazy(() => import('../components/email-code-dialog').then((m) => ({ default: m.EmailCodeDialog })));
// Sign-in with the identity provider (its button, hidden when the install offers none, and its callback page): one
// chunk outside the first load, through one import, and so one list of what it needs to preload.
const loadOauth = () => import('../oauth');
const OauthButton = lazy(() => loadOauth().then((m) => ({ default: m.OauthButton })));

const OTHER_PAGE: Record<LoginMode, { path: string; key: string }> = {
  individual: { path: 'business-login', key: 'auth.switchToBusiness' },
  independent: { path: 'business-login-independent', key: 'auth.switchToBusiness' },
  business: { path: 'login-v2', key: 'auth.switchToIndividual' },
  businessIndependent: { path: 'login-independent', key: 'auth.switchToIndividual' },
};

/** One sign-in page for every mode: the steps of docs/rules/screens.md in a card, the email code in a dialog. */
export function LoginPage({ mode }: { mode: LoginMode }) {
  const { t } = useTranslation();
  const { lng } = useParams();
  const [params] = useSearchParams();
  const flow = useLoginFlow(mode);
  const [termsAccepted, setTermsAccepted] = useState(false);

  useEffect(() => {
    void keepEntryParams(params);
  }, [params]);

  const afterSignIn = AFTER_SIGN_IN_TEXTS[flow.step];
  const title = afterSignIn ? t(afterSignIn.title) : flow.step === 'signup' ? t('auth.signupTitle') : t(`auth.title.${mode}`);
  const description = afterSignIn ? t(afterSignIn.description) : flow.step === 'loginPre' ? t('auth.subtitle') : undefined;
  const other = OTHER_PAGE[mode];

  return (
    <AuthCard title={title} description={description}>
      {flow.step === 'loginPre' || flow.step === 'verificationCode' ? (
        <EmailStep initialEmail={flow.email} error={flow.error} onSubmit={flow.submitEmail} />
      ) : null}
      {flow.step === 'loginPre' ? (
        <Suspense fallback={null}>
          <OauthButton mode={mode} />
        </Suspense>
      ) : null}
      {flow.step === 'login' ? (
        <PasswordStep
          email={flow.email}
          mode={mode}
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
      <AfterSignInSteps flow={flow} mode={mode} />
      {flow.step === 'loginPre' || flow.step === 'login' ? (
        <Link to={`/${lng}/${other.path}`} className="text-center text-sm text-muted underline-offset-4 hover:text-fg hover:underline">
          {t(other.key)}
        </Link>
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

/**
 * oauth-callback, where the identity provider sends the person back: loaded through this module (the
 * route table's), so the sign-in code it shares with these pages stays in their chunk instead of being
 * split out of it, which would weigh on their first load.
 */
export const OauthCallbackPage = lazy(() => loadOauth().then((m) => ({ default: m.OauthCallbackPage })));
