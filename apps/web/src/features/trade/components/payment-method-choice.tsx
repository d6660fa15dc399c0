import { cx } from '@/ui/class-names';
import type { PaymentMethod } from '../api/trade-api';
import { useTranslation } from '../texts';

const METHODS: ReadonlyArray<{ method: PaymentMethod; label: string }> = [
  { method: 'CARD', label: 'trade.payment.card' },
  { method: 'KLARNA', label: 'trade.payment.klarna' },
];

/**
 * How to pay, when the pair chosen is offered with Klarna too: a card, or Pay later with Klarna. Two
 * native radio buttons (arrow keys move between them); the form shows no choice for a pair only cards buy.
 */
export function PaymentMethodChoice({ value, onChange }: { value: PaymentMethod; onChange: (method: PaymentMethod) => void }) {
  const { t } = useTranslation();
  return (
    <fieldset className="flex min-w-0 flex-col gap-2" aria-describedby={value === 'KLARNA' ? 'klarna-hint' : undefined}>
      <legend className="mb-1.5 text-sm font-medium text-fg">{t('trade.payment.label')}</legend>
      <div className="grid min-w-0 grid-cols-1 gap-2 min-[400px]:grid-cols-2">
        {METHODS.map(({ method, label }) => (
          <label
            key={method}
            className={cx(
              'flex min-h-12 min-w-0 cursor-pointer items-center gap-3 rounded-xl border px-3 py-2 text-fg focus-within:ring-2 focus-within:ring-focus',
              value === method ? 'border-primary' : 'border-line',
            )}
          >
            <input
              type="radio"
              name="paymentMethod"
              value={method}
              checked={value === method}
              onChange={() => onChange(method)}
              className="size-4 shrink-0 accent-primary"
            />
            <span className="min-w-0">{t(label)}</span>
          </label>
        ))}
      </div>
      {value === 'KLARNA' ? (
        <p id="klarna-hint" className="text-sm text-muted">
          {t('trade.payment.klarnaHint')}
        </p>
      ) : null}
    </fieldset>
  );
}
