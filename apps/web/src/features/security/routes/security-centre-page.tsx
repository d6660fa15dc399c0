import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatDateTime } from '@/lib/date-format';
import { useHttpClient } from '@/lib/http-context';
import { storedMode } from '@/lib/mode';
import { useLoginStatus } from '@/lib/target-entity';
import { useLogout } from '@/lib/use-logout';
import { GradientButton, Spinner } from '@/ui';
import { createSecurityApi } from '../api/security-api';
import { LogoutButton } from '../components/logout-button';

// Loaded when opened: most visits to the security centre only look at it.
const AuthenticatorBindModal = lazy(() =>
  import('@/shared/authenticator/authenticator-bind-modal').then((m) => ({ default: m.AuthenticatorBindModal })),
);
const ChangeAuthenticatorModal = lazy(() =>
  import('../components/change-authenticator-modal').then((m) => ({ default: m.ChangeAuthenticatorModal })),
);
const ChangePasswordForm = lazy(() => import('../components/change-password-form').then((m) => ({ default: m.ChangePasswordForm })));

/**
 * A button beside a section's text: its label stays on one line and the text gives way to it
 * (it wrapped to "Set / up" at 1280 px); below the sm breakpoint the row stacks instead.
 */
const ROW_BUTTON = 'shrink-0 self-start whitespace-nowrap sm:self-center';

/**
 * The security centre: the signed-in address, the authenticator (the bind modal, or the change modal
 * once one is bound; while sensitive actions are paused, until when and why), the password and logout.
 * `settings` for individuals and independent users, `corporation-portal/setting` for businesses
 * (independent or not). `?bind=authenticator` opens the bind modal (the sign-up's "Set up now").
 * `sections`: other features' settings shown above Logout (the route table adds the promotional emails).
 */
export function SecurityCentrePage({ sections }: { sections?: ReactNode } = {}) {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const api = createSecurityApi(useHttpClient());
  const status = useLoginStatus();
  const binding = useQuery({ queryKey: ['binding-status'], queryFn: () => api.bindingStatus() });
  const coolingOff = binding.data?.bindStatus === 'COOLING_OFF_PERIOD';
  // When selling and adding cards resume: asked only while they are paused.
  const account = useQuery({ queryKey: ['account-status-check'], queryFn: () => api.accountStatus(), enabled: coolingOff });
  const logout = useLogout();
  const [bindOpen, setBindOpen] = useState(params.get('bind') === 'authenticator');
  const [changeOpen, setChangeOpen] = useState(false);
  const [changingPassword, setChangingPassword] = useState(false);

  /** A password or authenticator change starts the 24 h pause: the section reads its state again. */
  const readSecurityAgain = () => {
    void queryClient.invalidateQueries({ queryKey: ['binding-status'] });
    void queryClient.invalidateQueries({ queryKey: ['account-status-check'] });
  };

  const closeBind = () => {
    setBindOpen(false);
    if (params.has('bind')) setParams({}, { replace: true });
  };

  if (status.isPending || binding.isPending)
    return (
      <div className="flex justify-center py-16">
        <Spinner size="lg" />
      </div>
    );
  const email = status.data?.email ?? '';
  const bindStatus = binding.data?.bindStatus ?? 'NONE';
  const pausedUntil = coolingOff ? formatDateTime(account.data?.sensitiveActionsSuspendedUntil, i18n.language) : '';

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <header>
        <h1 className="text-2xl font-semibold">{t('security.title')}</h1>
        <p className="mt-1 text-sm text-muted">{t('security.signedInAs', { email })}</p>
      </header>
      <section
        aria-labelledby="two-factor"
        className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4 sm:flex-row sm:items-center sm:justify-between"
      >
        <div className="min-w-0 flex-1">
          <h2 id="two-factor" className="font-semibold">
            {t('security.twoFactor.title')}
          </h2>
          <p className="mt-1 text-sm text-muted">{t('security.twoFactor.description')}</p>
          <p
            data-testid="two-factor-status"
            className={`mt-2 text-sm font-medium ${bindStatus === 'NONE' ? 'text-muted' : 'text-success'}`}
          >
            {t(bindStatus === 'NONE' ? 'security.twoFactor.off' : 'security.twoFactor.on')}
          </p>
          {coolingOff ? (
            <div data-testid="sensitive-actions-paused" className="mt-3 rounded-xl border border-line bg-surface-2 p-3 text-sm">
              <p className="font-medium text-fg">
                {pausedUntil ? t('security.twoFactor.pausedUntil', { until: pausedUntil }) : t('security.twoFactor.paused')}
              </p>
              <p className="mt-1 text-muted">{t('security.twoFactor.pausedWhy')}</p>
            </div>
          ) : null}
        </div>
        {bindStatus === 'NONE' ? (
          <GradientButton onClick={() => setBindOpen(true)} className={ROW_BUTTON}>
            {t('security.twoFactor.setUp')}
          </GradientButton>
        ) : (
          <GradientButton variant="outline" onClick={() => setChangeOpen(true)} className={ROW_BUTTON}>
            {t('security.twoFactor.change')}
          </GradientButton>
        )}
      </section>
      <section aria-labelledby="password" className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="min-w-0 flex-1">
            <h2 id="password" className="font-semibold">
              {t('security.changePassword.title')}
            </h2>
            <p className="mt-1 text-sm text-muted">{t('security.changePassword.description')}</p>
          </div>
          <GradientButton
            variant="outline"
            onClick={() => setChangingPassword(!changingPassword)}
            aria-expanded={changingPassword}
            className={ROW_BUTTON}
          >
            {t(changingPassword ? 'security.changePassword.cancel' : 'security.changePassword.open')}
          </GradientButton>
        </div>
        {changingPassword ? (
          <Suspense fallback={<Spinner />}>
            <ChangePasswordForm
              api={api}
              needsAuthenticator={bindStatus !== 'NONE'}
              onDone={() => {
                setChangingPassword(false);
                readSecurityAgain();
              }}
            />
          </Suspense>
        ) : null}
      </section>
      {/* Other features' sections (the promotional-email choice), composed by the route table; loaded as they show. */}
      {sections ? <Suspense fallback={null}>{sections}</Suspense> : null}
      <div>
        {/* The session of these paths is the remembered mode (their paths name none), as for every call on them. */}
        <LogoutButton onConfirm={() => logout(storedMode())} />
      </div>
      {bindOpen ? (
        <Suspense fallback={null}>
          <AuthenticatorBindModal
            open
            email={email}
            api={api}
            onClose={closeBind}
            onBound={() => {
              closeBind();
              void binding.refetch();
            }}
          />
        </Suspense>
      ) : null}
      {changeOpen ? (
        <Suspense fallback={null}>
          <ChangeAuthenticatorModal open email={email} api={api} onClose={() => setChangeOpen(false)} onChanged={readSecurityAgain} />
        </Suspense>
      ) : null}
    </div>
  );
}

export default SecurityCentrePage;
