import { TradeSetupView } from '../components/trade-setup-view';
import { TradeTabs } from '../components/trade-tabs';
import { useTradeSetup } from '../hooks/use-trade-setup';

/**
 * card-buy-sell and buy-crypto: buying crypto by card, and on its Sell tab selling to a card. docs/rules/screens.md states: loading, AccountNotReady,
 * kycAddress, unavailable, limit, TradingPairUnsupported, then trade (chooseCoin while the coin
 * chooser is open, unavailableCallback when the payment method is down). `sideNav` false: the page
 * around it (the business portal's transaction page) draws the sides' links; the side is still `?type=`.
 */
export function TradePage({ sideNav = true }: { sideNav?: boolean }) {
  const setup = useTradeSetup();
  return (
    <TradeSetupView setup={setup}>
      {(offer, chooseFirst) => <TradeTabs offer={offer} chooseFirst={chooseFirst} sideNav={sideNav} />}
    </TradeSetupView>
  );
}

export default TradePage;
