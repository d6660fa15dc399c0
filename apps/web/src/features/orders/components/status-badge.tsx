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

/**
 * The text key of a status's badge. A sell reads as one: it waits for the person's crypto, not for
 * a bank's check, and its card is never charged (so never "refunded" or "not charged").
 */
export function statusTextKey(status: OrderStatus, transactionType?: string): string {
  if (transactionType === 'sell') {
    if (status === 'OrderSubmitted') return 'orders.sellStatus.OrderSubmitted';
    if (status === 'EXPIRED_ERROR') return 'orders.status.EXPIRED';
    if (status === 'PARTIAL_AUTH') return 'orders.status.FAILED';
  }
  return `orders.status.${status}`;
}

/** An order's status as a small pill (history rows, the details sheet, the dashboard). */
export function StatusBadge({ status, transactionType }: { status: OrderStatus; transactionType?: string }) {
  const { t } = useTranslation();
  return (
    <span className={cx('inline-block shrink-0 rounded-full px-2 py-0.5 text-xs font-medium', TONE_CLASSES[statusTone(status)])}>
      {t(statusTextKey(status, transactionType))}
    </span>
  );
}
