import { TradeSetupView } from '../components/trade-setup-view';
import { TradeTabs } from '../components/trade-tabs';
import { useTradeSetup } from '../hooks/use-trade-setup';

/**
 * card-buy-sell and buy-crypto: buying crypto by card, and on its Sell tab selling to a card. docs/rules/screens.md states: loading, AccountNotReady,
 * kycAddress, unavailable, limit, TradingPairUnsupported, then trade (chooseCoin while the coin
 * chooser is open, unavailableCallback when the payment method is down).
 */
export function TradePage() {
  const setup = useTradeSetup();
  return <TradeSetupView setup={setup}>{(offer, chooseFirst) => <TradeTabs offer={offer} chooseFirst={chooseFirst} />}</TradeSetupView>;
}

export default TradePage;
