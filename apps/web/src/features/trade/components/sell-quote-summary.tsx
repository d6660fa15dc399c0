import { formatAmount } from '@/lib/decimal';
import { Spinner } from '@/ui';
import type { Quote } from '../api/trade-api';
import { useTranslation } from '../texts';

export interface SellQuoteSummaryProps {
  /** The live quote for the amount typed, if any (none while a new one loads for other inputs). */
  quote: Quote | undefined;
  isFetching: boolean;
  secondsLeft: number;
  /** Why there is no quote (a refusal in our words). */
  problem: string | undefined;
  fiatDecimals: number;
  /** "You receive on your card", or in the balance. */
  receiveLabel: string;
  /** What happens after confirming: where the crypto goes, and where the money. */
  how: string;
}

/** The sell form's quote: what is received, the price and our fee, how long the price holds, and what comes next. */
export function SellQuoteSummary({ quote, isFetching, secondsLeft, problem, fiatDecimals, receiveLabel, how }: SellQuoteSummaryProps) {
  const { t, i18n } = useTranslation();
  // Every fiat figure with its currency's minor units ("0.60", not "0.6"), as the buy quote writes them.
  const money = (value: string) => formatAmount(value, i18n.language, { minDecimals: fiatDecimals, maxDecimals: fiatDecimals });
  return (
    <section aria-label={t('trade.sell.quoteTitle')} className="flex min-w-0 flex-col gap-2 rounded-2xl border border-line bg-surface p-4">
      {/* Announced when a new price arrives; the countdown below is not (it changes every second). */}
      {quote ? (
        <dl aria-live="polite" className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 text-sm">
          <dt className="text-muted">{receiveLabel}</dt>
          <dd className="text-right font-semibold text-fg">
            {money(quote.fiatAmount)} {quote.fiatCurrency}
          </dd>
          <dt className="text-muted">{t('trade.sell.price', { coin: quote.cryptoCurrency })}</dt>
          <dd className="text-right text-fg">
            {money(quote.price)} {quote.fiatCurrency}
          </dd>
          <dt className="text-muted">{t('trade.sell.fee')}</dt>
          <dd className="text-right text-fg">
            {money(quote.fees.ourFee)} {quote.fiatCurrency}
          </dd>
        </dl>
      ) : isFetching ? (
        <Spinner label={t('trade.loading')} />
      ) : (
        <p className="text-sm text-muted">{problem ?? t('trade.sell.enterAmount')}</p>
      )}
      {quote ? (
        <p className="text-xs text-muted">
          {isFetching || secondsLeft === 0 ? t('trade.quote.refreshing') : t('trade.quote.countdown', { seconds: secondsLeft })}
        </p>
      ) : null}
      {quote && problem ? <p className="text-sm text-danger">{problem}</p> : null}
      <p className="text-xs text-muted">{how}</p>
    </section>
  );
}
