import { Link } from 'react-router';
import { useMemberships } from '../api/merchant-console-api';
import { useTranslation } from '../texts';

/** How long the menu trusts its answer: whether someone manages a merchant seldom changes. */
const MEMBERSHIPS_STALE_MS = 5 * 60_000;

export interface MerchantConsoleMenuLinkProps {
  lng: string;
  /** The menu's own item look. */
  className: string;
  /** Closes the menu as the link is followed. */
  onOpen: () => void;
}

/**
 * The user menu's way to the merchant console, for a person who manages at least one merchant. Its own
 * chunk, loaded by the app shell when a signed-in individual opens the menu (never in a first load);
 * it asks silently, so a failure only leaves the link out.
 */
export default function MerchantConsoleMenuLink({ lng, className, onOpen }: MerchantConsoleMenuLinkProps) {
  const { t } = useTranslation();
  const memberships = useMemberships({ silent: true, staleTime: MEMBERSHIPS_STALE_MS });
  if (!memberships.data?.merchants.length) return null;
  return (
    <Link to={`/${lng}/merchant-console`} onClick={onOpen} className={className}>
      {t('merchantConsole.menuLink')}
    </Link>
  );
}
