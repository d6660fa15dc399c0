import type { OrderStatus } from '@causeway/contracts';
import { useTranslation } from '../texts';
import { cx } from '@/ui/class-names';
import { statusTone, type StatusTone } from '../order-format';

const TONE_CLASSES: Record<StatusTone, string> = {
  success: 'bg-success text-on-primary',
  danger: 'bg-danger text-on-primary',
  pending: 'bg-info text-on-primary',
  muted: 'bg-surface-2 text-muted',
};

/** An order's status as a small pill (history rows, the details sheet, the dashboard). */
export function StatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return (
    <span className={cx('inline-block shrink-0 rounded-full px-2 py-0.5 text-xs font-medium', TONE_CLASSES[statusTone(status)])}>
      {t(`orders.status.${status}`)}
    </span>
  );
}
