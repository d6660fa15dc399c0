import { lazy } from 'react';
import { useParams } from 'react-router';
import { BalanceCard } from '@/features/orders/components/balance-card';
import { BankActivityList } from '@/features/orders/components/bank-activity-list';
import { PortalHomePage } from '@/features/portal/routes/home-page';
import { PortalTransactionPage } from '@/features/portal/routes/transaction-page';

/**
 * The business portal's pages (docs/rules/kyb.md "The portal") compose other features' pages (features
 * never import each other): the home the orders feature's balances and activity, the transaction page
 * the trade feature's buy and sell (without their own side links: the portal draws them) and the orders
 * feature's deposit and withdraw, each side loading when shown. The route table loads this module with
 * a portal page only.
 */
export function PortalHome() {
  const { lng = 'en' } = useParams();
  return <PortalHomePage balances={<BalanceCard lng={lng} actions={false} />} activity={<BankActivityList />} />;
}

const BankDepositPage = lazy(() => import('@/features/orders/routes/bank-transfer-page'));
const PortalBankBuy = lazy(() =>
  import('@/features/trade/routes/bank-transfer-buy-page').then(({ BankTransferBuyPage }) => ({
    default: () => <BankTransferBuyPage deposit={<BankDepositPage />} sideNav={false} />,
  })),
);
const PortalBankSell = lazy(() =>
  import('@/features/trade/routes/bank-transfer-sell-page').then(({ BankTransferSellPage }) => ({
    default: () => <BankTransferSellPage sideNav={false} />,
  })),
);
const PortalCardTrade = lazy(() =>
  import('@/features/trade/routes/trade-page').then(({ TradePage }) => ({ default: () => <TradePage sideNav={false} /> })),
);
const PortalWithdraw = lazy(() => import('@/features/orders/routes/withdraw-page'));

export function PortalTransaction() {
  return (
    <PortalTransactionPage
      bankBuy={<PortalBankBuy />}
      bankSell={<PortalBankSell />}
      card={<PortalCardTrade />}
      withdraw={<PortalWithdraw />}
    />
  );
}
