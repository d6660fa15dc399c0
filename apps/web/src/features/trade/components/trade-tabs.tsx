import { lazy, Suspense } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { cx } from '@/ui/class-names';
import { Spinner } from '@/ui';
import { useTranslation } from '../texts';
import type { TradeOffer } from '../trade-state';
import { TradeForm } from './trade-form';

// Its own chunk: most visits buy, and the buy form's first load stays as it was.
const SellForm = lazy(() => import('./sell-form'));

type Side = 'buy' | 'sell';

/**
 * The card page's two sides (card-buy-sell): Buy, the form the page always had, and Sell. The side
 * is in the address (`?type=sell`), so a reload or a link keeps it, and the switch is two links (the
 * current one marked), not a tab widget: nothing more in the page's first load. A merchant's
 * transaction is a buy: it gets no Sell side.
 */
export function TradeTabs({ offer, chooseFirst }: { offer: TradeOffer; chooseFirst: boolean }) {
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
  return (
    <>
      <nav aria-label={t('trade.tabs.label')} className="mx-auto w-full max-w-[480px] min-w-0 pt-6">
        <ul className="flex rounded-full bg-surface-2 p-1">
          {(['buy', 'sell'] as const).map((item) => (
            <li key={item} className="flex flex-1">
              <Link
                to={hrefOf(item)}
                replace
                aria-current={item === side ? 'page' : undefined}
                className={cx(
                  'flex min-h-10 flex-1 items-center justify-center rounded-full px-3 text-sm font-medium text-muted transition',
                  item === side && 'bg-surface text-fg shadow-sm',
                )}
              >
                {t(`trade.tabs.${item}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
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
