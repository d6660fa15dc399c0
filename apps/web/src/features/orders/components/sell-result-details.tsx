import { useTranslation } from '../texts';
import { cardNetworkName } from '@/lib/card-networks';
import { compareDecimal, isDecimalString } from '@/lib/decimal';
import { useNetworkName } from '@/lib/network-names';
import { Spinner } from '@/ui';
import type { OrderDetail } from '../api/orders-api';
import { useOrderMoney } from '../use-order-money';
import { CopyValue, DetailItem } from './copy-value';

/** "Visa 4242 **** **** 4242": the card a sell pays out to. */
export const cardText = (card: NonNullable<OrderDetail['card']>) => `${cardNetworkName(card.cardProcessor)} ${card.maskedNumber}`;

/** More arrived than was sold (docs/rules/sell-deposits.md OVER): the rest is owed back to the person. */
export function receivedMoreThanSold(detail: Pick<OrderDetail, 'deposit' | 'cryptoAmount'>): boolean {
  const received = detail.deposit?.receivedAmount;
  return (
    received !== null &&
    received !== undefined &&
    isDecimalString(received) &&
    isDecimalString(detail.cryptoAmount) &&
    compareDecimal(received, detail.cryptoAmount) > 0
  );
}

/** A sell's PROCESSING: the crypto is in and sold at the quoted price; the payout to the card is on its way. */
export function SellProgressDetails({ detail }: { detail: OrderDetail }) {
  const { t } = useTranslation();
  const money = useOrderMoney();
  const received = detail.deposit?.receivedAmount ?? detail.cryptoAmount;
  return (
    <div className="flex flex-col gap-4">
      <Spinner size="lg" className="text-primary" label={t('orders.result.sell.processing.title')} />
      <dl className="flex flex-col gap-2 rounded-xl border border-line bg-surface px-4 py-3">
        <DetailItem label={t('orders.detail.cryptoReceived')} value={money.crypto(received, detail.cryptoCurrency)} />
        {/* A bank sell's proceeds go to the balance, not to a card. */}
        <DetailItem
          label={t(detail.paymentMethod === 'BANK_TRANSFER' ? 'bankOrders.result.sell.toBalance' : 'orders.detail.payingOut')}
          value={money.fiat(detail.fiatAmount, detail.fiatCurrency)}
        />
        {detail.card ? <DetailItem label={t('orders.detail.payoutCard')} value={cardText(detail.card)} /> : null}
      </dl>
      {receivedMoreThanSold(detail) ? <p className="text-sm text-fg">{t('orders.outcome.overReceived')}</p> : null}
      <p className="text-sm text-muted">{t('orders.result.sell.processing.leave')}</p>
    </div>
  );
}

/** A sell's SUCCESS: what reached the card, what was sold, from which address, and the transfer to look up. */
export function SellSuccessDetails({ detail }: { detail: OrderDetail }) {
  const { t } = useTranslation();
  const money = useOrderMoney();
  const networkName = useNetworkName();
  return (
    <div className="flex flex-col gap-3">
      <p className="text-center text-3xl font-semibold break-all text-fg">{money.fiat(detail.fiatAmount, detail.fiatCurrency)}</p>
      <dl className="flex flex-col gap-2 rounded-xl border border-line bg-surface px-4 py-3">
        <DetailItem label={t('orders.detail.sold')} value={money.crypto(detail.cryptoAmount, detail.cryptoCurrency)} />
        {detail.deposit?.receivedAmount ? (
          <DetailItem
            label={t('orders.detail.cryptoReceived')}
            value={money.crypto(detail.deposit.receivedAmount, detail.cryptoCurrency)}
          />
        ) : null}
        {detail.card ? <DetailItem label={t('orders.detail.payoutCard')} value={cardText(detail.card)} /> : null}
        <DetailItem label={t('orders.detail.network')} value={networkName(detail.cryptoCurrency, detail.network)} />
        <CopyValue label={t('orders.deposit.address')} value={detail.deposit?.address ?? detail.walletAddress} />
        {detail.txHash ? <CopyValue label={t('orders.detail.txHash')} value={detail.txHash} /> : null}
      </dl>
      {receivedMoreThanSold(detail) ? <p className="text-sm text-fg">{t('orders.outcome.overReceived')}</p> : null}
      <p className="text-center text-sm text-muted">
        {t(detail.paymentMethod === 'BANK_TRANSFER' ? 'bankOrders.result.sell.arrival' : 'orders.result.sell.success.arrival')}
      </p>
    </div>
  );
}
