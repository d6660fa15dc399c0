import { useId } from 'react';
import { cx } from '@/ui/class-names';
import { BANK_CURRENCIES, type BankCurrency } from '../hooks/use-banking';
import { useTranslation } from '../texts';

/**
 * The currency a bank transfer is sent in, as a segmented row of native radio buttons: the arrow
 * keys move between them and choose, and a screen reader hears "EUR, radio button, 1 of 2" (a
 * plain radio group, without the weight of a tab list for two choices).
 */
export function CurrencyChoice({ value, onChange }: { value: BankCurrency; onChange: (currency: BankCurrency) => void }) {
  const { t } = useTranslation();
  const name = useId();
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-medium text-fg">{t('banking.deposit.currency')}</legend>
      <div className="flex rounded-full bg-surface-2 p-1">
        {BANK_CURRENCIES.map((currency) => (
          <label key={currency} className="flex flex-1 cursor-pointer">
            <input
              type="radio"
              name={name}
              value={currency}
              checked={value === currency}
              onChange={() => onChange(currency)}
              className="peer sr-only"
            />
            <span
              className={cx(
                'flex min-h-10 flex-1 items-center justify-center rounded-full px-3 text-sm font-medium text-muted transition',
                'peer-checked:bg-surface peer-checked:text-fg peer-checked:shadow-sm',
                'peer-focus-visible:ring-2 peer-focus-visible:ring-focus',
              )}
            >
              {currency}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
