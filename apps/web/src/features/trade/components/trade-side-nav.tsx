import { Link, useParams } from 'react-router';
import { COOKIE_NAMES, getSharedCookie } from '@/lib/cookies';
import { cx } from '@/ui/class-names';
import { useTranslation } from '../texts';

export interface SideLink {
  key: string;
  /** Where it leads, locale and query included. */
  to: string;
  label: string;
  current: boolean;
}

/** The side a trade page shows: buying, selling, or (banktransfer-buy only) depositing. */
export type TradeSide = 'buy' | 'sell' | 'deposit';

/**
 * The other way to pay for the same side: the card page leads to the bank-transfer pages and back.
 * None for a deposit (only a bank transfer deposits), nor on the Roma channel, whose methods are
 * bank transfers only (docs/rules/order-states.md trade routing).
 */
export function otherMethodLink(lng: string, on: 'CARD' | 'BANK_TRANSFER', side: TradeSide): { to: string; label: string } | null {
  if (side === 'deposit') return null;
  if (on === 'CARD') {
    return side === 'buy'
      ? { to: `/${lng}/banktransfer-buy?type=buy`, label: 'trade.bank.nav.buyByBank' }
      : { to: `/${lng}/banktransfer-sell`, label: 'trade.bank.nav.sellToBalance' };
  }
  if (getSharedCookie(COOKIE_NAMES.isRoma) === 'true') return null;
  return side === 'buy'
    ? { to: `/${lng}/card-buy-sell`, label: 'trade.bank.nav.buyByCard' }
    : { to: `/${lng}/card-buy-sell?type=sell`, label: 'trade.bank.nav.sellToCard' };
}

/**
 * A trade page's sides as links (the current one marked), not a tab widget: the side is in the
 * address, so a reload or a link keeps it, and nothing more goes into the page's first load. Under
 * them, the same side with the other way to pay, when there is one.
 */
export function TradeSideNav({
  links,
  method,
  side,
  label,
}: {
  links: SideLink[];
  method: 'CARD' | 'BANK_TRANSFER';
  side: TradeSide;
  /** The links' name (default "Buy or sell"). */
  label?: string;
}) {
  const { t } = useTranslation();
  const { lng = 'en' } = useParams();
  const other = otherMethodLink(lng, method, side);
  return (
    <nav aria-label={label ?? t('trade.tabs.label')} className="mx-auto flex w-full max-w-[480px] min-w-0 flex-col gap-3 pt-6">
      <ul className="flex rounded-full bg-surface-2 p-1">
        {links.map((item) => (
          <li key={item.key} className="flex flex-1">
            <Link
              to={item.to}
              replace
              aria-current={item.current ? 'page' : undefined}
              className={cx(
                'flex min-h-10 flex-1 items-center justify-center rounded-full px-3 text-sm font-medium text-muted transition',
                item.current && 'bg-surface text-fg shadow-sm',
              )}
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
      {other ? (
        <Link to={other.to} className="self-end text-sm font-medium text-primary underline-offset-4 hover:underline">
          {t(other.label)}
        </Link>
      ) : null}
    </nav>
  );
}

/**
 * The bank-transfer pages' sides: Buy and Deposit (banktransfer-buy, `?type=`), Sell (banktransfer-sell).
 * Each link names its side, so it does not depend on the transaction type stored from an entry link.
 */
export function BankTradeNav({ side }: { side: TradeSide }) {
  const { t } = useTranslation();
  const { lng = 'en' } = useParams();
  const links: SideLink[] = [
    { key: 'buy', to: `/${lng}/banktransfer-buy?type=buy`, label: t('trade.tabs.buy'), current: side === 'buy' },
    { key: 'sell', to: `/${lng}/banktransfer-sell`, label: t('trade.tabs.sell'), current: side === 'sell' },
    { key: 'deposit', to: `/${lng}/banktransfer-buy?type=deposit`, label: t('trade.bank.nav.deposit'), current: side === 'deposit' },
  ];
  return <TradeSideNav links={links} method="BANK_TRANSFER" side={side} label={t('trade.bank.nav.label')} />;
}
