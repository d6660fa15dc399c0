import { type FormEvent, lazy, Suspense, useRef, useState } from 'react';
import { cleanAmountInput, compareDecimal, isPositiveDecimal } from '@/lib/decimal';
import { FieldError, GradientButton, TextInput } from '@/ui';
import { useBalanceFormat } from '../balance-format';
import { type BankCurrency, useBalances } from '../hooks/use-banking';
import { ACCOUNT_KIND_OF, useSavedBankAccounts, type Withdrawal } from '../hooks/use-withdraw';
import { useWithdrawSubmit } from '../hooks/use-withdraw-submit';
import { useTranslation } from '../texts';
import { withdrawErrorText } from '../withdraw-errors';
import { CurrencyChoice } from './currency-choice';
import { WithdrawAccounts } from './withdraw-accounts';
import { WithdrawCodeModal } from './withdraw-code-modal';

const AuthenticatorBindModal = lazy(() =>
  import('@/shared/authenticator/authenticator-bind-modal').then((m) => ({ default: m.AuthenticatorBindModal })),
);

/** A bank transfer carries whole cents (submit-withdraw refuses more decimals). */
const CENTS = 2;

/**
 * The withdraw form (docs/rules/bank-transfers.md "Withdrawals"): the currency, the balance in it,
 * the amount (Max fills the balance), the saved account of the currency's kind to pay, then the
 * authenticator and submit-withdraw. The amount is checked here against the minimum and the
 * balance before anything is sent; the server checks both again, and the tier's limits.
 */
export function WithdrawForm({
  lng,
  currency,
  onCurrency,
  minimum,
  onSubmitted,
}: {
  lng: string;
  currency: BankCurrency;
  onCurrency: (currency: BankCurrency) => void;
  /** The least a transfer carries (bank-transfer/instructions), when known. */
  minimum: string | undefined;
  onSubmitted: (withdrawal: Withdrawal) => void;
}) {
  const { t } = useTranslation();
  const money = useBalanceFormat();
  const balances = useBalances();
  const accounts = useSavedBankAccounts();
  const flow = useWithdrawSubmit(onSubmitted);
  const [amount, setAmount] = useState('');
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [attempted, setAttempted] = useState(false);
  const amountRef = useRef<HTMLInputElement>(null);
  const accountsRef = useRef<HTMLFieldSetElement>(null);

  const fiat = (value: string, code: string = currency) => money.format({ available: value, currency: code, assetType: 'fiat' });
  const available = balances.data ? (balances.data.find((item) => item.currency === currency)?.available ?? '0') : undefined;
  const fitting = (accounts.data ?? []).filter((account) => account.kind === ACCOUNT_KIND_OF[currency]);
  const account = fitting.find((item) => item.bankAccountId === chosenId) ?? fitting[0];

  const amountProblem = (): string | undefined => {
    if (!isPositiveDecimal(amount)) return t('banking.withdraw.invalid.amountRequired');
    if (minimum && compareDecimal(amount, minimum) < 0) return t('banking.withdraw.invalid.belowMinimum', { amount: fiat(minimum) });
    if (available !== undefined && compareDecimal(amount, available) > 0)
      return t('banking.withdraw.invalid.aboveBalance', { amount: fiat(available) });
    return undefined;
  };
  const amountError = attempted ? amountProblem() : undefined;
  const accountError = attempted && accounts.data && !account ? t('banking.withdraw.invalid.accountRequired') : undefined;
  const busy = flow.phase === 'checking' || flow.phase === 'sending';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setAttempted(true);
    // The keyboard goes to the first problem, whose message its field announces.
    if (amountProblem()) return amountRef.current?.focus();
    if (!account) return accountsRef.current?.querySelector<HTMLElement>('a, input')?.focus();
    void flow.start({ currency, amount, bankAccountId: account.bankAccountId });
  };

  const refusal = flow.refusal
    ? 'bindLeft' in flow.refusal
      ? t('banking.withdraw.bindNeeded')
      : withdrawErrorText(flow.refusal.error, t, (value, code) => fiat(value, code || currency))
    : null;
  const summary = flow.terms
    ? t('banking.withdraw.summary', {
        amount: fiat(flow.terms.amount, flow.terms.currency),
        account: fitting.find((item) => item.bankAccountId === flow.terms?.bankAccountId)?.maskedNumber ?? '',
      })
    : '';
  const describedBy = [amountError ? 'withdraw-amount-error' : null, minimum ? 'withdraw-minimum' : null].filter(Boolean).join(' ');

  return (
    <form onSubmit={submit} noValidate aria-label={t('banking.withdraw.title')} className="flex min-w-0 flex-col gap-5">
      <CurrencyChoice value={currency} onChange={onCurrency} />
      <p className="flex items-baseline justify-between gap-3 rounded-2xl border border-line bg-surface px-4 py-3">
        <span className="text-sm text-muted">{t('banking.withdraw.available')}</span>
        <span className="min-w-0 text-right text-base font-semibold break-all text-fg tabular-nums">
          {available !== undefined ? fiat(available) : balances.isError ? t('banking.withdraw.balanceError') : '…'}
        </span>
      </p>
      <div className="flex min-w-0 flex-col gap-1">
        <TextInput
          ref={amountRef}
          label={t('banking.withdraw.amount', { currency })}
          name="withdrawAmount"
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onValueChange={(value) => setAmount(cleanAmountInput(value, CENTS))}
          aria-describedby={describedBy || undefined}
          suffix={
            available !== undefined && isPositiveDecimal(available) ? (
              <button
                type="button"
                aria-label={t('banking.withdraw.maxLabel', { amount: fiat(available) })}
                onClick={() => setAmount(cleanAmountInput(available, CENTS))}
                className="min-h-9 rounded-lg px-2 text-sm font-semibold text-primary hover:bg-surface-2 focus-visible:ring-2 focus-visible:ring-focus focus-visible:outline-none"
              >
                {t('banking.withdraw.max')}
              </button>
            ) : undefined
          }
        />
        {minimum ? (
          <p id="withdraw-minimum" className="text-xs text-muted">
            {t('banking.withdraw.minimum', { amount: fiat(minimum) })}
          </p>
        ) : null}
        <FieldError id="withdraw-amount-error" message={amountError} />
      </div>
      <WithdrawAccounts
        ref={accountsRef}
        lng={lng}
        currency={currency}
        query={accounts}
        accounts={fitting}
        selectedId={account?.bankAccountId ?? null}
        onSelect={setChosenId}
        error={accountError}
      />
      {refusal ? (
        <p role="alert" className="text-sm text-danger">
          {refusal}
        </p>
      ) : null}
      <div className="flex flex-col gap-2">
        <GradientButton type="submit" fullWidth loading={busy} showContinueArrow>
          {t('banking.withdraw.submit')}
        </GradientButton>
        <p className="text-center text-xs text-muted">{t(`banking.withdraw.arrival.${currency}`)}</p>
      </div>
      <Suspense fallback={null}>
        {flow.phase === 'bind' ? (
          <AuthenticatorBindModal open email={flow.email} api={flow.authenticator} onClose={flow.cancel} onBound={flow.bound} />
        ) : null}
      </Suspense>
      {flow.codeOpen ? (
        <WithdrawCodeModal
          refused={flow.codeError}
          summary={summary}
          sending={flow.phase === 'sending'}
          onCode={flow.sendCode}
          onClose={flow.cancel}
        />
      ) : null}
    </form>
  );
}
