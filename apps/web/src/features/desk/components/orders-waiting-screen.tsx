import { useId, useState } from 'react';
import { useParams } from 'react-router';
import { formatDateTime } from '@/lib/date-format';
import { type DeskOrdersWaiting, useOrdersWaiting } from '../api/desk-api';
import type { DeskScreenProps } from '../desk-screens';
import { useTranslation } from '../texts';
import { CloseFlagDialog, DepositReturnDialog, type DepositOwed } from './deposit-actions';
import { DepositsOwedSection } from './deposits-owed-section';
import { cardClass, codeClass, itemClass, smallButtonClass, titleClass } from './desk-classes';
import { QueryBody, ScreenHeader } from './screen-parts';
import { PayoutOutcomeDialog, suspenseReasonText, SuspenseCreditDialog } from './waiting-actions';

/** What the operator is acting on: the row whose dialog is open. */
type Acting =
  | { kind: 'payout'; order: DeskOrdersWaiting['orders'][number] }
  | { kind: 'credit'; credit: DeskOrdersWaiting['suspenseCredits'][number] }
  | { kind: 'deposit'; deposit: DepositOwed }
  | { kind: 'flag'; order: DeskOrdersWaiting['orders'][number] }
  | null;

/**
 * Orders waiting for an operator (docs/rules/operator-desk.md "Screens"): what
 * /operator/orders-awaiting-review and /operator/bank-suspense list, oldest first, never the person's wallet or card.
 * A role with orders:act also records a payout's outcome, credits or returns a credit in suspense, sends back crypto
 * a sell's deposit owes and closes a flagged payment ("Acting on what waits"): each in a dialog, with a reason,
 * audited by the server.
 */
export function OrdersWaitingScreen({ operator }: DeskScreenProps) {
  const { t } = useTranslation();
  const { lng = 'en' } = useParams();
  const waiting = useOrdersWaiting();
  const headingId = useId();
  const ordersId = useId();
  const creditsId = useId();
  const mayAct = operator.permissions.includes('orders:act');
  const [acting, setActing] = useState<Acting>(null);
  const [said, setSaid] = useState('');
  const done = (message: string) => {
    setActing(null);
    setSaid(message);
  };
  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-4">
      <ScreenHeader id={headingId} title={t('desk.orders.title')} intro={t('desk.orders.intro')} />
      <p role="status" className="text-sm wrap-anywhere text-fg empty:hidden">
        {said}
      </p>
      <QueryBody query={waiting}>
        {(answer) => (
          <>
            <section aria-labelledby={ordersId} className={cardClass}>
              <h2 id={ordersId} className={titleClass}>
                {t('desk.orders.ordersTitle')}
              </h2>
              {answer.orders.length === 0 ? (
                <p className="text-sm text-muted">{t('desk.orders.none')}</p>
              ) : (
                <ul className="flex flex-col gap-2">
                  {answer.orders.map((order) => (
                    <li key={`${order.kind}:${order.orderId}`} className={itemClass}>
                      <p className="text-sm font-semibold text-fg">{t(`desk.orders.kinds.${order.kind}`)}</p>
                      <p className={codeClass}>{order.orderId}</p>
                      <p className="text-sm text-fg">
                        {t('desk.orders.amounts', {
                          fiat: `${order.fiatAmount} ${order.fiatCurrency}`,
                          crypto: `${order.cryptoAmount} ${order.cryptoCurrency}`,
                          network: order.network,
                        })}
                      </p>
                      <p className="text-sm text-fg">{t('desk.orders.state', { status: order.status, step: order.step })}</p>
                      <p className="text-sm break-words text-fg">{t('desk.orders.reason', { reason: order.reason })}</p>
                      {order.since ? (
                        <p className="text-xs text-muted">{t('desk.orders.since', { at: formatDateTime(order.since, lng) })}</p>
                      ) : null}
                      {mayAct && order.kind === 'payout' && order.step === 'PAYOUT_REVIEW' ? (
                        <button
                          type="button"
                          className={`${smallButtonClass} self-start`}
                          aria-label={t('desk.waitingActions.recordOutcomeFor', { orderId: order.orderId })}
                          onClick={() => {
                            setSaid('');
                            setActing({ kind: 'payout', order });
                          }}
                        >
                          {t('desk.waitingActions.recordOutcome')}
                        </button>
                      ) : null}
                      {mayAct && order.kind === 'payment' ? (
                        <button
                          type="button"
                          className={`${smallButtonClass} self-start`}
                          aria-label={t('desk.waitingActions.closeFlagFor', { orderId: order.orderId })}
                          onClick={() => {
                            setSaid('');
                            setActing({ kind: 'flag', order });
                          }}
                        >
                          {t('desk.waitingActions.closeFlag')}
                        </button>
                      ) : null}
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <section aria-labelledby={creditsId} className={cardClass}>
              <h2 id={creditsId} className={titleClass}>
                {t('desk.orders.suspenseTitle')}
              </h2>
              {answer.suspenseCredits.length === 0 ? (
                <p className="text-sm text-muted">{t('desk.orders.suspenseNone')}</p>
              ) : (
                <ul className="flex flex-col gap-2">
                  {answer.suspenseCredits.map((credit) => (
                    <li key={credit.creditId} className={itemClass}>
                      <p className="text-sm font-semibold text-fg">
                        {t('desk.orders.credit', { amount: `${credit.amount} ${credit.currency}`, payer: credit.payerName })}
                      </p>
                      <p className="text-sm break-words text-fg">{t('desk.orders.reference', { reference: credit.reference })}</p>
                      <p className="text-sm text-fg">{t('desk.orders.reason', { reason: suspenseReasonText(t, credit.reason) })}</p>
                      <p className="text-xs text-muted">{t('desk.orders.received', { at: formatDateTime(credit.receivedAt, lng) })}</p>
                      {credit.toReturn ? (
                        <p className="text-sm text-fg">{t('desk.waitingActions.toReturn')}</p>
                      ) : mayAct ? (
                        <button
                          type="button"
                          className={`${smallButtonClass} self-start`}
                          aria-label={t('desk.waitingActions.decideFor', {
                            amount: `${credit.amount} ${credit.currency}`,
                            payer: credit.payerName,
                          })}
                          onClick={() => {
                            setSaid('');
                            setActing({ kind: 'credit', credit });
                          }}
                        >
                          {t('desk.waitingActions.decide')}
                        </button>
                      ) : null}
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <DepositsOwedSection
              items={answer.depositsOwed}
              mayAct={mayAct}
              lng={lng}
              onReturn={(deposit) => {
                setSaid('');
                setActing({ kind: 'deposit', deposit });
              }}
            />
          </>
        )}
      </QueryBody>
      {acting?.kind === 'payout' ? <PayoutOutcomeDialog item={acting.order} onClose={() => setActing(null)} onDone={done} /> : null}
      {acting?.kind === 'credit' ? <SuspenseCreditDialog item={acting.credit} onClose={() => setActing(null)} onDone={done} /> : null}
      {acting?.kind === 'deposit' ? <DepositReturnDialog item={acting.deposit} onClose={() => setActing(null)} onDone={done} /> : null}
      {acting?.kind === 'flag' ? <CloseFlagDialog item={acting.order} onClose={() => setActing(null)} onDone={done} /> : null}
    </section>
  );
}

export default OrdersWaitingScreen;
