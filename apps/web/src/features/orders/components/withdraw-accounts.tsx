import type { UseQueryResult } from '@tanstack/react-query';
import { forwardRef, useId } from 'react';
import { Link } from 'react-router';
import { pageHref } from '@/lib/portal-links';
import { FieldError, Spinner } from '@/ui';
import { cx } from '@/ui/class-names';
import type { BankCurrency } from '../hooks/use-banking';
import { ACCOUNT_KIND_OF, type BankAccount } from '../hooks/use-withdraw';
import { useTranslation } from '../texts';
import { textLinkClass } from './link-classes';

/** Where saved bank accounts are added and deleted (docs/rules/bank-accounts.md). */
export const bankAccountsLink = (lng: string) => pageHref(lng, 'bank-accounts');

/**
 * The account a withdrawal pays, as native radio buttons (arrow keys move and choose): only the
 * saved accounts of the currency's kind, each by holder, masked number and bank. None of that
 * kind: says so, with the way to add one.
 */
export const WithdrawAccounts = forwardRef<
  HTMLFieldSetElement,
  {
    lng: string;
    currency: BankCurrency;
    query: Pick<UseQueryResult<BankAccount[]>, 'data' | 'isError' | 'refetch'>;
    /** The saved accounts that fit the currency. */
    accounts: BankAccount[];
    selectedId: string | null;
    onSelect: (bankAccountId: string) => void;
    error: string | undefined;
  }
>(function WithdrawAccounts({ lng, currency, query, accounts, selectedId, onSelect, error }, ref) {
  const { t } = useTranslation();
  const name = useId();
  const errorId = useId();

  let body;
  if (query.data && accounts.length === 0) {
    body = (
      <div className="flex flex-col items-start gap-2 rounded-2xl border border-line bg-surface p-4">
        <p className="text-sm text-fg">{t(`banking.withdraw.noAccount.${ACCOUNT_KIND_OF[currency]}`)}</p>
        <Link to={bankAccountsLink(lng)} className={textLinkClass}>
          {t('banking.withdraw.addAccount')}
        </Link>
      </div>
    );
  } else if (query.data) {
    body = (
      <div className="flex flex-col divide-y divide-line rounded-2xl border border-line bg-surface">
        {accounts.map((account) => (
          <label key={account.bankAccountId} className="flex cursor-pointer items-center gap-3 px-4 py-3 has-focus-visible:bg-surface-2">
            <input
              type="radio"
              name={name}
              value={account.bankAccountId}
              checked={account.bankAccountId === selectedId}
              onChange={() => onSelect(account.bankAccountId)}
              aria-describedby={error ? errorId : undefined}
              className="size-5 shrink-0 accent-primary focus-visible:ring-2 focus-visible:ring-focus"
            />
            <span className="flex min-w-0 flex-col">
              <span className="text-sm font-medium break-words text-fg">{account.accountName}</span>
              <span className="font-mono text-sm text-fg tabular-nums">{account.maskedNumber}</span>
              {account.bankName ? <span className="text-xs break-words text-muted">{account.bankName}</span> : null}
            </span>
          </label>
        ))}
      </div>
    );
  } else if (query.isError) {
    body = (
      <div className="flex flex-col items-start gap-2 rounded-2xl border border-line bg-surface p-4">
        <p className="text-sm text-danger">{t('banking.withdraw.accountsError')}</p>
        <button type="button" onClick={() => void query.refetch()} className={textLinkClass}>
          {t('banking.withdraw.retry')}
        </button>
      </div>
    );
  } else {
    body = <Spinner size="md" className="self-center py-4" label={t('banking.withdraw.accountsLoading')} />;
  }

  return (
    <fieldset ref={ref} className="flex min-w-0 flex-col gap-2">
      <legend className="mb-2 text-sm font-medium text-fg">{t('banking.withdraw.payTo')}</legend>
      {body}
      <FieldError id={errorId} message={error} />
      {query.data && accounts.length > 0 ? (
        <Link to={bankAccountsLink(lng)} className={cx(textLinkClass, 'self-start')}>
          {t('banking.withdraw.manageAccounts')}
        </Link>
      ) : null}
    </fieldset>
  );
});
