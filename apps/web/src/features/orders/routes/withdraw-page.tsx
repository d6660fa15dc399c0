import { type ReactNode, useId, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useAccountInfo } from '@/lib/account-info';
import { COOKIE_NAMES, getSharedCookie } from '@/lib/cookies';
import { useFeatureEnabled } from '@/lib/feature-switches';
import { gateFor } from '@/lib/gating';
import { storedMode } from '@/lib/mode';
import { ErrorView, Spinner } from '@/ui';
import { primaryLinkClass } from '../components/link-classes';
import { WithdrawForm } from '../components/withdraw-form';
import { WithdrawStatus } from '../components/withdraw-status';
import {
  BANK_CURRENCIES,
  type BankCurrency,
  isBankCurrency,
  isVerificationRequired,
  useBankTransferInstructions,
} from '../hooks/use-banking';
import type { Withdrawal } from '../hooks/use-withdraw';
import { useTranslation } from '../texts';

/**
 * withdraw: money from the trading account to one of the person's saved bank accounts
 * (docs/rules/screens.md, docs/rules/bank-transfers.md). The form (currency in ?currency=, EUR by
 * default), then the withdrawal followed until the bank settles it (?id=, so a reload shows it
 * again). The minimum comes from bank-transfer/instructions, which also says a person not verified
 * yet is not. The `withdraw` switch off: withdrawals not available.
 */
export function WithdrawPage() {
  const { t } = useTranslation();
  const { lng = 'en' } = useParams();
  const [params, setParams] = useSearchParams();
  const asked = params.get('currency')?.trim().toUpperCase();
  const currency: BankCurrency = isBankCurrency(asked) ? asked : BANK_CURRENCIES[0];
  const withdrawId = params.get('id');
  const [submitted, setSubmitted] = useState<Withdrawal>();
  const withdraw = useFeatureEnabled('withdraw');
  const instructions = useBankTransferInstructions(currency, { enabled: withdraw.isEnabled === true && !withdrawId });

  const setParam = (name: string, value: string | null, replace: boolean) =>
    setParams(
      (current) => {
        if (value === null) current.delete(name);
        else current.set(name, value);
        return current;
      },
      { replace },
    );

  let body: ReactNode;
  if (withdrawId) {
    body = <WithdrawStatus withdrawId={withdrawId} first={submitted} lng={lng} onAgain={() => setParam('id', null, false)} />;
  } else if (withdraw.isEnabled === false) {
    body = <StatePanel title={t('banking.withdraw.unavailable.title')}>{t('banking.withdraw.unavailable.content')}</StatePanel>;
  } else if (withdraw.isEnabled === undefined && withdraw.isError) {
    body = <ErrorView headingLevel={2} onRetry={withdraw.retry} />;
  } else if (instructions.isError && isVerificationRequired(instructions.error)) {
    body = <VerifyFirst lng={lng} />;
  } else if (withdraw.isEnabled && (instructions.data || instructions.isError)) {
    // Without the instructions (the bank did not answer) the form still works: the server checks the minimum.
    body = (
      <WithdrawForm
        lng={lng}
        currency={currency}
        onCurrency={(next) => setParam('currency', next, true)}
        minimum={instructions.data?.minimumAmount}
        onSubmitted={(withdrawal) => {
          setSubmitted(withdrawal);
          setParam('id', withdrawal.withdrawId, false);
        }}
      />
    );
  } else {
    body = (
      <div className="flex justify-center py-10">
        <Spinner size="lg" label={t('banking.withdraw.loading')} />
      </div>
    );
  }

  return (
    <section aria-labelledby="withdraw-title" className="mx-auto flex w-full max-w-[640px] flex-col gap-6 py-6">
      <div className="flex flex-col gap-2">
        <h1 id="withdraw-title" className="text-2xl font-semibold text-fg">
          {t('banking.withdraw.title')}
        </h1>
        <p className="text-sm text-muted">{t('banking.withdraw.intro')}</p>
      </div>
      {body}
    </section>
  );
}

/** A state of the page in place of the form: a heading, why, and what to do. */
function StatePanel({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-5 text-center">
      <h2 id={headingId} className="text-lg font-semibold text-fg">
        {title}
      </h2>
      <p className="text-sm text-muted">{children}</p>
      {action}
    </section>
  );
}

/** Not verified yet (ODR00001004): money is paid only to accounts in the verified name. The status page gating names. */
function VerifyFirst({ lng }: { lng: string }) {
  const { t } = useTranslation();
  const account = useAccountInfo(storedMode());
  const isRoma = getSharedCookie(COOKIE_NAMES.isRoma) === 'true';
  const statusPage = (account.data && gateFor(account.data, { path: '/withdraw', isRoma })) || 'account-status';
  return (
    <StatePanel
      title={t('banking.withdraw.verify.title')}
      action={
        <Link to={`/${lng}/${statusPage}`} className={primaryLinkClass}>
          {t('banking.withdraw.verify.action')}
        </Link>
      }
    >
      {t('banking.withdraw.verify.content')}
    </StatePanel>
  );
}

export default WithdrawPage;
