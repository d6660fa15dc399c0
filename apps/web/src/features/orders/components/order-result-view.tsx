import type { OrderStatus } from '@causeway/contracts';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../texts';
import { Link, useNavigate } from 'react-router';
import { useNetworkName } from '@/lib/network-names';
import { orderLinks } from '@/lib/order-links';
import { CheckCircleIcon, GradientButton, Spinner } from '@/ui';
import { cx } from '@/ui/class-names';
import { AlertIcon, InfoIcon } from '@/ui/icons';
import { BankTransferWait } from './bank-transfer-wait';
import type { OrderDetail } from '../api/orders-api';
import { bankBuyTextKeys, bankSellTextKeys, bankTradeHref, fundingNoteKey, isBankOrder } from '../bank-orders';
import { failReasonKey } from '../fail-reasons';
import { outcomeOf } from '../order-format';
import { cardLast4, isSell } from '../sell-format';
import { useOrderMoney } from '../use-order-money';
import { textLinkClass } from './link-classes';
import { CopyValue, DetailItem } from './copy-value';
import { DepositInstructions } from './deposit-instructions';
import { EndedOrderLines } from './ended-order-lines';
import { ProcessingView } from './processing-view';
import { SellProgressDetails, SellSuccessDetails } from './sell-result-details';

/** The view of each status: its texts and what sits under them. */
type ViewKind = 'submitted' | 'processing' | 'stopping' | 'success' | 'failed' | 'expired' | 'expiredError' | 'partialAuth';
const VIEW_OF: Record<OrderStatus, ViewKind> = {
  OrderSubmitted: 'submitted',
  PROCESSING: 'processing',
  SUCCESS: 'success',
  BuySendSuccess: 'success',
  FAILED: 'failed',
  BuySendFailed: 'failed',
  EXPIRED: 'expired',
  EXPIRED_ERROR: 'expiredError',
  PARTIAL_AUTH: 'partialAuth',
};
const ICON_OF: Record<ViewKind, 'success' | 'danger' | 'info' | null> = {
  submitted: null,
  processing: null,
  stopping: 'danger',
  success: 'success',
  failed: 'danger',
  expired: 'info',
  expiredError: 'info',
  partialAuth: 'danger',
};

/** What the view of an order reads: its status and reason, and whether it is a sell (and its card, for a sell). */
type ResultOrder = Pick<OrderDetail, 'status' | 'failReason' | 'refunded'> &
  Partial<Pick<OrderDetail, 'transactionType' | 'card' | 'channelCode' | 'paymentMethod' | 'bankTransfer'>>;
const isSellOrder = (order: ResultOrder) => isSell({ transactionType: order.transactionType ?? '' });

/**
 * The view of an order: its status's, except that an order being stopped (order-format's outcome:
 * the settlement is refunding its charge or releasing its hold) is not shown as being bought. A sell
 * knows no partial authorisation nor refund: those statuses read as its failed and expired views.
 */
const viewOf = (detail: ResultOrder): ViewKind => {
  const view = outcomeOf(detail) === 'stopping' ? 'stopping' : VIEW_OF[detail.status];
  if (!isSellOrder(detail)) return view;
  return view === 'expiredError' ? 'expired' : view === 'partialAuth' ? 'failed' : view;
};

/**
 * The text keys of an order's view: orders.result.<view>.title (orders.result.sell.<view>.title for
 * a sell), and the line under it (none while a buy is processing: its steps say it; none while a sell
 * waits for its crypto: the deposit instructions say it).
 */
export function resultTextKeys(detail: ResultOrder): { title: string; content: string | null } {
  const view = viewOf(detail);
  if (isSellOrder(detail)) return bankSellTextKeys(view, detail) ?? sellTextKeys(view, detail);
  const bank = bankBuyTextKeys(view, detail);
  if (bank) return bank;
  const title = `orders.result.${view}.title`;
  // A failure (or a stop) reads its reason.
  if (view === 'failed' || view === 'stopping') return { title, content: failReasonKey(detail.failReason) };
  if (view === 'processing') return { title, content: null };
  // A Klarna buy waits for Klarna's review of the order, not for a bank's check.
  if (view === 'submitted' && detail.channelCode === 'KLARNA')
    return { title: 'orders.result.klarnaReview.title', content: 'orders.result.klarnaReview.content' };
  // An order that expired once paid is refunded; one that expired while its payment was only held was never charged.
  if (view === 'expiredError' && !detail.refunded) return { title, content: 'orders.result.expiredError.notCharged' };
  return { title, content: `orders.result.${view}.content` };
}

