import { cx } from '@/ui/class-names';
import { AlertIcon, CheckCircleIcon } from '@/ui/icons';
import { BANNER_CLOSING_MS, type BannerState } from './use-request-form';

export interface SubmitBannerProps {
  /** The banner to show; nothing when null. */
  banner: BannerState | null;
  /** The text of each outcome (the form's own words). */
  successText: string;
  failureText: string;
}

/**
 * The result of a send (spec §4): a success banner is a polite status, a failure an alert. It
 * fades during its closing phase (no fade with reduced motion); the hook then removes it.
 */
export function SubmitBanner({ banner, successText, failureText }: SubmitBannerProps) {
  if (!banner) return null;
  const isSuccess = banner.outcome === 'success';
  const Icon = isSuccess ? CheckCircleIcon : AlertIcon;
  return (
    <div
      role={isSuccess ? 'status' : 'alert'}
      data-outcome={banner.outcome}
      data-phase={banner.phase}
      // The fade lasts exactly the closing phase.
      style={{ transitionDuration: `${BANNER_CLOSING_MS}ms` }}
      className={cx(
        'flex items-start gap-2 rounded-xl border bg-surface-2 px-3 py-2.5 text-sm text-fg transition-opacity motion-reduce:transition-none',
        isSuccess ? 'border-success' : 'border-danger',
        banner.phase === 'closing' ? 'opacity-0' : 'opacity-100',
      )}
    >
      <Icon className={isSuccess ? 'text-success' : 'text-danger'} />
      <span className="min-w-0 break-words">{isSuccess ? successText : failureText}</span>
    </div>
  );
}
