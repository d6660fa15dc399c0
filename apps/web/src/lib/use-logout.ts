import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { endSession } from './end-session.ts';
import { useHttpClient } from './http-context.tsx';
import { LOGIN_ROUTE_BY_MODE, type FlowMode } from './mode.ts';

/**
 * Logout as every page does it (docs/rules/order-states.md): returns `logout(mode)`, which ends the session of `mode`
 * (server call, then the token is forgotten), replaces the page with the mode's sign-in page,
 * and then drops every cached query so nothing of the account shows after it. `mode` is the session the
 * page's calls use: the one in the URL on sign-in pages, else the remembered one (storedMode()).
 */
export function useLogout(): (mode: FlowMode) => Promise<void> {
  const client = useHttpClient();
  const queries = useQueryClient();
  const navigate = useNavigate();
  const { lng = 'en' } = useParams();
  return async (mode) => {
    await endSession(client, mode);
    // Leave first, then drop the cache: the page stays up while the sign-in page's code loads,
    // and a query of it re-rendered after the clear would ask again without a token (a 401).
    // flushSync: the router otherwise commits the new page in a React transition, after this
    // promise resolves, so the old page could still render once more after the clear.
    await navigate(`/${lng}/${LOGIN_ROUTE_BY_MODE[mode]}`, { replace: true, flushSync: true });
    queries.clear();
  };
}