/**
 * A sell's texts: a failure or an expiry reads its reason (each says what becomes of the money);
 * processing and success name the card ending the proceeds go to ({{fiat}}, {{last4}}).
 */
function sellTextKeys(view: ViewKind, detail: ResultOrder): { title: string; content: string | null } {
  const title = `orders.result.sell.${view}.title`;
  if (view === 'failed' || view === 'stopping') return { title, content: failReasonKey(detail.failReason) };
  if (view === 'expired')
    return { title, content: detail.failReason ? failReasonKey(detail.failReason) : 'orders.result.sell.expired.content' };
  if (view === 'processing' || view === 'success')
    return { title, content: `orders.result.sell.${view}.${cardLast4(detail.card?.maskedNumber) ? 'toCard' : 'toAnyCard'}` };
  return { title, content: null };
}

export interface OrderResultViewProps {
  detail: OrderDetail;
  lng: string;
  /** result-webview: links stay among the webview pages and the buy buttons are left out (the host app owns buying). */
  webview: boolean;
}

/** One order's result (docs/rules/order-states.md statuses): a distinct view per status, the order id under every one. */
export function OrderResultView({ detail, lng, webview }: OrderResultViewProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const titleId = useId();
  const view = viewOf(detail);
  // The page polls: a new status swaps the view in place. It is announced by a status region that
  // was there all along, and the focus moves to the new heading (not on the first view: the page's).
  const [firstView] = useState(view);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (view !== firstView) heading.current?.focus();
  }, [view, firstView]);
  const money = useOrderMoney();
  const historyHref = orderLinks.history(lng, webview);
  const icon = ICON_OF[view];
  const tryAgain = !webview && (view === 'failed' || view === 'expired' || view === 'expiredError' || view === 'partialAuth');
  const sell = isSell(detail);
  const texts = resultTextKeys(detail);
  // A sell's texts name what reaches the card, and its last four digits; a bank-transfer buy's, the amount to send.
  const transfer = detail.bankTransfer;
  const textValues = {
    fiat: money.fiat(detail.fiatAmount, detail.fiatCurrency),
    last4: cardLast4(detail.card?.maskedNumber) ?? '',
    amount: transfer ? money.fiat(transfer.amount, transfer.currency) : '',
    currency: transfer?.currency ?? detail.fiatCurrency,
  };
  const fundingNote = fundingNoteKey(view, detail);
  // A new order starts where this one did: a bank-transfer order on the bank-transfer pages.
  const tradeAgainHref = isBankOrder(detail) ? bankTradeHref(lng, detail) : orderLinks.buy(lng);

  const buyBody: Record<ViewKind, ReactNode> = {
    submitted:
      transfer?.funding === 'TRANSFER' ? (
        <BankTransferWait detail={detail} transfer={transfer} />
      ) : (
        <div className="flex flex-col items-center gap-4">
          <Spinner size="lg" className="text-primary" label={t('orders.result.submitted.title')} />
          {detail.threeDsUrl ? (
            <Link to={orderLinks.threeDs(lng, detail.orderId, webview)} className={textLinkClass}>
              {t('orders.result.submitted.reopen')}
            </Link>
          ) : null}
        </div>
      ),
    processing: <ProcessingView detail={detail} historyHref={historyHref} />,
    // Being stopped: what was asked for, and that the money is on its way back.
    stopping: <EndedDetails detail={detail} money />,
    success: <SuccessDetails detail={detail} />,
    // Not paid, not received: what was asked for; a failure also says what became of the money (the
    // other views' texts say it already).
    failed: <EndedDetails detail={detail} money />,
    expired: <EndedDetails detail={detail} money={false} />,
    expiredError: <EndedDetails detail={detail} money={false} />,
    partialAuth: <EndedDetails detail={detail} money={false} />,
  };
  // A sell: where to send the crypto while it is awaited; what was sold and paid; or what was asked
  // for and what becomes of the crypto or the money (its reason says it, or the line under it).
  const sellBody: Partial<Record<ViewKind, ReactNode>> = {
    submitted: detail.deposit ? (
      <DepositInstructions deposit={detail.deposit} />
    ) : (
      <Spinner size="lg" className="text-primary" label={t(texts.title)} />
    ),
    processing: <SellProgressDetails detail={detail} />,
    success: <SellSuccessDetails detail={detail} />,
    stopping: <EndedDetails detail={detail} money />,
    failed: <EndedDetails detail={detail} money />,
    expired: <EndedDetails detail={detail} money />,
  };
  const body = sell ? sellBody[view] : buyBody[view];

  return (
    // The main layout pads the sides; result-webview's bare layout does not.
    <section aria-labelledby={titleId} className={cx('mx-auto flex w-full max-w-[480px] flex-col gap-5 py-8', webview && 'px-4')}>
      <p role="status" className="sr-only">
        {view === firstView ? '' : t(texts.title, textValues)}
      </p>
      {icon ? <ResultIcon tone={icon} /> : null}
      <div className="flex flex-col gap-2 text-center">
        <h1 ref={heading} id={titleId} tabIndex={-1} className="text-2xl font-semibold text-fg">
          {t(texts.title, textValues)}
        </h1>
        {texts.content ? <p className="text-sm text-muted">{t(texts.content, textValues)}</p> : null}
        {fundingNote ? <p className="text-sm text-fg">{t(fundingNote, textValues)}</p> : null}
      </div>
      {body}
      <dl className="rounded-xl border border-line bg-surface px-4 pt-3">
        <CopyValue label={t('orders.orderId')} value={detail.orderId} />
      </dl>
      <div className="flex flex-col gap-3">
        {tryAgain ? (
          <GradientButton fullWidth onClick={() => void navigate(tradeAgainHref)}>
            {t('orders.result.tryAgain')}
          </GradientButton>
        ) : null}
        {view === 'success' && !webview ? (
          <GradientButton fullWidth onClick={() => void navigate(tradeAgainHref)}>
            {t(sell ? 'orders.result.sellMore' : 'orders.result.buyMore')}
          </GradientButton>
        ) : null}
        {/* A buy's processing steps link the history themselves. */}
        {view !== 'processing' || sell ? (
          <Link to={historyHref} className={textLinkClass}>
            {t('orders.result.viewHistory')}
          </Link>
        ) : null}
      </div>
    </section>
  );
}

