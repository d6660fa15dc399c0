import { type ReactNode, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { COOKIE_NAMES, getSharedCookie } from '@/lib/cookies';
import { Spinner } from '@/ui';
import { TradeForm } from '../components/trade-form';
import { TradeSetupView } from '../components/trade-setup-view';
import { BankTradeNav } from '../components/trade-side-nav';
import { useTradeSetup } from '../hooks/use-trade-setup';
import { useTranslation } from '../texts';

/**
 * The side banktransfer-buy shows: `?type=buy` or `?type=deposit` when the link says; else what
 * trade routing brought the person for (the stored transaction type: buy), else a deposit (the
 * dashboard's Deposit, and what the page showed before it bought).
 */
export function bankTransferSideOf(asked: string | null, storedType: string | undefined): 'buy' | 'deposit' {
  if (asked === 'buy' || asked === 'deposit') return asked;
  return storedType === 'buy' ? 'buy' : 'deposit';
}

/**
 * banktransfer-buy (docs/rules/screens.md, docs/rules/bank-transfers.md): buying crypto by bank transfer,
 * and on its Deposit side the deposit instructions. The buy is the card page's form on the bank channel
 * of the currency chosen (EUR: SEPA, GBP: Faster Payments), without a card: the balance pays it at once
 * when it covers it, else the person sends the amount with the order's reference (the result page says
 * where). `deposit`: the deposit side, which the orders feature draws (the route table composes the two).
 * `sideNav` false: the page around it (the business portal's transaction page) draws the sides' links.
 */
export function BankTransferBuyPage({ deposit, sideNav = true }: { deposit: ReactNode; sideNav?: boolean }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const side = bankTransferSideOf(params.get('type'), getSharedCookie(COOKIE_NAMES.transactionType));
  if (side === 'buy') return <BankTransferBuy sideNav={sideNav} />;
  return (
    <>
      {sideNav ? <BankTradeNav side="deposit" /> : null}
      <Suspense
        fallback={
          <div className="flex min-h-[30vh] items-center justify-center">
            <Spinner size="lg" label={t('trade.loading')} />
          </div>
        }
      >
        {deposit}
      </Suspense>
    </>
  );
}

/** The buy side: the trade page's states on the bank channels, then the form. A merchant's transaction is a buy only. */
function BankTransferBuy({ sideNav }: { sideNav: boolean }) {
  const setup = useTradeSetup('BANK_TRANSFER');
  return (
    <TradeSetupView setup={setup} method="BANK_TRANSFER">
      {(offer, chooseFirst) => (
        <>
          {offer.transaction || !sideNav ? null : <BankTradeNav side="buy" />}
          <TradeForm offer={offer} chooseFirst={chooseFirst} bankTransfer />
        </>
      )}
    </TradeSetupView>
  );
}
