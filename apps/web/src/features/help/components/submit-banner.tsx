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
 * The result of a send (docs/rules/order-states.md): a success banner is a polite status, a failure an alert. It
 * fades during its closing phase (no fade with reduced motion); the hook then removes it.
 *
 * The status region stays in the page, empty, between sends: a polite region inserted together
 * with its text is often not read out, so the text goes into one that already exists. Empty, it
 * is taken out of the flow (not hidden: a hidden region is as good as absent). An alert inserted
 * with its text is announced, so the failure banner comes and goes as a whole.
 */
export function SubmitBanner({ banner, successText, failureText }: SubmitBannerProps) {
  return (
    <>
      <BannerRegion outcome="success" banner={banner?.outcome === 'success' ? banner : null} text={successText} />
      {banner?.outcome === 'failure' ? <BannerRegion outcome="failure" banner={banner} text={failureText} /> : null}
    </>
  );
}

function BannerRegion({ outcome, banner, text }: { outcome: BannerState['outcome']; banner: BannerState | null; text: string }) {
  const isSuccess = outcome === 'success';
  const Icon = isSuccess ? CheckCircleIcon : AlertIcon;
  return (
    <div
      role={isSuccess ? 'status' : 'alert'}
      data-outcome={banner ? outcome : undefined}
      data-phase={banner?.phase}
      // The fade lasts exactly the closing phase.
      style={banner ? { transitionDuration: `${BANNER_CLOSING_MS}ms` } : undefined}
      className={
        banner
          ? cx(
              'flex items-start gap-2 rounded-xl border bg-surface-2 px-3 py-2.5 text-sm text-fg transition-opacity motion-reduce:transition-none',
              isSuccess ? 'border-success' : 'border-danger',
              banner.phase === 'closing' ? 'opacity-0' : 'opacity-100',
            )
          : 'absolute'
      }
    >
      {banner ? (
        <>
          <Icon className={isSuccess ? 'text-success' : 'text-danger'} />
          <span className="min-w-0 break-words">{text}</span>
        </>
      ) : null}
    </div>
  );
}
