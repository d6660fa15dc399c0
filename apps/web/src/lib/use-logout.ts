import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { endSession } from './end-session.ts';
import { useHttpClient } from './http-context.tsx';
import { LOGIN_ROUTE_BY_MODE, type FlowMode } from './mode.ts';

/**
 * Logout as every page does it (spec §4): returns `logout(mode)`, which ends the session of `mode`
 * (server call, then the token is forgotten), drops every cached query so nothing of the account
 * shows after it, and replaces the page with the mode's sign-in page. `mode` is the session the
 * page's calls use: the one in the URL on sign-in pages, else the remembered one (storedMode()).
 */
export function useLogout(): (mode: FlowMode) => Promise<void> {
  const client = useHttpClient();
  const queries = useQueryClient();
  const navigate = useNavigate();
  const { lng = 'en' } = useParams();
  return async (mode) => {
    await endSession(client, mode);
    queries.clear();
    await navigate(`/${lng}/${LOGIN_ROUTE_BY_MODE[mode]}`, { replace: true });
  };
}
