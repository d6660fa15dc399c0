import { type AccountOverview, CALL_ROUTES } from '@causeway/contracts';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { COOKIE_NAMES, getSharedCookie } from './cookies.ts';
import type { HttpClient } from './http-client.ts';
import { useHttpClient } from './http-context.tsx';
import { isIndependentMode, type FlowMode } from './mode.ts';
import { createSessionStore } from './session.ts';
import { storage } from './storage.ts';

/** The query key of the account info: invalidate it after anything that changes the account. */
export const ACCOUNT_INFO_KEY = ['account-info'] as const;

/**
 * query-overview-info as docs/rules/calls.md sends it: independent mode asks with paymentMethod BUY_SEND, the
 * Roma channel when the isRoma cookie says so. Always silent: the answer is shared by every
 * component on one query key, so a failure must not toast or sign out depending on which
 * component fetched it; pages that need the 401 → login reaction ask useAccountInfo to report.
 * Applies no entity handling: {@link fetchAccountInfo} and {@link storeAccountInfo} do.
 */
export function requestAccountInfo(client: HttpClient, mode: FlowMode): Promise<AccountOverview> {
  const query: Record<string, string> = {};
  if (isIndependentMode(mode)) query.paymentMethod = 'BUY_SEND';
  if (getSharedCookie(COOKIE_NAMES.isRoma) === 'true') query.channel = 'ROMA';
  return client.call(CALL_ROUTES.overview, query, { silent: true });
}

/** {@link requestAccountInfo}, then the entity handling of docs/rules/order-states.md on the answer (see {@link storeAccountInfo}). */
export async function fetchAccountInfo(client: HttpClient, mode: FlowMode): Promise<AccountOverview> {
  const info = await requestAccountInfo(client, mode);
  rememberEntities(info);
  return info;
}

/** Where the account's own entity tag is kept (docs/rules/order-states.md: "entityTag always saved"). */
export const ENTITY_TAG_STORAGE_KEY = 'causeway.entityTag';
/** The event docs/rules/order-states.md names, for parts of the page that follow the entity. */
export const ENTITY_SWITCH_ROUTE_EVENT = 'set-entity-switch-route';

/**
 * docs/rules/order-states.md: a routeEntity in the account info becomes the current entity (the `entity` header of
 * every call) and is announced; the account's entityTag is always kept.
 */
function rememberEntities(info: AccountOverview) {
  storage.setItem(ENTITY_TAG_STORAGE_KEY, info.entityTag);
  const route = info.kycInfo?.routeEntity;
  if (!route) return;
  createSessionStore().setEntity(route);
  window.dispatchEvent(new CustomEvent(ENTITY_SWITCH_ROUTE_EVENT, { detail: route }));
}

/**
 * Keeps account info that arrived some other way (a sign-in, an answer that carries the new
 * info) as the shared account info, with the same entity handling as {@link fetchAccountInfo}.
 */
export function storeAccountInfo(queries: QueryClient, info: AccountOverview): void {
  rememberEntities(info);
  queries.setQueryData(ACCOUNT_INFO_KEY, info);
}

/**
 * The account info, fetched once per page load and shared by every component that asks (docs/rules/order-states.md).
 * `enabled: false` for signed-out visitors, who have none. `reportErrors`: a page that cannot show
 * anything without it (the verification pages) gives its failure the docs/rules/errors.md reactions, so a dead
 * session goes to the sign-in page instead of an endless Try again; the header stays quiet.
 */
export function useAccountInfo(mode: FlowMode, options: { enabled?: boolean; reportErrors?: boolean } = {}) {
  const client = useHttpClient();
  const query = useQuery({
    queryKey: ACCOUNT_INFO_KEY,
    queryFn: () => fetchAccountInfo(client, mode),
    staleTime: Infinity,
    enabled: options.enabled ?? true,
  });
  const { error } = query;
  const report = options.reportErrors ?? false;
  useEffect(() => {
    if (report && error) client.report(error);
  }, [client, error, report]);
  return query;
}

/** docs/rules/order-states.md verified badge: basic KYB for corporate accounts, KYC for individuals; Pass is the only verified status. */
export function verificationStatusOf(info: AccountOverview | undefined): string | null {
  if (!info) return null;
  return info.userType === 'Corporate' ? (info.kybInfo?.kybBasicStatus ?? null) : (info.kycInfo?.kycStatus ?? null);
}
