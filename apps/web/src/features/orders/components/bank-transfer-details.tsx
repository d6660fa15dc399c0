import { useId } from 'react';
import { AlertIcon } from '@/ui/icons';
import { useBalanceFormat } from '../balance-format';
import type { BankTransferInstructions } from '../hooks/use-banking';
import { useTranslation } from '../texts';
import { CopyValue } from './copy-value';

/**
 * Where to send a bank transfer (bank-transfer/instructions), every value with its Copy button:
 * the account in the person's own name, its IBAN and BIC (SEPA) or sort code and account number
 * (Faster Payments), the bank, and the reference in large type with the warning never to leave it
 * out; then the least a transfer should carry, how long it takes, and that it must come from the
 * person's own account (one from someone else's is held for review).
 */
export function BankTransferDetails({
  instructions,
  referenceWhy,
}: {
  instructions: BankTransferInstructions;
  /** Why the reference matters, when it names more than the person (a bank-transfer buy's own reference names its order). */
  referenceWhy?: string;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const money = useBalanceFormat();
  const { scheme, currency } = instructions;
  // Only the scheme's own way of naming the account: a GBP account may also have an IBAN, but
  // Faster Payments asks for the sort code and account number, and two ways would confuse.
  const accountFields =
    scheme === 'SEPA'
      ? [
          { label: t('banking.deposit.iban'), value: instructions.iban },
          { label: t('banking.deposit.bic'), value: instructions.bic },
        ]
      : [
          { label: t('banking.deposit.sortCode'), value: instructions.sortCode },
          { label: t('banking.deposit.accountNumber'), value: instructions.accountNumber },
        ];

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-4 sm:p-5">
      <h2 id={headingId} className="text-lg font-semibold text-fg">
        {t(`banking.deposit.details.${scheme}`)}
      </h2>
      <dl className="flex flex-col gap-1">
        <CopyValue label={t('banking.deposit.accountName')} value={instructions.accountName} look="words" />
        {accountFields.map((field) => (field.value ? <CopyValue key={field.label} label={field.label} value={field.value} /> : null))}
        <CopyValue label={t('banking.deposit.bankName')} value={instructions.bankName} look="words" />
        <CopyValue label={t('banking.deposit.bankAddress')} value={instructions.bankAddress} look="words" />
      </dl>

      <div className="flex flex-col gap-2 rounded-xl border-2 border-danger px-3 py-3">
        <p className="flex items-start gap-2 text-base font-semibold text-fg">
          <AlertIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-danger" />
          <strong>{t('banking.deposit.referenceNote')}</strong>
        </p>
        <dl>
          <CopyValue label={t('banking.deposit.reference')} value={instructions.reference} look="reference" />
        </dl>
        <p className="text-sm text-muted">{referenceWhy ?? t('banking.deposit.referenceWhy')}</p>
      </div>

      <dl className="grid gap-3 sm:grid-cols-2">
        <Fact
          label={t('banking.deposit.minimum')}
          value={money.format({ available: instructions.minimumAmount, currency, assetType: 'fiat' })}
        />
        <Fact label={t('banking.deposit.arrival')} value={t(`banking.deposit.arrivalTime.${scheme}`)} />
      </dl>
      <p className="text-sm text-fg">{t('banking.deposit.ownName', { name: instructions.accountName })}</p>
    </section>
  );
}

/** A label over its value, like the copied details above it: a long value wraps under its label, not beside it. */
function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col gap-1">
      <dt className="text-xs font-medium text-muted">{label}</dt>
      <dd className="text-sm font-medium text-fg">{value}</dd>
    </div>
  );
}
