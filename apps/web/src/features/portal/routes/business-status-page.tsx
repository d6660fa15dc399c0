import type { AccountOverview } from '@causeway/contracts';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useAccountInfo } from '@/lib/account-info';
import { businessFailureReason, businessVerificationState } from '@/lib/business-verification';
import { PORTAL_HOME } from '@/lib/gating';
import { errorText } from '@/lib/http-errors';
import { isIndependentMode, storedMode } from '@/lib/mode';
import { useLogout } from '@/lib/use-logout';
import { ErrorView, GradientButton, Spinner } from '@/ui';
import { cx } from '@/ui/class-names';
import { AlertIcon, CheckCircleIcon, InfoIcon } from '@/ui/icons';
import { primaryLinkClass } from '../components/portal-classes';
import { useTranslation } from '../texts';

/** What business-status says: the account's own state first, then where the review stands. */
export type BusinessStatusView = 'blocked' | 'terminated' | 'inactive' | 'processing' | 'failed' | 'ready';

/**
 * docs/rules/kyb.md gating, the reasons a business lands here: an account that is not Active (Blocked,
 * Terminated, or not active yet), a review under way (Processing) or refused (Failed). Anything else has
 * nothing to wait for here ('ready': the portal home, whose banner says what is left).
 */
export function businessStatusView(account: Pick<AccountOverview, 'accountStatus' | 'kybInfo'>): BusinessStatusView {
  if (account.accountStatus === 'Blocked') return 'blocked';
  if (account.accountStatus === 'Terminated') return 'terminated';
  if (account.accountStatus !== 'Active') return 'inactive';
  const state = businessVerificationState(account.kybInfo);
  if (state === 'Processing') return 'processing';
  if (state === 'Failed') return 'failed';
  return 'ready';
}

const TONE: Record<BusinessStatusView, 'info' | 'danger' | 'success'> = {
  processing: 'info',
  inactive: 'info',
  failed: 'danger',
  blocked: 'danger',
  terminated: 'danger',
  ready: 'success',
};
const ICON = { info: InfoIcon, danger: AlertIcon, success: CheckCircleIcon };

/**
 * business-status: where a business lands while its verification is under review (what happens next,
 * 1–2 working days) or failed (the reviewer's reason), or its account is blocked, closed or not active
 * yet. The ways on: the Verification Center (hidden in independent mode, like its menu entry; a review
 * it can act on, not a closed account), the portal once there is nothing to wait for, and Logout.
 */
export function BusinessStatusPage() {
  const { t } = useTranslation();
  const { lng = 'en' } = useParams();
  const mode = storedMode();
  const account = useAccountInfo(mode, { reportErrors: true });
  const logout = useLogout();
  const [leaving, setLeaving] = useState(false);

  if (!account.data) {
    return account.isError ? (
      <ErrorView content={errorText(account.error, t)} onRetry={() => void account.refetch()} />
    ) : (
      <div className="flex min-h-[50vh] items-center justify-center">
        <Spinner size="lg" label={t('portal.status.loading')} />
      </div>
    );
  }

  const view = businessStatusView(account.data);
  const tone = TONE[view];
  const Icon = ICON[tone];
  const reason = view === 'failed' ? businessFailureReason(account.data.kybInfo) : null;
  const canVerify = (view === 'processing' || view === 'failed') && !isIndependentMode(mode);
  const signOut = async () => {
    setLeaving(true);
    try {
      await logout(mode);
    } finally {
      setLeaving(false);
    }
  };

  return (
    <section aria-labelledby="business-status-title" className="mx-auto flex w-full max-w-[560px] min-w-0 flex-col gap-6 py-6">
      <div
        data-status={view}
        className={cx(
          'flex flex-col gap-3 rounded-2xl border bg-surface p-5 sm:flex-row sm:items-start',
          tone === 'danger' ? 'border-danger' : 'border-line',
        )}
      >
        <Icon
          aria-hidden="true"
          className={cx('size-7 shrink-0', tone === 'danger' ? 'text-danger' : tone === 'success' ? 'text-success' : 'text-primary')}
        />
        <div className="flex min-w-0 flex-col gap-2">
          <h1 id="business-status-title" className="text-xl font-semibold text-fg">
            {t(`portal.status.${view}.title`)}
          </h1>
          <p className="text-sm text-fg">{t(`portal.status.${view}.content`)}</p>
          {reason ? (
            <p className="text-sm break-words whitespace-pre-line text-fg">{t('portal.status.failed.reason', { reason })}</p>
          ) : null}
          {view === 'processing' || view === 'failed' ? <p className="text-sm text-muted">{t(`portal.status.${view}.next`)}</p> : null}
        </div>
      </div>
      <div className="flex flex-col gap-3">
        {canVerify ? (
          <Link to={`/${lng}/corporation-portal/kyb-status`} className={primaryLinkClass}>
            {t('portal.status.verificationCenter')}
          </Link>
        ) : null}
        {view === 'ready' ? (
          <Link to={`/${lng}/${PORTAL_HOME}`} className={primaryLinkClass}>
            {t('portal.status.portalHome')}
          </Link>
        ) : null}
        <GradientButton variant="white" fullWidth loading={leaving} onClick={() => void signOut()}>
          {t('portal.status.logout')}
        </GradientButton>
      </div>
    </section>
  );
}

export default BusinessStatusPage;
