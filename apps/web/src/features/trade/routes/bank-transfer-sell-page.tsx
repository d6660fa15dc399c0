import { SellForm } from '../components/sell-form';
import { TradeSetupView } from '../components/trade-setup-view';
import { BankTradeNav } from '../components/trade-side-nav';
import { useTradeSetup } from '../hooks/use-trade-setup';
import { useTranslation } from '../texts';

/**
 * banktransfer-sell (docs/rules/screens.md): selling crypto on the bank channel of the currency chosen,
 * as the card page's Sell side does but with no card: the proceeds go to the person's balance once the
 * sale completes. The trade page's states first; after submit-sell, the result page shows where to send.
 * `sideNav` false: the page around it (the business portal's transaction page) draws the sides' links.
 */
export function BankTransferSellPage({ sideNav = true }: { sideNav?: boolean }) {
  const { t } = useTranslation();
  const setup = useTradeSetup('BANK_TRANSFER');
  return (
    <TradeSetupView setup={setup} method="BANK_TRANSFER">
      {(offer) => (
        <>
          {sideNav ? <BankTradeNav side="sell" /> : null}
          <section aria-labelledby="sell-title" className="mx-auto flex w-full max-w-[480px] min-w-0 flex-col gap-5 py-6">
            <h1 id="sell-title" className="text-2xl font-semibold text-fg">
              {t('trade.bank.sellTitle')}
            </h1>
            <SellForm offer={offer} bankTransfer />
          </section>
        </>
      )}
    </TradeSetupView>
  );
}

export default BankTransferSellPage;
