import { useTranslation } from '../texts';
import { isZeroDecimal } from '@/lib/decimal';
import { type FeeLine, feeLines } from '@/lib/fee-lines';
import type { OrderDetail } from '../api/orders-api';
import { useOrderMoney } from '../use-order-money';
import { DetailItem } from './copy-value';

/**
 * An order's fees as lines that add up, as in the quote: network fee + our fee − the promotion =
 * total (lib/fee-lines); the spread apart, since it is inside the price. A sell has no network fee
 * of ours (the person pays their own chain's fee when they send): its zero line is left out.
 */
export function OrderFees({ order }: { order: Pick<OrderDetail, 'fees' | 'fiatCurrency'> & { transactionType?: string } }) {
  const { t } = useTranslation();
  const money = useOrderMoney();
  const fiat = (amount: string) => money.fiat(amount, order.fiatCurrency);
  const { fees } = order;
  const lines = feeLines(fees).filter(
    (line) => !(order.transactionType === 'sell' && line.kind === 'networkFee' && isZeroDecimal(line.amount)),
  );
  const labels: Record<FeeLine['kind'], string> = {
    networkFee: t('orders.detail.networkFee'),
    ourFee: t('orders.detail.ourFee'),
    discount: t('orders.detail.discount'),
  };
  return (
    <section aria-label={t('orders.detail.fees')}>
      <h3 className="mb-1 text-sm font-semibold text-fg">{t('orders.detail.fees')}</h3>
      <dl className="flex flex-col rounded-xl bg-surface-2 px-3 py-2">
        {lines.map((line) => (
          <DetailItem key={line.kind} label={labels[line.kind]} value={`${line.minus ? '−' : ''}${fiat(line.amount)}`} />
        ))}
        <DetailItem label={t('orders.detail.totalFees')} value={fiat(fees.total)} className="mt-1 border-t border-line pt-2" />
      </dl>
      {isZeroDecimal(fees.spread) ? null : (
        <dl className="px-3">
          <DetailItem label={t('orders.detail.spread')} value={fiat(fees.spread)} />
        </dl>
      )}
    </section>
  );
}
