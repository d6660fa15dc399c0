import { ErrorCode } from '@causeway/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { formatDateTime } from '@/lib/date-format';
import { errorText, isApiError, isError } from '@/lib/http-errors';
import { useApiMutation } from '@/lib/use-api-mutation';
import { ConfirmDialog, ErrorView, GradientButton, showToast, Spinner } from '@/ui';
import {
  type BankAccount,
  BANK_ACCOUNTS_KEY,
  type ListBankAccountResult,
  useBankAccounts,
  useBankAccountsApi,
} from '../api/bank-accounts-api';
import { AddBankAccountForm } from '../components/add-bank-account-form';
import { useTranslation } from '../texts';

/** Why Add is not offered now, in words, or null when it is. */
function addBlockedText(list: ListBankAccountResult, t: ReturnType<typeof useTranslation>['t'], lng: string): string | null {
  const time = formatDateTime(list.addBankAccountAvailableAt, lng);
  if (list.addBankAccountWaitReason === 'SECURITY_CHANGE') return t('bankAccounts.waitSecurity', { time });
  if (list.bankAccounts.length >= list.maxBankAccounts) return t('bankAccounts.full', { max: list.maxBankAccounts });
  if (list.addBankAccountWaitReason === 'DAILY_LIMIT') return t('bankAccounts.waitDaily', { time, perDay: list.bankAccountsPerDay });
  return null;
}

/**
 * bank-accounts: the person's saved bank accounts, where withdrawals and sells by bank transfer are paid
 * (docs/rules/bank-accounts.md). Each shows its type, holder, bank and number masked; Delete asks first.
 * Add opens the form, unless the list says adding waits (a security change, the day's adds) or the cap
 * is reached, which the page says instead.
 */
export function BankAccountsPage() {
  const { t } = useTranslation();
  const { lng = 'en' } = useParams();
  const api = useBankAccountsApi();
  const queries = useQueryClient();
  const list = useBankAccounts();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<BankAccount | null>(null);
  // Closing the form (saved or cancelled) puts the keyboard back on the button that opened it.
  const addButton = useRef<HTMLButtonElement>(null);
  const formWasOpen = useRef(false);
  useEffect(() => {
    if (!adding && formWasOpen.current) addButton.current?.focus();
    formWasOpen.current = adding;
  }, [adding]);

  const refresh = () => queries.invalidateQueries({ queryKey: BANK_ACCOUNTS_KEY });
  const removal = useApiMutation({
    mutationFn: async (account: BankAccount) => {
      await api.remove(account.bankAccountId);
    },
    onSuccess: async () => {
      await refresh();
      showToast({ message: t('bankAccounts.deleted'), kind: 'success' });
      setDeleting(null);
    },
    onError: (error) => {
      void refresh();
      setDeleting(null);
      // A dead session is the client's (sign-in); anything else is said here: bank-account paths never toast.
      if (!isApiError(error) || error.httpStatus !== 401)
        showToast({
          message: isError(error, ErrorCode.BankAccountNotFound) ? t('bankAccounts.errors.BKA0000010') : errorText(error, t),
          kind: 'error',
        });
    },
  });

  let body;
  if (list.isError) {
    body = <ErrorView headingLevel={2} content={errorText(list.error, t)} onRetry={() => void list.refetch()} />;
  } else if (!list.data) {
    body = (
      <div className="flex justify-center py-8">
        <Spinner size="lg" label={t('bankAccounts.loading')} />
      </div>
    );
  } else if (list.data.bankAccounts.length === 0) {
    body = <p className="rounded-2xl border border-line bg-surface p-4 text-sm text-fg">{t('bankAccounts.none')}</p>;
  } else {
    body = (
      <ul className="flex flex-col gap-2" aria-label={t('bankAccounts.title')}>
        {list.data.bankAccounts.map((account) => (
          <li
            key={account.bankAccountId}
            className="flex min-w-0 flex-wrap items-start justify-between gap-3 rounded-xl border border-line bg-surface p-3"
          >
            <div className="flex min-w-0 flex-col gap-1">
              <span className="text-xs font-medium text-muted">{t(`bankAccounts.kinds.${account.kind}`)}</span>
              <span className="font-medium break-words text-fg">{account.accountName}</span>
              <span className="font-mono text-sm break-all text-fg">{account.maskedNumber}</span>
              {account.bankName || account.identifierCode ? (
                <span className="text-xs break-words text-muted">
                  {[account.bankName, account.identifierCode && t('bankAccounts.bic', { code: account.identifierCode })]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              ) : null}
            </div>
            <GradientButton
              variant="white"
              className="min-h-10 px-3 text-sm"
              disabled={removal.isPending}
              aria-label={t('bankAccounts.deleteNamed', { number: account.maskedNumber })}
              onClick={() => setDeleting(account)}
            >
              {t('bankAccounts.delete')}
            </GradientButton>
          </li>
        ))}
      </ul>
    );
  }

  const blocked = list.data ? addBlockedText(list.data, t, lng) : null;
  return (
    <section aria-labelledby="bank-accounts-title" className="mx-auto flex w-full max-w-[640px] min-w-0 flex-col gap-5 py-6">
      <div className="flex flex-col gap-2">
        <h1 id="bank-accounts-title" className="text-2xl font-semibold text-fg">
          {t('bankAccounts.title')}
        </h1>
        <p className="text-sm text-muted">{t('bankAccounts.intro')}</p>
        {list.data ? (
          <p className="text-sm text-muted">
            {t('bankAccounts.caps', { max: list.data.maxBankAccounts, perDay: list.data.bankAccountsPerDay })}
          </p>
        ) : null}
      </div>
      {adding ? (
        <AddBankAccountForm onSaved={() => setAdding(false)} onCancel={() => setAdding(false)} />
      ) : blocked ? (
        <p role="status" className="rounded-xl border border-line bg-surface-2 p-3 text-sm text-fg">
          {blocked}
        </p>
      ) : (
        <GradientButton
          ref={addButton}
          variant="white"
          className="min-h-11 self-start px-4"
          disabled={!list.data}
          onClick={() => setAdding(true)}
        >
          {t('bankAccounts.add')}
        </GradientButton>
      )}
      {body}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('bankAccounts.deleteTitle')}
        description={deleting ? t('bankAccounts.deleteText', { number: deleting.maskedNumber }) : ''}
        confirmLabel={t('bankAccounts.delete')}
        cancelLabel={t('bankAccounts.cancel')}
        onConfirm={() => (deleting ? removal.mutateAsync(deleting).catch(() => undefined) : undefined)}
      />
    </section>
  );
}

export default BankAccountsPage;
