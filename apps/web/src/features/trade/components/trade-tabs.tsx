import { lazy, Suspense } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { Spinner } from '@/ui';
import { useTranslation } from '../texts';
import type { TradeOffer } from '../trade-state';
import { TradeForm } from './trade-form';
import { TradeSideNav } from './trade-side-nav';

// Its own chunk: most visits buy, and the buy form's first load stays as it was.
const SellForm = lazy(() => import('./sell-form'));

type Side = 'buy' | 'sell';

/**
 * The card page's two sides (card-buy-sell): Buy, the form the page always had, and Sell. The side
 * is in the address (`?type=sell`), so a reload or a link keeps it (TradeSideNav). A merchant's
 * transaction is a buy: it gets no Sell side. `sideNav` false: the page around draws the links.
 */
export function TradeTabs({ offer, chooseFirst, sideNav = true }: { offer: TradeOffer; chooseFirst: boolean; sideNav?: boolean }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  if (offer.transaction) return <TradeForm offer={offer} chooseFirst={chooseFirst} />;
  const side: Side = params.get('type') === 'sell' ? 'sell' : 'buy';
  const hrefOf = (next: Side) => {
    const query = new URLSearchParams(params);
    if (next === 'sell') query.set('type', 'sell');
    else query.delete('type');
    const search = query.toString();
    return `${pathname}${search ? `?${search}` : ''}`;
  };
  const links = (['buy', 'sell'] as const).map((item) => ({
    key: item,
    to: hrefOf(item),
    label: t(`trade.tabs.${item}`),
    current: item === side,
  }));
  return (
    <>
      {sideNav ? <TradeSideNav links={links} method="CARD" side={side} /> : null}
      {side === 'buy' ? (
        <TradeForm offer={offer} chooseFirst={chooseFirst} />
      ) : (
        <section aria-labelledby="sell-title" className="mx-auto flex w-full max-w-[480px] min-w-0 flex-col gap-5 py-6">
          <h1 id="sell-title" className="text-2xl font-semibold text-fg">
            {t('trade.sell.title')}
          </h1>
          <Suspense fallback={<Spinner label={t('trade.loading')} />}>
            <SellForm offer={offer} />
          </Suspense>
        </section>
      )}
    </>
  );
}
