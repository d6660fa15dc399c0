import { useId } from 'react';
import { Link } from 'react-router';
import { isPositiveDecimal } from '@/lib/decimal';
import { useFeatureEnabled } from '@/lib/feature-switches';
import { pageHref } from '@/lib/portal-links';
import { ErrorView, Spinner } from '@/ui';
import { useBalanceFormat } from '../balance-format';
import { errorViewContent } from '../error-content';
import { type Balance, BANK_CURRENCIES, useBalances } from '../hooks/use-banking';
import { useTranslation } from '../texts';
import { pillLinkClass } from './link-classes';

/** Where the dashboard's Deposit leads: the bank-transfer deposit page (docs/rules/screens.md; a business's in the portal). */
export const depositLink = (lng: string) => pageHref(lng, 'banktransfer-buy?type=deposit');

/**
 * Where the dashboard's Withdraw leads, or null when there is nothing to withdraw: the withdraw page,
 * in the first bank currency (EUR, then GBP) that has money in it.
 */
export function withdrawLink(lng: string, balances: readonly Balance[]): string | null {
  const currency = BANK_CURRENCIES.find((code) => balances.some((item) => item.currency === code && isPositiveDecimal(item.available)));
  if (!currency) return null;
  return pageHref(lng, currency === BANK_CURRENCIES[0] ? 'withdraw' : `withdraw?currency=${currency}`);
}

/**
 * The dashboard's Balance: each currency of the trading account (fiat first, then crypto) with its
 * amount, or a word that there is none yet; and Deposit, only while the operator's deposit switch
 * is on (feature-switch/query), so nobody is sent to a page that cannot take their money; Withdraw
 * likewise only while the withdraw switch is on, and only with money in a currency a bank transfer
 * pays out (EUR or GBP). `actions` false: the page around offers Deposit and Withdraw itself (the
 * business portal's home).
 */
export function BalanceCard({ lng, actions = true }: { lng: string; actions?: boolean }) {
  const { t } = useTranslation();
  const headingId = useId();
  const balances = useBalances();
  const money = useBalanceFormat();
  const canDeposit = useFeatureEnabled('deposit').isEnabled === true;
  const canWithdraw = useFeatureEnabled('withdraw').isEnabled === true && actions;
  const withdrawTo = canWithdraw && balances.data ? withdrawLink(lng, balances.data) : null;

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold text-fg">
          {t('banking.balance.title')}
        </h2>
        <div className="flex flex-wrap justify-end gap-2">
          {canDeposit && actions ? (
            <Link to={depositLink(lng)} className={pillLinkClass}>
              {t('banking.balance.deposit')}
            </Link>
          ) : null}
          {withdrawTo ? (
            <Link to={withdrawTo} className={pillLinkClass}>
              {t('banking.balance.withdraw')}
            </Link>
          ) : null}
        </div>
      </div>
      {balances.data ? (
        balances.data.length === 0 ? (
          <p className="rounded-2xl border border-line bg-surface px-4 py-6 text-center text-sm text-muted">
            {t(canDeposit ? 'banking.balance.emptyDeposit' : 'banking.balance.empty')}
          </p>
        ) : (
          <dl className="flex flex-col divide-y divide-line rounded-2xl border border-line bg-surface">
            {money.sort(balances.data).map((balance) => (
              <div key={balance.currency} className="flex items-baseline justify-between gap-3 px-4 py-3">
                <dt className="min-w-0 text-sm text-muted">{money.nameOf(balance.currency)}</dt>
                {/* A coin's 18 places fit a 360 px screen only by wrapping inside the number. */}
                <dd className="min-w-0 text-right text-base font-semibold break-all text-fg tabular-nums">{money.format(balance)}</dd>
              </div>
            ))}
          </dl>
        )
      ) : balances.isError ? (
        <ErrorView
          headingLevel={3}
          className="py-4"
          content={errorViewContent(balances.error, t)}
          onRetry={() => void balances.refetch()}
        />
      ) : (
        <div className="flex justify-center py-6">
          <Spinner size="md" label={t('banking.balance.loading')} />
        </div>
      )}
    </section>
  );
}
