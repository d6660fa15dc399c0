import type { ReactNode } from 'react';
import { useTranslation } from '../texts';
import { ratePercent } from '@/lib/decimal';
import { type FeeLine, feeLines } from '@/lib/fee-lines';
import { moneyFormats } from '@/lib/money-format';
import { cx } from '@/ui/class-names';
import type { Promotion, Quote } from '../api/trade-api';

export interface AmountFormat {
  fiatDecimals: number;
  cryptoDecimals: number;
}

/** Formats the fiat and crypto amounts and the price of a quote in the page language (the order pages' formats). */
export function useAmountFormat({ fiatDecimals, cryptoDecimals }: AmountFormat) {
  const { i18n } = useTranslation();
  return moneyFormats(i18n.language, () => fiatDecimals, cryptoDecimals);
}

function Row({
  label,
  children,
  strong = false,
  className,
}: {
  label: ReactNode;
  children: ReactNode;
  strong?: boolean;
  className?: string;
}) {
  return (
    <div
      className={cx(
        'flex min-w-0 flex-wrap items-baseline justify-between gap-x-3',
        strong ? 'font-semibold text-fg' : 'text-sm',
        className,
      )}
    >
      <dt className={strong ? '' : 'text-muted'}>{label}</dt>
      {/* Stays at the right when a long label pushes it onto its own line (360 px). */}
      <dd className="ml-auto min-w-0 text-right break-all text-fg">{children}</dd>
    </div>
  );
}

/**
 * The price and the fees of a quote, as lines that add up on screen: network fee + our fee − the
 * promotion = total fees, each figure once (lib/fee-lines). The spread is inside the price, so it
 * stands apart, under the sum.
 */
export function QuoteFees({ quote, format }: { quote: Quote; format: AmountFormat }) {
  const { t } = useTranslation();
  const amounts = useAmountFormat(format);
  const { fees, fiatCurrency: fiat } = quote;
  const lines = feeLines(fees);
  const labels: Record<FeeLine['kind'], string> = {
    networkFee: t('trade.quote.networkFee'),
    ourFee: t('trade.quote.ourFee'),
    discount: t('trade.quote.discount'),
  };
  return (
    <div className="flex flex-col gap-1.5">
      <dl>
        <Row label={t('trade.quote.price')}>
          {t('trade.quote.priceValue', { coin: quote.cryptoCurrency, price: amounts.price(quote.price, fiat) })}
        </Row>
      </dl>
      <div role="group" aria-label={t('trade.quote.fees')}>
        <dl className="flex flex-col gap-1.5">
          {lines.map((line) => (
            <Row key={line.kind} label={labels[line.kind]}>{`${line.minus ? '−' : ''}${amounts.fiat(line.amount, fiat)}`}</Row>
          ))}
          <Row label={t('trade.quote.totalFees')} className="border-t border-line pt-1.5 font-medium">
            {amounts.fiat(fees.total, fiat)}
          </Row>
        </dl>
      </div>
      <dl>
        <Row label={t('trade.quote.spread', { rate: ratePercent(fees.spreadRate) })}>{amounts.fiat(fees.spread, fiat)}</Row>
      </dl>
    </div>
  );
}

export interface QuotePanelProps {
  quote: Quote | undefined;
  format: AmountFormat;
  secondsLeft: number;
  /** The shown quote is for earlier inputs; the new one is on its way. */
  isUpdating: boolean;
  wasExpired: boolean;
  promotion: Promotion | undefined;
  /** Why there is no quote (limit, error), shown in place of the figures. */
  problem?: ReactNode;
}

/** The live quote: what is paid and received, the price, the fees and the countdown to the next price. */
export function QuotePanel({ quote, format, secondsLeft, isUpdating, wasExpired, promotion, problem }: QuotePanelProps) {
  const { t } = useTranslation();
  const amounts = useAmountFormat(format);
  return (
    <section
      aria-labelledby="quote-title"
      aria-busy={isUpdating || undefined}
      className="flex min-w-0 flex-col gap-3 rounded-2xl border border-line bg-surface p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="quote-title" className="font-semibold text-fg">
          {t('trade.quote.title')}
        </h2>
        {quote && !problem ? (
          <span role="timer" aria-live="off" className="text-xs text-muted">
            {isUpdating || secondsLeft === 0 ? t('trade.quote.refreshing') : t('trade.quote.countdown', { seconds: secondsLeft })}
          </span>
        ) : null}
      </div>
      {promotion?.eligible ? (
        <p className="rounded-lg bg-surface-2 px-3 py-2 text-sm text-fg">
          {t('trade.promotion.offer', { rate: ratePercent(promotion.discountRate), total: promotion.totalTransactions })}{' '}
          <span className="text-muted">{t('trade.promotion.remaining', { remaining: promotion.remainingTransactions })}</span>
        </p>
      ) : null}
      {wasExpired ? (
        <p role="status" className="text-sm text-info">
          {t('trade.quote.expired')}
        </p>
      ) : null}
      {problem ? (
        <div role="alert" className="text-sm text-danger">
          {problem}
        </div>
      ) : quote ? (
        <div className={cx('flex flex-col gap-3 transition-opacity', isUpdating && 'opacity-60')}>
          <dl className="flex flex-col gap-1.5">
            <Row label={t('trade.quote.youPay')} strong>
              {amounts.fiat(quote.fiatAmount, quote.fiatCurrency)}
            </Row>
            <Row label={t('trade.quote.youReceive')} strong>
              {amounts.crypto(quote.cryptoAmount, quote.cryptoCurrency)}
            </Row>
          </dl>
          <QuoteFees quote={quote} format={format} />
        </div>
      ) : (
        <p className="text-sm text-muted">{isUpdating ? t('trade.quote.loading') : t('trade.quote.enterAmount')}</p>
      )}
    </section>
  );
}
