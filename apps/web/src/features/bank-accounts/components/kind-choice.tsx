import { BANK_ACCOUNT_KINDS, type BankAccountKind } from '@causeway/contracts';
import { useId } from 'react';
import { useTranslation } from '../texts';

/**
 * The account type as native radio buttons: arrow keys move between them, a screen reader reads the
 * group's legend and each type's hint, and each is a 44 px target on a phone.
 */
export function KindChoice({ kind, onChange }: { kind: BankAccountKind; onChange: (kind: BankAccountKind) => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend className="mb-2 text-sm font-medium text-fg">{t('bankAccounts.kind')}</legend>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        {BANK_ACCOUNT_KINDS.map((option) => (
          <label
            key={option}
            className={`flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border p-3 focus-within:ring-2 focus-within:ring-focus ${
              option === kind ? 'border-primary bg-surface-2' : 'border-line bg-surface'
            }`}
          >
            <input
              type="radio"
              name={`${id}-kind`}
              value={option}
              checked={option === kind}
              onChange={() => onChange(option)}
              aria-describedby={`${id}-${option}-hint`}
              className="mt-1 size-4 shrink-0 accent-primary"
            />
            <span className="flex min-w-0 flex-col">
              <span className="text-sm font-medium text-fg">{t(`bankAccounts.kinds.${option}`)}</span>
              <span id={`${id}-${option}-hint`} className="text-xs text-muted">
                {t(`bankAccounts.kindHints.${option}`)}
              </span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
