import { useId } from 'react';
import { formatDateTime } from '@/lib/date-format';
import { useTranslation } from '../texts';
import { depositOutcomeText, type DepositOwed } from './deposit-actions';
import { cardClass, itemClass, smallButtonClass, titleClass } from './desk-classes';

/** An id or a hash on its own line: monospace, wrapped anywhere so it fits 360 px. */
const monoClass = 'font-mono break-all';

/**
 * The Orders waiting screen's third list (docs/rules/sell-deposits.md): crypto a sell's deposit address received and
 * we owe back, oldest first. A return in flight shows where it goes and offers no action; a failed one says why, and
 * a role with orders:act sends it (again) from the row.
 */
export function DepositsOwedSection({
  items,
  mayAct,
  lng,
  onReturn,
}: {
  items: readonly DepositOwed[];
  mayAct: boolean;
  lng: string;
  onReturn: (item: DepositOwed) => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={cardClass}>
      <h2 id={headingId} className={titleClass}>
        {t('desk.orders.owedTitle')}
      </h2>
      {items.length === 0 ? (
        <p className="text-sm text-muted">{t('desk.orders.owedNone')}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {items.map((item) => {
            const amount = `${item.owed} ${item.asset}`;
            const returning = item.returning;
            return (
              <li key={item.transferId} className={itemClass}>
                <p className="text-sm font-semibold text-fg">{t('desk.orders.owed', { amount, network: item.network })}</p>
                <p className="text-sm text-fg">{t('desk.orders.reason', { reason: depositOutcomeText(t, item.outcome) })}</p>
                <p className="text-sm text-fg">
                  {t('desk.orders.owedOrder')} <span className={monoClass}>{item.orderId}</span>
                </p>
                <p className="text-sm text-fg">
                  {t('desk.orders.owedTx')} <span className={monoClass}>{item.txHash}</span>
                </p>
                <p className="text-xs text-muted">{t('desk.orders.seen', { at: formatDateTime(item.seenAt, lng) })}</p>
                {item.lastFailure ? (
                  <p className="text-sm break-words text-danger">
                    {t(returning ? 'desk.orders.returnTrouble' : 'desk.orders.lastFailure', { failure: item.lastFailure })}
                  </p>
                ) : null}
                {returning ? (
                  <>
                    <p className="text-sm wrap-anywhere text-fg">
                      {t(returning.memo ? 'desk.orders.returningTagged' : 'desk.orders.returning', {
                        address: returning.address,
                        memo: returning.memo ?? '',
                        at: formatDateTime(returning.requestedAt, lng),
                      })}
                    </p>
                    {returning.txHash ? (
                      <p className="text-sm text-fg">
                        {t('desk.orders.returnTx')} <span className={monoClass}>{returning.txHash}</span>
                      </p>
                    ) : null}
                  </>
                ) : mayAct ? (
                  <button
                    type="button"
                    className={`${smallButtonClass} self-start`}
                    aria-label={t('desk.waitingActions.returnOwedFor', { amount, orderId: item.orderId })}
                    onClick={() => onReturn(item)}
                  >
                    {t('desk.waitingActions.returnOwed', { amount })}
                  </button>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
