import { useId } from 'react';
import { compareDecimal } from '@/lib/decimal';
import { formatFiatAmount } from '@/lib/money-format';
import { Spinner } from '@/ui';
import type { Balance } from '@causeway/contracts';
import { useTradeBalances } from '../api/trade-queries';
import { useTranslation } from '../texts';

/** How a bank-transfer buy is paid (docs/rules/bank-transfers.md): from the balance at once, or by a transfer it waits for. */
export type BankFunding = 'BALANCE' | 'TRANSFER';

/** The person's balance in `currency` ('0' when they hold none), or undefined while it is unknown. */
export function balanceIn(balances: readonly Balance[] | undefined, currency: string): string | undefined {
  if (!balances) return undefined;
  return balances.find((item) => item.assetType === 'fiat' && item.currency === currency)?.available ?? '0';
}

/**
 * How the server will most likely pay `amount`: from the balance when it covers it at submission,
 * else by a transfer. A guess from the balance seen now (the server decides at submit-buy, and the
 * result page shows its answer); null while the balance or the amount is unknown.
 */
export function likelyFunding(balance: string | undefined, amount: string | undefined): BankFunding | null {
  if (balance === undefined || !amount) return null;
  return compareDecimal(balance, amount) >= 0 ? 'BALANCE' : 'TRANSFER';
}

/** {@link likelyFunding} of `amount` in `currency`, from the balances (asked only when `enabled`: a bank-transfer buy). */
export function useLikelyFunding(currency: string, amount: string | undefined, { enabled }: { enabled: boolean }): BankFunding | null {
  const balances = useTradeBalances({ enabled });
  return enabled ? likelyFunding(balanceIn(balances.data, currency), amount) : null;
}

/** The balance line of the panels below: the amount, or why it is not there. */
function BalanceLine({ currency, decimals }: { currency: string; decimals: number }) {
  const { t, i18n } = useTranslation();
  const balances = useTradeBalances();
  const balance = balanceIn(balances.data, currency);
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
      <span className="text-sm text-muted">{t('trade.bank.funding.balance', { currency })}</span>
      {balance !== undefined ? (
        <span className="font-semibold break-all text-fg tabular-nums">{formatFiatAmount(balance, currency, i18n.language, decimals)}</span>
      ) : balances.isError ? (
        <span className="text-sm text-muted">{t('trade.bank.funding.balanceError')}</span>
      ) : (
        <Spinner size="sm" label={t('trade.bank.funding.balanceLoading')} />
      )}
    </div>
  );
}

/** Where a bank sell's proceeds go, in place of the card page's payout card: the balance in the currency chosen. */
export function BankProceedsPanel({ currency, decimals }: { currency: string; decimals: number }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-2 rounded-2xl border border-line bg-surface p-4">
      <h2 id={headingId} className="text-sm font-medium text-fg">
        {t('trade.bank.sell.proceedsTitle', { currency })}
      </h2>
      <BalanceLine currency={currency} decimals={decimals} />
      <p className="text-sm text-muted">{t('trade.bank.sell.proceeds')}</p>
    </section>
  );
}

/**
 * What pays a bank-transfer buy, in place of the card page's card: the balance in the currency
 * chosen, and what happens to this order: paid from it at once, or (it does not cover the amount)
 * sent by bank transfer with the order's own reference, priced when the money arrives. A polite
 * live region, so the verdict is heard when the amount changes it.
 */
export function BankFundingPanel({ currency, amount, decimals }: { currency: string; amount: string | undefined; decimals: number }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const balances = useTradeBalances();
  const balance = balanceIn(balances.data, currency);
  const funding = likelyFunding(balance, amount);
  const money = (value: string) => formatFiatAmount(value, currency, i18n.language, decimals);

  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-2 rounded-2xl border border-line bg-surface p-4">
      <h2 id={headingId} className="text-sm font-medium text-fg">
        {t('trade.bank.funding.title')}
      </h2>
      <BalanceLine currency={currency} decimals={decimals} />
      <p aria-live="polite" className="text-sm text-fg">
        {funding === 'BALANCE'
          ? t('trade.bank.funding.fromBalance')
          : funding === 'TRANSFER'
            ? t('trade.bank.funding.byTransfer', { amount: money(amount!) })
            : t('trade.bank.funding.how')}
      </p>
    </section>
  );
}
