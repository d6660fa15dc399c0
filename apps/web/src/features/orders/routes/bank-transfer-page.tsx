import { type ReactNode, useId } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { useAccountInfo } from '@/lib/account-info';
import { rememberBuyTarget } from '@/lib/buy-after-verification';
import { COOKIE_NAMES, getSharedCookie } from '@/lib/cookies';
import { useFeatureEnabled } from '@/lib/feature-switches';
import { gateFor } from '@/lib/gating';
import { storedMode } from '@/lib/mode';
import { ErrorView, Spinner } from '@/ui';
import { BankTransferDetails } from '../components/bank-transfer-details';
import { CurrencyChoice } from '../components/currency-choice';
import { DepositBalance } from '../components/deposit-balance';
import { primaryLinkClass } from '../components/link-classes';
import { errorViewContent } from '../error-content';
import {
  BANK_CURRENCIES,
  type BankCurrency,
  isBankCurrency,
  isVerificationRequired,
  useBankTransferInstructions,
} from '../hooks/use-banking';
import { useTranslation } from '../texts';

/** This page's locale-free path: trade routing's bank-transfer page for a buy or a deposit (lib/trade-routing). */
const PAGE = 'banktransfer-buy';

/**
 * banktransfer-buy's Deposit side: paying money into the trading account by bank transfer
 * (docs/rules/screens.md). The currency (EUR by default, or GBP; kept in ?currency= so a reload shows
 * the same), then where to send it, and the balance it lands in. The route table puts it beside the
 * trade feature's bank-transfer buy, whose links lead between the two.
 */
export function BankTransferPage() {
  const { t } = useTranslation();
  const { lng = 'en' } = useParams();
  const [params, setParams] = useSearchParams();
  const asked = params.get('currency')?.trim().toUpperCase();
  const currency: BankCurrency = isBankCurrency(asked) ? asked : BANK_CURRENCIES[0];
  const choose = (next: BankCurrency) =>
    setParams(
      (current) => {
        current.set('currency', next);
        return current;
      },
      { replace: true },
    );
  const deposit = useFeatureEnabled('deposit');
  const instructions = useBankTransferInstructions(currency, { enabled: deposit.isEnabled === true });

  let body: ReactNode;
  if (deposit.isEnabled === false) {
    body = <StatePanel title={t('banking.deposit.unavailable.title')}>{t('banking.deposit.unavailable.content')}</StatePanel>;
  } else if (deposit.isEnabled === undefined && deposit.isError) {
    body = <ErrorView headingLevel={2} onRetry={deposit.retry} />;
  } else if (instructions.isError && isVerificationRequired(instructions.error)) {
    body = <VerifyFirst lng={lng} />;
  } else {
    body = (
      <>
        <CurrencyChoice value={currency} onChange={choose} />
        {instructions.data ? (
          <>
            <BankTransferDetails instructions={instructions.data} />
            <DepositBalance currency={currency} />
          </>
        ) : instructions.isError ? (
          <ErrorView headingLevel={2} content={errorViewContent(instructions.error, t)} onRetry={() => void instructions.refetch()} />
        ) : (
          <div className="flex justify-center py-10">
            <Spinner size="lg" label={t('banking.deposit.loading')} />
          </div>
        )}
      </>
    );
  }

  return (
    <section aria-labelledby="bank-transfer-title" className="mx-auto flex w-full max-w-[640px] flex-col gap-6 py-6">
      <div className="flex flex-col gap-2">
        <h1 id="bank-transfer-title" className="text-2xl font-semibold text-fg">
          {t('banking.deposit.title')}
        </h1>
        <p className="text-sm text-muted">{t('banking.deposit.intro')}</p>
      </div>
      {body}
    </section>
  );
}

/** A state of the page in place of the bank details: a heading, why, and what to do. */
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

/**
 * Not verified yet (ODR00001004): the account is opened in the verified name, so there is none to
 * show. The button leads where gating sends this account (the status page of its entity or channel),
 * and verification's Continue comes back here (lib/buy-after-verification).
 */
function VerifyFirst({ lng }: { lng: string }) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const account = useAccountInfo(storedMode());
  const isRoma = getSharedCookie(COOKIE_NAMES.isRoma) === 'true';
  const statusPage = (account.data && gateFor(account.data, { path: `/${PAGE}`, isRoma })) || 'account-status';
  return (
    <StatePanel
      title={t('banking.deposit.verify.title')}
      action={
        <Link to={`/${lng}/${statusPage}`} onClick={() => rememberBuyTarget(`${PAGE}${search}`)} className={primaryLinkClass}>
          {t('banking.deposit.verify.action')}
        </Link>
      }
    >
      {t('banking.deposit.verify.content')}
    </StatePanel>
  );
}

export default BankTransferPage;
