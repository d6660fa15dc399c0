import { useId } from 'react';
import { Spinner } from '@/ui';
import { useBalanceFormat } from '../balance-format';
import { type BankCurrency, useBalances } from '../hooks/use-banking';
import { useTranslation } from '../texts';
import { pillLinkClass } from './link-classes';

/**
 * The balance a deposit lands in, in the chosen currency (none yet reads 0), with Refresh: a
 * transfer takes from hours to days to arrive, and the page does not poll that long. The figure
 * is a polite live region, so a screen reader hears a new amount after a refresh.
 */
export function DepositBalance({ currency }: { currency: BankCurrency }) {
  const { t } = useTranslation();
  const headingId = useId();
  const balances = useBalances();
  const money = useBalanceFormat();
  const balance = balances.data?.find((item) => item.currency === currency);
  const refreshing = balances.isFetching;

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2 rounded-2xl border border-line bg-surface p-4 sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-base font-semibold text-fg">
          {t('banking.deposit.balance', { currency })}
        </h2>
        <button
          type="button"
          // aria-disabled, not disabled: the button keeps its focus while the balance is asked again.
          aria-disabled={refreshing || undefined}
          aria-busy={refreshing || undefined}
          onClick={() => {
            if (!refreshing) void balances.refetch();
          }}
          className={pillLinkClass}
        >
          {t('banking.deposit.refresh')}
        </button>
      </div>
      {balances.data ? (
        // Mounted from the first answer on, so each refresh's new amount is read out.
        <p role="status" className="text-2xl font-semibold break-all text-fg tabular-nums">
          {money.format(balance ?? { currency, assetType: 'fiat', available: '0' })}
        </p>
      ) : balances.isError ? (
        <p role="status" className="text-sm text-danger">
          {t('banking.deposit.balanceError')}
        </p>
      ) : (
        <Spinner size="sm" className="self-start" label={t('banking.balance.loading')} />
      )}
    </section>
  );
}
