import { useRef } from 'react';
import { useTranslation } from '../texts';
import { GradientButton, Sheet } from '@/ui';
import type { Card, Quote } from '../api/trade-api';
import { maskedNumberOf } from '../card-rules';
import { type AmountFormat, QuoteFees, useAmountFormat } from './quote-panel';

export interface ConfirmOrderSheetProps {
  quote: Quote;
  format: AmountFormat;
  /** The card paid with; null for a Klarna buy (the sheet says Klarna, and Pay goes on to Klarna) or a bank-transfer buy. */
  card: Card | null;
  /**
   * A bank-transfer buy, and how it will most likely be paid: from the balance (at once, at this price),
   * or by a transfer (the order waits for it, and is priced when the money arrives).
   */
  bankFunding?: 'BALANCE' | 'TRANSFER' | undefined;
  networkName: string;
  address: string;
  memo: string;
  memoName: string;
  secondsLeft: number;
  isUpdating: boolean;
  busy: boolean;
  error?: string | undefined;
  onConfirm: () => void;
  onClose: () => void;
}

/** The confirm step: what is paid and received, where it goes, with which card (or Klarna), the fees and the countdown. */
export function ConfirmOrderSheet(props: ConfirmOrderSheetProps) {
  const {
    quote,
    format,
    card,
    bankFunding,
    networkName,
    address,
    memo,
    memoName,
    secondsLeft,
    isUpdating,
    busy,
    error,
    onConfirm,
    onClose,
  } = props;
  const { t } = useTranslation();
  const amounts = useAmountFormat(format);
  const back = useRef<HTMLButtonElement>(null);
  const renewing = isUpdating || secondsLeft === 0;
  const rows: Array<[string, string]> = [
    [t('trade.quote.youPay'), amounts.fiat(quote.fiatAmount, quote.fiatCurrency)],
    [t('trade.quote.youReceive'), amounts.crypto(quote.cryptoAmount, quote.cryptoCurrency)],
    [t('trade.confirm.network'), networkName],
    [t('trade.confirm.address'), address],
    ...(memo ? [[memoName, memo] as [string, string]] : []),
    card
      ? [t('trade.confirm.card'), maskedNumberOf(card)]
      : [
          t('trade.confirm.paymentMethod'),
          bankFunding ? t(`trade.bank.confirm.${bankFunding}`, { currency: quote.fiatCurrency }) : t('trade.payment.klarna'),
        ],
  ];
  const amount = amounts.fiat(quote.fiatAmount, quote.fiatCurrency);
  const payLabel = card
    ? t('trade.confirm.pay', { amount })
    : bankFunding
      ? t(`trade.bank.confirm.pay${bankFunding}`, { amount })
      : t('trade.confirm.payKlarna', { amount });
  return (
    <Sheet
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('trade.confirm.title')}
      description={t('trade.confirm.description')}
      // Not on Pay: Enter pressed twice would pay an order nobody read. Back is harmless.
      onOpenAutoFocus={(event) => {
        event.preventDefault();
        back.current?.focus();
      }}
    >
      <div className="flex flex-col gap-4">
        <dl className="flex flex-col gap-2">
          {rows.map(([label, value]) => (
            <div key={label} className="flex min-w-0 flex-col gap-0.5 sm:flex-row sm:justify-between sm:gap-3">
              <dt className="text-sm text-muted">{label}</dt>
              <dd className="min-w-0 font-medium break-all text-fg sm:text-right">{value}</dd>
            </div>
          ))}
        </dl>
        <div className="rounded-xl bg-surface-2 p-3">
          <QuoteFees quote={quote} format={format} />
        </div>
        {bankFunding === 'TRANSFER' ? (
          <p className="text-sm text-fg">{t('trade.bank.confirm.transferNote', { amount, currency: quote.fiatCurrency })}</p>
        ) : null}
        <p role="timer" aria-live="off" className="text-sm text-muted">
          {renewing ? t('trade.quote.refreshing') : t('trade.quote.countdown', { seconds: secondsLeft })}
        </p>
        {error ? (
          <p role="alert" className="text-sm text-danger">
            {error}
          </p>
        ) : null}
        <div className="flex flex-col gap-2">
          <GradientButton fullWidth loading={busy} variant={renewing ? 'inactive' : 'primary'} onClick={onConfirm}>
            {payLabel}
          </GradientButton>
          <GradientButton ref={back} fullWidth variant="outline" onClick={onClose}>
            {t('trade.confirm.back')}
          </GradientButton>
        </div>
      </div>
    </Sheet>
  );
}