/** SUCCESS: what arrived, where, and the transaction to look up. */
function SuccessDetails({ detail }: { detail: OrderDetail }) {
  const { t } = useTranslation();
  const money = useOrderMoney();
  const networkName = useNetworkName();
  return (
    <div className="flex flex-col gap-3">
      <p className="text-center text-3xl font-semibold break-all text-fg">{money.crypto(detail.cryptoAmount, detail.cryptoCurrency)}</p>
      <dl className="flex flex-col gap-2 rounded-xl border border-line bg-surface px-4 py-3">
        <DetailItem label={t('orders.detail.paid')} value={money.fiat(detail.fiatAmount, detail.fiatCurrency)} />
        <DetailItem label={t('orders.detail.network')} value={networkName(detail.cryptoCurrency, detail.network)} />
        <CopyValue label={t('orders.detail.address')} value={detail.walletAddress} />
        {detail.memo ? <DetailItem label={t('orders.detail.memo')} value={detail.memo} /> : null}
        {detail.txHash ? <CopyValue label={t('orders.detail.txHash')} value={detail.txHash} /> : null}
      </dl>
      <p className="text-center text-sm text-muted">{t('orders.result.success.arrival')}</p>
    </div>
  );
}

function EndedDetails({ detail, money }: { detail: OrderDetail; money: boolean }) {
  return (
    <div className="flex flex-col gap-2 rounded-xl border border-line bg-surface px-4 py-3 text-center">
      <EndedOrderLines order={detail} reason={false} money={money} />
    </div>
  );
}

function ResultIcon({ tone }: { tone: 'success' | 'danger' | 'info' }) {
  const Icon = tone === 'success' ? CheckCircleIcon : tone === 'danger' ? AlertIcon : InfoIcon;
  return (
    <span
      className={cx(
        'mx-auto flex size-16 items-center justify-center rounded-full bg-surface-2',
        tone === 'success' ? 'text-success' : tone === 'danger' ? 'text-danger' : 'text-info',
      )}
    >
      <Icon className="size-9" />
    </span>
  );
}
