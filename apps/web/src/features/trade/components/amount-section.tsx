import { useId } from 'react';
import { useTranslation } from '../texts';
import { cleanAmountInput } from '@/lib/decimal';
import { TextInput } from '@/ui';
import type { CurrencyItem } from '../api/trade-api';
import type { QuoteAmount } from '../hooks/use-quote';

export interface AmountEntry {
  unit: QuoteAmount['unit'];
  value: string;
}

export interface AmountSectionProps {
  fiats: CurrencyItem[];
  fiat: string;
  crypto: string;
  entry: AmountEntry;
  decimals: { fiat: number; crypto: number };
  /** "Between 20 and 10,000 EUR": the person's own room (the pair's range cut to what their limits leave). */
  rangeHint: string;
  /** The amount is outside the limits: said under the field, which is marked invalid. */
  error?: string | undefined;
  /** The merchant who fixed the amount (its transaction): the field is read-only and says so. */
  fixedBy?: string | undefined;
  onFiatChange: (fiat: string) => void;
  onEntryChange: (entry: AmountEntry) => void;
  onToggleUnit: () => void;
}

const selectClass =
  'h-12 w-full min-w-0 rounded-xl border border-line bg-surface px-3 text-base text-fg focus:ring-2 focus:ring-focus focus-visible:outline-none!';

/** The fiat currency, and the amount typed in the fiat or in the coin (a switch between the two). */
export function AmountSection({
  fiats,
  fiat,
  crypto,
  entry,
  decimals,
  rangeHint,
  error,
  fixedBy,
  onFiatChange,
  onEntryChange,
  onToggleUnit,
}: AmountSectionProps) {
  const { t } = useTranslation();
  const fiatId = useId();
  const fixedId = useId();
  const inFiat = entry.unit === 'fiat';
  return (
    <div className="flex min-w-0 flex-col gap-3">
      <div className="flex flex-col">
        <label htmlFor={fiatId} className="mb-1.5 text-sm font-medium text-fg">
          {t('trade.amount.fiatCurrency')}
        </label>
        <select id={fiatId} name="fiatCurrency" value={fiat} onChange={(event) => onFiatChange(event.target.value)} className={selectClass}>
          {fiats.map((item) => (
            <option key={item.currency} value={item.currency}>{`${item.currency} · ${item.name}`}</option>
          ))}
        </select>
      </div>
      <TextInput
        label={inFiat ? t('trade.amount.spend', { currency: fiat }) : t('trade.amount.receive', { coin: crypto })}
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        placeholder="0"
        value={entry.value}
        onValueChange={(value) =>
          onEntryChange({ unit: entry.unit, value: cleanAmountInput(value, inFiat ? decimals.fiat : decimals.crypto) })
        }
        suffix={<span className="font-medium text-fg">{inFiat ? fiat : crypto}</span>}
        errors={error ? [error] : undefined}
        readOnly={fixedBy !== undefined}
        aria-describedby={fixedBy !== undefined ? fixedId : undefined}
      />
      {fixedBy !== undefined ? (
        <p id={fixedId} className="-mt-2 text-xs text-muted">
          {t('trade.amount.setByMerchant', { merchant: fixedBy })}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-muted">{rangeHint}</p>
        {fixedBy === undefined ? (
          <button
            type="button"
            onClick={onToggleUnit}
            className="min-h-10 rounded-lg px-2 text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            {inFiat ? t('trade.amount.switchToCrypto', { coin: crypto }) : t('trade.amount.switchToFiat', { currency: fiat })}
          </button>
        ) : null}
      </div>
    </div>
  );
}
