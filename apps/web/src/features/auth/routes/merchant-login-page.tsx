import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorView, GradientButton, Spinner } from '@/ui';
import { AFTER_SIGN_IN_TEXTS, AfterSignInSteps } from '../components/after-sign-in-steps';
import { AuthCard, FormError } from '../components/auth-card';
import { EmailStep } from '../components/email-step';
import { TermsCheckbox } from '../components/terms-checkbox';
import { type MerchantLogin, useMerchantLogin } from '../use-merchant-login';

const EmailCodeDialog = lazy(() => import('../components/email-code-dialog').then((m) => ({ default: m.EmailCodeDialog })));

/**
 * login-v3 and skip-login: a merchant sends its customer here with a signed link. The page asks
 * only what the server's account-selection state needs: confirm the merchant's email, type
 * another, choose between two accounts, or enter the emailed code.
 */
export function MerchantLoginPage({ skip }: { skip: boolean }) {
  const { t } = useTranslation();
  const { lng } = useParams();
  const merchant = useMerchantLogin(skip);
  const { flow, view, result, error } = merchant;
  const merchantName = result?.merchantName ?? '';

  const afterSignIn = AFTER_SIGN_IN_TEXTS[flow.step];
  if (afterSignIn) {
    return (
      <AuthCard title={t(afterSignIn.title)} description={t(afterSignIn.description)}>
        <AfterSignInSteps flow={flow} mode="independent" />
      </AuthCard>
    );
  }
  if (view === 'loading' || view === 'signedIn') {
    return (
      <div className="flex min-h-dvh items-center justify-center">
        <Spinner size="lg" label={t('auth.merchant.loading')} />
      </div>
    );
  }
  if (view === 'invalidLink' || view === 'failed') {
    const invalid = view === 'invalidLink';
    return (
      <div className="mx-auto flex min-h-dvh max-w-[420px] flex-col justify-center px-4">
        <ErrorView
          title={t(invalid ? 'auth.merchant.invalidLink.title' : 'auth.error.generic')}
          content={invalid ? t('auth.merchant.invalidLink.content') : undefined}
          footer={
            invalid ? (
              <Link to={`/${lng}/login-independent`} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
                {t('auth.merchant.invalidLink.signIn')}
              </Link>
            ) : undefined
          }
          onRetry={invalid ? undefined : merchant.retry}
        />
      </div>
    );
  }

  const titles = {
    confirm: t('auth.merchant.confirm.title', { merchant: merchantName }),
    newEmail: t('auth.merchant.newEmail.title'),
    selectAccount: t('auth.merchant.select.title'),
    code: t('auth.codeDialog.title'),
  };
  return (
    <AuthCard title={titles[view]}>
      {view === 'confirm' ? <ConfirmView merchant={merchant} /> : null}
      {view === 'newEmail' ? <NewEmailView merchant={merchant} /> : null}
      {view === 'selectAccount' ? <SelectAccountView merchant={merchant} /> : null}
      {view === 'code' ? <CodeView merchant={merchant} /> : null}
      {view !== 'code' ? <FormError message={error} /> : null}
    </AuthCard>
  );
}

function ConfirmView({ merchant }: { merchant: MerchantLogin }) {
  const { t } = useTranslation();
  const { result } = merchant;
  const isNew = !result?.accountExists;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-fg">
        {t(isNew ? 'auth.merchant.confirm.create' : 'auth.merchant.confirm.existing', {
          email: result?.email,
          merchant: result?.merchantName,
        })}
      </p>
      {isNew ? <TermsCheckbox checked={merchant.termsAccepted} onChange={merchant.setTermsAccepted} /> : null}
      <GradientButton
        fullWidth
        showContinueArrow
        variant={!isNew || merchant.termsAccepted ? 'primary' : 'inactive'}
        onClick={() => void merchant.confirmEmail()}
      />
      <UseAnotherEmail merchant={merchant} />
    </div>
  );
}

function NewEmailView({ merchant }: { merchant: MerchantLogin }) {
  const { t } = useTranslation();
  const reason = merchant.result?.newEmailReason;
  return (
    <div className="flex flex-col gap-4">
      <p role="note" className="text-sm text-fg">
        {reason === 'PRIVATE_RELAY'
          ? t('auth.merchant.newEmail.privateRelay', { email: merchant.result?.email })
          : reason === 'ACCOUNT_UNAVAILABLE'
            ? t('auth.merchant.newEmail.unavailable', { email: merchant.result?.email })
            : t('auth.merchant.newEmail.intro', { merchant: merchant.result?.merchantName })}
      </p>
      <TermsCheckbox checked={merchant.termsAccepted} onChange={merchant.setTermsAccepted} hint={t('auth.merchant.termsForNew')} />
      <EmailStep initialEmail="" onSubmit={merchant.submitNewEmail} />
    </div>
  );
}

function SelectAccountView({ merchant }: { merchant: MerchantLogin }) {
  const { t } = useTranslation();
  const merchantName = merchant.result?.merchantName;
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-fg">{t('auth.merchant.select.intro', { merchant: merchantName })}</p>
      {merchant.result?.accounts.map((account) => (
        <button
          key={account.choice}
          type="button"
          onClick={() => void merchant.selectAccount(account.choice)}
          className="flex flex-col items-start gap-1 rounded-xl border border-line bg-surface p-4 text-left hover:border-primary focus-visible:outline-2 focus-visible:outline-primary"
        >
          <span className="text-sm text-muted">
            {t(account.choice === 'LINKED' ? 'auth.merchant.select.linked' : 'auth.merchant.select.fromMerchant', {
              merchant: merchantName,
            })}
          </span>
          <span className="break-all font-medium text-fg">{account.email}</span>
        </button>
      ))}
    </div>
  );
}

function CodeView({ merchant }: { merchant: MerchantLogin }) {
  const { t } = useTranslation();
  const { result } = merchant;
  const email = result?.email ?? '';
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-fg">{t('auth.codeDialog.description', { email })}</p>
      {!result?.accountExists ? <TermsCheckbox checked={merchant.termsAccepted} onChange={merchant.setTermsAccepted} /> : null}
      <GradientButton fullWidth onClick={merchant.openCodeDialog}>
        {t('auth.merchant.enterCode')}
      </GradientButton>
      {result?.state === 'WAIT_EMAIL_VERIFY_CODE' ? <UseAnotherEmail merchant={merchant} /> : null}
      {merchant.codeDialogOpen ? (
        <Suspense fallback={null}>
          <EmailCodeDialog
            open
            email={email}
            alreadySent={{ resendAfterSeconds: merchant.secondsUntilResend() }}
            sendCode={merchant.resendCode}
            submitCode={merchant.submitCode}
            onClose={merchant.closeCodeDialog}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

function UseAnotherEmail({ merchant }: { merchant: MerchantLogin }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      onClick={merchant.useAnotherEmail}
      className="text-sm font-medium text-primary underline-offset-4 hover:underline"
    >
      {t('auth.useAnotherEmail')}
    </button>
  );
}

export const LoginV3Page = () => <MerchantLoginPage skip={false} />;
export const SkipLoginPage = () => <MerchantLoginPage skip />;
