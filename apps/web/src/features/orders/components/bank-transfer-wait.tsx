import type { OrderBankTransfer } from '@causeway/contracts';
import { formatDateTime } from '@/lib/date-format';
import type { OrderDetail } from '../api/orders-api';
import { useTranslation } from '../texts';
import { useOrderMoney } from '../use-order-money';
import { BankTransferDetails } from './bank-transfer-details';

/**
 * A bank-transfer buy waiting for its transfer (docs/rules/bank-transfers.md, funding TRANSFER): where
 * to send it, with the order's own reference; what has arrived for it so far (a polite live region:
 * the page polls, and a part that arrives is heard); the deadline, after which the order expires and
 * what arrived stays in the balance; and what the amount buys at today's price, since the price is
 * set when the money arrives.
 */
export function BankTransferWait({ detail, transfer }: { detail: OrderDetail; transfer: OrderBankTransfer }) {
  const { t, i18n } = useTranslation();
  const money = useOrderMoney();
  return (
    <div className="flex flex-col gap-4">
      <BankTransferDetails instructions={transfer} referenceWhy={t('bankOrders.result.referenceWhy')} />
      <section
        aria-label={t('bankOrders.result.received')}
        className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4 sm:p-5"
      >
        <dl className="grid gap-3 sm:grid-cols-2">
          <div className="flex flex-col gap-1">
            <dt className="text-xs font-medium text-muted">{t('bankOrders.result.received')}</dt>
            <dd className="text-base font-semibold break-words text-fg tabular-nums">
              <span role="status">
                {t('bankOrders.result.receivedValue', {
                  received: money.fiat(transfer.received, transfer.currency),
                  amount: money.fiat(transfer.amount, transfer.currency),
                })}
              </span>
            </dd>
          </div>
          <div className="flex flex-col gap-1">
            <dt className="text-xs font-medium text-muted">{t('bankOrders.result.deadline')}</dt>
            <dd className="text-base font-semibold text-fg">{formatDateTime(detail.deadlineAt, i18n.language)}</dd>
          </div>
        </dl>
        <p className="text-sm text-muted">{t('bankOrders.result.deadlineNote')}</p>
        <p className="text-sm text-fg">
          {t('bankOrders.result.estimate', { crypto: money.crypto(detail.cryptoAmount, detail.cryptoCurrency) })}
        </p>
      </section>
    </div>
  );
}
