import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from './class-names.ts';
import { GradientButton } from './gradient-button.tsx';

/** Props of {@link ErrorView}. */
export interface ErrorViewProps {
  /** Heading; defaults to t('ui.errorView.title') ("Something went wrong"). */
  title?: ReactNode;
  /** Explanation under the title. */
  content?: ReactNode;
  /** Actions under the content, e.g. a link elsewhere; shown under the Try again button when both are given. */
  footer?: ReactNode;
  /** When given, a Try again button (t('ui.errorView.retry')) that calls it. */
  onRetry?: () => void;
  /** Heading level, default 1 because the view usually replaces a whole page. */
  headingLevel?: 1 | 2 | 3;
  className?: string;
}

/** Decorative illustration: a page with a warning sign, drawn with theme colours only. */
function ErrorIllustration() {
  return (
    <svg viewBox="0 0 160 120" aria-hidden="true" className="h-28 w-auto">
      <circle cx="80" cy="60" r="56" className="fill-surface-2" />
      <rect x="48" y="22" width="64" height="80" rx="8" strokeWidth="2" className="fill-surface stroke-line" />
      <path d="M60 40h40M60 52h28" strokeWidth="4" strokeLinecap="round" className="stroke-line" />
      <path d="M98 62 120 100H76z" strokeWidth="3" strokeLinejoin="round" className="fill-surface stroke-danger" />
      <path d="M98 76v10M98 93v.5" strokeWidth="4" strokeLinecap="round" className="stroke-danger" />
    </svg>
  );
}

/** Full-width error state: illustration, title, optional content, Try again and footer, centred. */
export function ErrorView({ title, content, footer, onRetry, headingLevel = 1, className }: ErrorViewProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const Heading = `h${headingLevel}` as const;
  return (
    <section
      aria-labelledby={titleId}
      className={cx('mx-auto flex w-full max-w-md flex-col items-center gap-3 px-4 py-10 text-center', className)}
    >
      <ErrorIllustration />
      <Heading id={titleId} className="text-xl font-semibold text-fg">
        {title ?? t('ui.errorView.title')}
      </Heading>
      {content !== undefined && <div className="text-sm text-muted">{content}</div>}
      {onRetry !== undefined || footer !== undefined ? (
        <div className="mt-3 flex w-full flex-col gap-3">
          {onRetry !== undefined && <GradientButton onClick={() => onRetry()}>{t('ui.errorView.retry')}</GradientButton>}
          {footer}
        </div>
      ) : null}
    </section>
  );
}
