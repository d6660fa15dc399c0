import { isBusinessMode, storedMode } from './mode.ts';

/** The portal's page where a business buys, sells, deposits and withdraws (docs/rules/kyb.md "The portal"). */
export const PORTAL_TRANSACTION = 'corporation-portal/transaction';

/**
 * Where each individual page a business has a use for is in the portal: the page, and what its query
 * starts with. The individual pages themselves send a corporate account to the portal home (gating),
 * so a link meant for a business must name the portal's place instead.
 */
const PORTAL_PLACES: Readonly<Record<string, { path: string; query?: Record<string, string> }>> = {
  dashboard: { path: 'corporation-portal/home' },
  history: { path: 'corporation-portal/history' },
  result: { path: 'corporation-portal/result' },
  'banktransfer-buy': { path: PORTAL_TRANSACTION },
  'banktransfer-sell': { path: PORTAL_TRANSACTION, query: { type: 'sell' } },
  'card-buy-sell': { path: PORTAL_TRANSACTION, query: { method: 'card' } },
  'buy-crypto': { path: PORTAL_TRANSACTION, query: { method: 'card' } },
  withdraw: { path: PORTAL_TRANSACTION, query: { type: 'withdraw' } },
  'bank-accounts': { path: 'corporation-portal/bank-accounts' },
  settings: { path: 'corporation-portal/setting' },
};

/** A business session (business-token): it trades, follows its orders and keeps its settings in the portal. */
export const isBusinessSession = (): boolean => isBusinessMode(storedMode());

/**
 * The locale-free page (and query) `page` names for this session: for a business, its place in the
 * portal (`banktransfer-sell` → `corporation-portal/transaction?type=sell`, the page's own query kept);
 * for anyone else, or a page the portal has no place for, `page` itself.
 */
export function pageFor(page: string): string {
  const [path = '', ...rest] = page.split('?');
  const place = PORTAL_PLACES[path];
  if (!place || !isBusinessSession()) return page;
  const query = new URLSearchParams(place.query);
  new URLSearchParams(rest.join('?')).forEach((value, name) => query.set(name, value));
  const search = query.toString();
  return search ? `${place.path}?${search}` : place.path;
}

/** {@link pageFor} as a link: `/en/corporation-portal/history` for a business, `/en/history` for a person. */
export const pageHref = (lng: string, page: string): string => `/${lng}/${pageFor(page)}`;
