import type { ReactNode } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { cx } from '@/ui/class-names';
import { textLinkClass } from '../components/portal-classes';
import { useTranslation } from '../texts';
import { useCardBuyOffered } from '../use-card-offered';

const SIDES = ['buy', 'sell', 'deposit', 'withdraw'] as const;
type Side = (typeof SIDES)[number];
const isSide = (value: string | null): value is Side => (SIDES as readonly (string | null)[]).includes(value);

export interface PortalTransactionPageProps {
  /** The bank-transfer buy page, whose Deposit side is `?type=deposit` (the trade and orders features', composed by the route table). */
  bankBuy: ReactNode;
  /** The bank-transfer sell page. */
  bankSell: ReactNode;
  /** The card page, both its sides (`?type=sell`). */
  card: ReactNode;
  /** The withdraw page. */
  withdraw: ReactNode;
}

/** The same address with its query changed: `set` values replace, null ones go. */
function withQuery(params: URLSearchParams, set: Record<string, string | null>): string {
  const next = new URLSearchParams(params);
  for (const [name, value] of Object.entries(set)) {
    if (value === null) next.delete(name);
    else next.set(name, value);
  }
  return `?${next.toString()}`;
}

/**
 * corporation-portal/transaction (docs/rules/kyb.md "The portal"): a business buys and sells by bank
 * transfer (its balance, or a transfer with the order's reference), deposits and withdraws; by card
 * too where the channel offers card buys (`&method=card`, linked only then). The side is in the
 * address (`?type=`), so a reload, the home's links and the result page's way back keep it. The pages
 * are the individual ones, drawn here without their own links between sides; they still show a
 * business that is not verified yet the way to its Verification Center.
 */
export function PortalTransactionPage({ bankBuy, bankSell, card, withdraw }: PortalTransactionPageProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const type = params.get('type');
  const trading = type === 'buy' || type === 'sell';
  const byCard = trading && params.get('method') === 'card';
  const cardOffered = useCardBuyOffered({ enabled: trading && !byCard });
  if (!isSide(type)) return <Navigate replace to={withQuery(params, { type: 'buy', method: null })} />;

  const otherMethod = !trading
    ? null
    : byCard
      ? { to: withQuery(params, { method: null }), label: type === 'buy' ? 'buyByBank' : 'sellToBalance' }
      : cardOffered
        ? { to: withQuery(params, { method: 'card' }), label: type === 'buy' ? 'buyByCard' : 'sellToCard' }
        : null;
  const page = byCard ? card : type === 'sell' ? bankSell : type === 'withdraw' ? withdraw : bankBuy;

  return (
    <>
      {/* One row of four where it fits; two by two beside the portal's menu on a phone. */}
      <nav aria-label={t('portal.transaction.nav.label')} className="mx-auto flex w-full max-w-[480px] min-w-0 flex-col gap-3 @container">
        <ul className="grid grid-cols-2 gap-1 rounded-2xl bg-surface-2 p-1 @min-[22rem]:flex @min-[22rem]:rounded-full">
          {SIDES.map((side) => (
            <li key={side} className="flex min-w-0 flex-1">
              <Link
                to={withQuery(new URLSearchParams(), { type: side, method: byCard && (side === 'buy' || side === 'sell') ? 'card' : null })}
                replace
                aria-current={side === type ? 'page' : undefined}
                className={cx(
                  'flex min-h-10 min-w-0 flex-1 items-center justify-center rounded-xl px-2 text-sm font-medium text-muted transition @min-[22rem]:rounded-full',
                  side === type && 'bg-surface text-fg shadow-sm',
                )}
              >
                <span className="truncate">{t(`portal.transaction.nav.${side}`)}</span>
              </Link>
            </li>
          ))}
        </ul>
        {otherMethod ? (
          <Link to={otherMethod.to} replace className={cx(textLinkClass, 'self-end')}>
            {t(`portal.transaction.method.${otherMethod.label}`)}
          </Link>
        ) : null}
      </nav>
      {page}
    </>
  );
}

export default PortalTransactionPage;
