import type { CurrencyItem } from '@causeway/contracts';
import { useId } from 'react';
import { useTranslation } from '../texts';
import { toDateInput, type DateRange } from '../date-range';
import { STATUS_FILTER_KEYS, type StatusFilter } from '../order-format';

export interface HistoryFilterValues {
  range: DateRange;
  status: StatusFilter;
  /** '' for every coin. */
  coin: string;
}

export interface HistoryFiltersProps {
  value: HistoryFilterValues;
  onChange: (next: HistoryFilterValues) => void;
  /** The coin filter's choices; empty when list-currency failed (the filter then offers All coins only). */
  coins: readonly CurrencyItem[];
  /** The range's problem in words, shown under the dates. */
  rangeError?: string | undefined;
}

const fieldClass =
  'min-h-12 w-full min-w-0 rounded-xl border bg-surface px-3 text-base text-fg focus-visible:ring-2 focus-visible:ring-focus';

/** The history's filters: the date range (both days included), a status group and a coin. Each change applies at once. */
export function HistoryFilters({ value, onChange, coins, rangeError }: HistoryFiltersProps) {
  const { t } = useTranslation();
  const ids = { from: useId(), to: useId(), status: useId(), coin: useId(), error: useId() };
  const today = toDateInput(new Date());
  const dateProps = {
    max: today,
    'aria-invalid': rangeError ? true : undefined,
    'aria-describedby': rangeError ? ids.error : undefined,
    className: `${fieldClass} ${rangeError ? 'border-danger' : 'border-line'}`,
  };
  const label = 'mb-1.5 block text-sm font-medium text-fg';

  return (
    // Two columns where there is room (a phone's full width); one inside the business portal beside its menu.
    <div className="@container">
      <fieldset className="grid grid-cols-1 gap-3 @min-[20rem]:grid-cols-2">
        <legend className="sr-only">{t('orders.history.filters')}</legend>
        <div className="min-w-0">
          <label htmlFor={ids.from} className={label}>
            {t('orders.history.from')}
          </label>
          <input
            id={ids.from}
            type="date"
            value={value.range.from}
            onChange={(e) => onChange({ ...value, range: { ...value.range, from: e.target.value } })}
            {...dateProps}
          />
        </div>
        <div className="min-w-0">
          <label htmlFor={ids.to} className={label}>
            {t('orders.history.to')}
          </label>
          <input
            id={ids.to}
            type="date"
            value={value.range.to}
            onChange={(e) => onChange({ ...value, range: { ...value.range, to: e.target.value } })}
            {...dateProps}
          />
        </div>
        {/* Always mounted: a polite live region announces the message when it appears. */}
        <p id={ids.error} aria-live="polite" className="col-span-2 -mt-1 text-sm text-danger empty:hidden">
          {rangeError ?? ''}
        </p>
        <div className="min-w-0">
          <label htmlFor={ids.status} className={label}>
            {t('orders.history.status')}
          </label>
          <select
            id={ids.status}
            value={value.status}
            onChange={(e) => onChange({ ...value, status: e.target.value as StatusFilter })}
            className={`${fieldClass} border-line`}
          >
            {STATUS_FILTER_KEYS.map((key) => (
              <option key={key} value={key}>
                {t(`orders.history.statusFilter.${key}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="min-w-0">
          <label htmlFor={ids.coin} className={label}>
            {t('orders.history.coin')}
          </label>
          <select
            id={ids.coin}
            value={value.coin}
            onChange={(e) => onChange({ ...value, coin: e.target.value })}
            className={`${fieldClass} border-line`}
          >
            <option value="">{t('orders.history.allCoins')}</option>
            {coins.map((coin) => (
              <option key={coin.currency} value={coin.currency}>
                {coin.currency}
              </option>
            ))}
          </select>
        </div>
      </fieldset>
    </div>
  );
}
