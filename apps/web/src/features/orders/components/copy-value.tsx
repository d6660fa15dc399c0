import { useEffect, useState } from 'react';
import { useTranslation } from '../texts';
import { cx } from '@/ui/class-names';

/** How long "Copied" stays after a copy. */
const COPIED_MS = 2000;

/**
 * A labelled value people copy (address, transaction hash, order id): shown whole, wrapped
 * anywhere so a 64-character hash fits a 360 px screen, with a Copy button where the browser
 * offers the clipboard.
 */
export function CopyValue({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const canCopy = typeof navigator !== 'undefined' && Boolean(navigator.clipboard);
  const copy = () =>
    void navigator.clipboard.writeText(value).then(
      () => setCopied(true),
      () => setCopied(false),
    );

  return (
    <div className="flex flex-col gap-1">
      <dt className="text-xs font-medium text-muted">{label}</dt>
      {/* The Copied status sits in the dd: a dl's div holds only dt and dd (HTML; axe definition-list). */}
      <dd className="flex flex-col gap-1">
        <span className="flex items-start gap-2">
          <span className="min-w-0 flex-1 font-mono text-sm break-all text-fg">{value}</span>
          {canCopy ? (
            <button
              type="button"
              onClick={copy}
              aria-label={t('orders.copy.label', { label })}
              className="shrink-0 rounded-lg border border-line px-2 py-1 text-xs font-medium text-primary hover:bg-surface-2"
            >
              {t('orders.copy.button')}
            </button>
          ) : null}
        </span>
        <span role="status" className="min-h-4 text-xs text-success">
          {copied ? t('orders.copy.copied') : ''}
        </span>
      </dd>
    </div>
  );
}

/** A plain label and value of a detail list. */
export function DetailItem({ label, value, className }: { label: string; value: string; className?: string }) {
  return (
    <div className={cx('flex items-start justify-between gap-3 py-1', className)}>
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="min-w-0 text-right text-sm font-medium break-words text-fg">{value}</dd>
    </div>
  );
}
