import { useCopy } from '@/lib/use-copy';
import { useTranslation } from '../texts';
import { cx } from '@/ui/class-names';

/**
 * How a copied value is written: a code (address, hash, IBAN) wraps anywhere, so a 64-character
 * hash fits a 360 px screen; words (a name, a bank's address) wrap between words; a reference, the
 * one value a transfer must not miss, is a large code.
 */
const LOOKS = {
  code: 'font-mono text-sm break-all',
  words: 'text-sm break-words',
  reference: 'font-mono text-2xl font-semibold tracking-wide break-all',
} as const;

/**
 * A labelled value people copy (address, transaction hash, order id, bank details): shown whole,
 * with a Copy button where the browser offers the clipboard.
 */
export function CopyValue({ label, value, look = 'code' }: { label: string; value: string; look?: keyof typeof LOOKS }) {
  const { t } = useTranslation();
  const { canCopy, copied, copy } = useCopy(value);

  return (
    <div className="flex flex-col gap-1">
      <dt className="text-xs font-medium text-muted">{label}</dt>
      {/* The Copied status sits in the dd: a dl's div holds only dt and dd (HTML; axe definition-list). */}
      <dd className="flex flex-col gap-1">
        <span className="flex items-start gap-2">
          <span className={cx('min-w-0 flex-1 text-fg', LOOKS[look])}>{value}</span>
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
