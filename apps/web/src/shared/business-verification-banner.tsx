import type { KybInfo } from '@causeway/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { businessFailureReason, businessVerificationState } from '@/lib/business-verification';
import { cx } from '@/ui/class-names';
import { AlertIcon, InfoIcon } from '@/ui/icons';

/** The page of the onboarding form, where Verify Now and Try Again lead. */
export const BUSINESS_FORM_PATH = 'business-account-form';

/** The app's primary button look (GradientButton's), on a link or a button. */
const ACTION_CLASS =
  'inline-flex min-h-12 shrink-0 items-center justify-center rounded-xl bg-linear-to-r from-primary to-primary-2 px-5 text-base font-semibold text-on-primary shadow-sm hover:brightness-110';

export interface BusinessVerificationBannerProps {
  /** The account's kybInfo (query-overview-info, or basic-info/get); null before a business has one. */
  kybInfo: KybInfo | null;
  /**
   * Where Verify Now and Try Again lead instead of the form's page: the Verification Center, which
   * shows the form itself, takes the person to it on the same page.
   */
  onAction?: () => void;
  className?: string;
}

/**
 * The business verification banner of the portal home and the Verification Center (docs/rules/kyb.md,
 * spec §4): Initial "finish verification" with Verify Now; Processing "under review" without a button;
 * Failed the failure message without a button; Resubmitting the failure message with Try Again (the
 * form then opens on what the reviewer flagged). Nothing once verified. Its texts are in the
 * first-load `verification` area, so any page may show it.
 */
export function BusinessVerificationBanner({ kybInfo, onAction, className }: BusinessVerificationBannerProps) {
  const { t } = useTranslation();
  const { lng = 'en' } = useParams();
  const state = businessVerificationState(kybInfo);
  if (state === 'Pass') return null;
  const reason = businessFailureReason(kybInfo);
  const failed = state === 'Failed' || state === 'Resubmitting';
  const action =
    state === 'Initial' ? t('verification.business.verifyNow') : state === 'Resubmitting' ? t('verification.business.tryAgain') : null;
  const Icon = failed ? AlertIcon : InfoIcon;
  return (
    <div
      role="status"
      data-state={state}
      className={cx(
        'flex flex-col gap-3 rounded-2xl border bg-surface p-4 sm:flex-row sm:items-center',
        failed ? 'border-danger' : 'border-line',
        className,
      )}
    >
      <Icon className={cx('size-6 shrink-0', failed ? 'text-danger' : 'text-primary')} aria-hidden="true" />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="font-semibold text-fg">{t(`verification.business.${state}.title`)}</p>
        <p className="text-sm break-words whitespace-pre-line text-muted">
          {failed && reason ? reason : t(`verification.business.${state}.text`)}
        </p>
      </div>
      {action && onAction ? (
        <button type="button" onClick={onAction} className={ACTION_CLASS}>
          {action}
        </button>
      ) : null}
      {action && !onAction ? (
        <Link to={`/${lng}/${BUSINESS_FORM_PATH}`} className={ACTION_CLASS}>
          {action}
        </Link>
      ) : null}
    </div>
  );
}
