import type { SellDeposit } from '@causeway/contracts';
import { useId } from 'react';
import { useTranslation } from '../texts';
import { networkNameOf, useCryptoCatalogue } from '@/lib/network-names';
import { cx } from '@/ui/class-names';
import { AlertIcon } from '@/ui/icons';
import { useSecondsLeft } from '../hooks/use-seconds-left';
import { depositQrPayload, formatMinutesSeconds } from '../sell-format';
import { useOrderMoney } from '../use-order-money';
import { CopyValue } from './copy-value';
import { QrCode } from '@/ui/qr-code';

/** The minutes left at which a screen reader hears how long is left (politely, never every second). */
const ANNOUNCED_MINUTES = [20, 10, 5, 1] as const;
/** Under this many seconds left the countdown turns to the danger colour. */
const HURRY_SECONDS = 5 * 60;

type DepositStage = 'open' | 'closed' | 'seen';

/**
 * A sell waiting for its crypto (OrderSubmitted, docs/rules/sell-deposits.md): where to send exactly
 * what, by when; then, once a transfer is seen, its confirmations. Three stages:
 * - open: send exactly the amount on the network to the address (and memo or tag), with a QR code
 *   and the time left ("Send within 29:41");
 * - closed: the window ended with nothing seen; a transfer sent now is not sold and is returned;
 * - seen: a transfer arrived; it counts once it has its confirmations ("1 of 2"), however long they take.
 * A polite live region says the time left at 20, 10, 5 and 1 minutes, the window's end and each
 * new confirmation.
 */
export function DepositInstructions({ deposit }: { deposit: SellDeposit }) {
  const { t } = useTranslation();
  const money = useOrderMoney();
  const catalogue = useCryptoCatalogue();
  const headingId = useId();
  const secondsLeft = useSecondsLeft(deposit.expiresAt);

  const coin = catalogue.data?.find((item) => item.currency === deposit.cryptoCurrency);
  const memoName = coin?.networks.find((item) => item.network === deposit.network)?.memoName || t('orders.detail.memo');
  const network = networkNameOf(catalogue.data, deposit.cryptoCurrency, deposit.network);
  const amount = money.crypto(deposit.amount, deposit.cryptoCurrency);
  const confirmations = Math.min(deposit.confirmations ?? 0, deposit.confirmationsRequired);
  const stage: DepositStage = deposit.confirmations !== null ? 'seen' : secondsLeft === 0 ? 'closed' : 'open';
  const qrValue = depositQrPayload(deposit);

  const heading = {
    open: t('orders.deposit.send', { amount, network }),
    closed: t('orders.deposit.closed.title'),
    seen: t('orders.deposit.seen.title'),
  }[stage];
  const confirmationsText = t('orders.deposit.seen.confirmations', { confirmations, required: deposit.confirmationsRequired });
  // One polite live region, there from the start so that its changes are read (a region that appears
  // with its text often is not): how long is left at a few marks (for screen readers only: the
  // countdown shows it), then, shown to all, the window's end or the confirmations.
  const status = {
    open: minutesLeftText(secondsLeft, t),
    closed: t('orders.deposit.closed.content'),
    seen: confirmationsText,
  }[stage];

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4 rounded-xl border border-line bg-surface px-4 py-4">
      <h2 id={headingId} className="text-center text-lg font-semibold break-words text-fg">
        {heading}
      </h2>
      <p
        role="status"
        className={cx(
          stage === 'open' && 'sr-only',
          stage === 'seen' ? 'text-center text-base font-medium text-fg' : 'text-center text-sm text-fg',
        )}
      >
        {status}
      </p>
      {stage === 'open' && secondsLeft !== null ? (
        // Not a live region (a timer's is off): it would speak every second.
        <p
          role="timer"
          className={cx('text-center text-base font-medium tabular-nums', secondsLeft <= HURRY_SECONDS ? 'text-danger' : 'text-fg')}
        >
          {t('orders.deposit.sendWithin', { time: formatMinutesSeconds(secondsLeft) })}
        </p>
      ) : null}
      {stage === 'seen' ? <ConfirmationsBar done={confirmations} required={deposit.confirmationsRequired} /> : null}

      {deposit.memo && stage !== 'seen' ? (
        <div className="flex gap-2 rounded-xl border border-danger px-3 py-2">
          <AlertIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-danger" />
          <p className="flex min-w-0 flex-col gap-0.5 text-sm text-fg">
            <strong className="font-semibold break-words">{t('orders.deposit.memoRequired', { memoName, memo: deposit.memo })}</strong>
            <span>{t('orders.deposit.memoWarning')}</span>
          </p>
        </div>
      ) : null}

      {stage === 'open' ? (
        <QrCode
          className="mx-auto"
          value={qrValue}
          label={
            qrValue === deposit.address
              ? t('orders.deposit.qrLabel', { address: deposit.address })
              : t('orders.deposit.qrLabelAmount', { address: deposit.address, amount })
          }
        />
      ) : null}

      <dl className="flex flex-col gap-1">
        <CopyValue label={t('orders.deposit.amount', { coin: deposit.cryptoCurrency })} value={deposit.amount} />
        <CopyValue label={t('orders.deposit.address')} value={deposit.address} />
        {deposit.memo ? <CopyValue label={memoName} value={deposit.memo} /> : null}
      </dl>

      <p className="text-sm text-muted">
        {stage === 'seen' ? t('orders.deposit.seen.nothingMore') : t('orders.deposit.oneTransfer', { network })}
      </p>
      <p className="text-sm text-muted">{t('orders.deposit.updates')}</p>
    </section>
  );
}

/** A bar that fills as the confirmations come (the live region above says them in words). */
function ConfirmationsBar({ done, required }: { done: number; required: number }) {
  const percent = required > 0 ? Math.round((done / required) * 100) : 100;
  return (
    <div aria-hidden="true" className="h-2 overflow-hidden rounded-full bg-surface-2">
      <div className="h-full rounded-full bg-success" style={{ width: `${percent}%` }} />
    </div>
  );
}

/**
 * How long is left, by the last of ANNOUNCED_MINUTES passed ("Less than 10 minutes left to send"):
 * it changes a few times in the 30 minutes, not every second. Empty before the first mark.
 */
function minutesLeftText(secondsLeft: number | null, t: (key: string, options?: Record<string, unknown>) => string): string {
  const minutes = ANNOUNCED_MINUTES.filter((mark) => secondsLeft !== null && secondsLeft <= mark * 60).at(-1);
  if (minutes === undefined) return '';
  return minutes === 1 ? t('orders.deposit.oneMinuteLeft') : t('orders.deposit.minutesLeft', { minutes });
}
