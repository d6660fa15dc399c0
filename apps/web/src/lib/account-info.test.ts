import { type AccountOverview, PATHS } from '@causeway/contracts';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountOverview } from '@/test/account-overview';
import { routedHttpClient } from '@/test/routed-http-client';
import {
  ACCOUNT_INFO_KEY,
  ENTITY_SWITCH_ROUTE_EVENT,
  ENTITY_TAG_STORAGE_KEY,
  fetchAccountInfo,
  requestAccountInfo,
  storeAccountInfo,
} from './account-info';
import { COOKIE_NAMES } from './cookies';
import type { FlowMode } from './mode';
import { createSessionStore, ENTITY_STORAGE_KEY } from './session';
import { NO_EXPIRY, storage } from './storage';

/** A client whose overview answers `overview`. */
const overviewClient = (overview: AccountOverview = accountOverview()) => routedHttpClient({ [PATHS.overview]: () => overview });

/** Listeners removed after each test. */
const cleanups: Array<() => void> = [];
afterEach(() => {
  cleanups.splice(0).forEach((clean) => clean());
});

/** Listens for the entity-switch event for the length of one test; returns the details received. */
function listenForSwitch() {
  const details: unknown[] = [];
  const listener = (event: Event) => details.push((event as CustomEvent).detail);
  window.addEventListener(ENTITY_SWITCH_ROUTE_EVENT, listener);
  cleanups.push(() => window.removeEventListener(ENTITY_SWITCH_ROUTE_EVENT, listener));
  return details;
}

describe('fetchAccountInfo', () => {
  it.each<[FlowMode, Record<string, string>]>([
    ['individual', {}],
    ['business', {}],
    ['independent', { paymentMethod: 'BUY_SEND' }],
    ['businessIndependent', { paymentMethod: 'BUY_SEND' }],
  ])('in %s mode asks query-overview-info with query %j', async (mode, query) => {
    const { client, calls } = overviewClient();
    await fetchAccountInfo(client, mode);
    expect(calls).toEqual([{ method: 'GET', path: PATHS.overview, body: undefined, options: { query, silent: true } }]);
  });

  it("adds channel ROMA when the shared isRoma cookie is 'true' (with BUY_SEND in independent mode)", async () => {
    document.cookie = `${COOKIE_NAMES.isRoma}=true; path=/`;
    const { client, calls } = overviewClient();
    await fetchAccountInfo(client, 'individual');
    await fetchAccountInfo(client, 'independent');
    expect(calls.map((c) => c.options)).toEqual([
      { query: { channel: 'ROMA' }, silent: true },
      { query: { paymentMethod: 'BUY_SEND', channel: 'ROMA' }, silent: true },
    ]);
  });

  it("sends no channel when the isRoma cookie is anything but 'true'", async () => {
    document.cookie = `${COOKIE_NAMES.isRoma}=false; path=/`;
    const { client, calls } = overviewClient();
    await fetchAccountInfo(client, 'individual');
    expect(calls[0]?.options).toEqual({ query: {}, silent: true });
  });

  it('is always silent: the answer is shared, so no component decides how its failure is handled', async () => {
    const { client, calls } = overviewClient();
    await fetchAccountInfo(client, 'independent');
    await requestAccountInfo(client, 'individual');
    expect(calls.map((c) => c.options)).toEqual([
      { query: { paymentMethod: 'BUY_SEND' }, silent: true },
      { query: {}, silent: true },
    ]);
  });

  it('resolves with the account info and stores its entity tag under ENTITY_TAG_STORAGE_KEY', async () => {
    const overview = accountOverview({ entityTag: 'PL' });
    const { client } = overviewClient(overview);
    await expect(fetchAccountInfo(client, 'individual')).resolves.toEqual(overview);
    expect(storage.getItem(ENTITY_TAG_STORAGE_KEY)).toBe('PL');
    expect(JSON.parse(localStorage.getItem(ENTITY_TAG_STORAGE_KEY) ?? 'null')).toEqual({ data: 'PL', expiry: NO_EXPIRY });
  });

  it('replaces a stored entity tag with the newer one', async () => {
    storage.setItem(ENTITY_TAG_STORAGE_KEY, 'PL');
    await fetchAccountInfo(overviewClient(accountOverview({ entityTag: 'LI' })).client, 'individual');
    expect(storage.getItem(ENTITY_TAG_STORAGE_KEY)).toBe('LI');
  });

  it('with a routeEntity sets the session entity and dispatches ENTITY_SWITCH_ROUTE_EVENT with it as detail', async () => {
    const details = listenForSwitch();
    const { client } = overviewClient(accountOverview({ entityTag: 'LI' }, { routeEntity: 'PL' }));
    await fetchAccountInfo(client, 'individual');
    expect(createSessionStore().getEntity()).toBe('PL');
    expect(details).toEqual(['PL']);
    expect(ENTITY_SWITCH_ROUTE_EVENT).toBe('set-entity-switch-route');
    // The account's own tag is still what is kept as the entity tag.
    expect(storage.getItem(ENTITY_TAG_STORAGE_KEY)).toBe('LI');
  });

  it('dispatches the event once the entity is set, so listeners read the new one', async () => {
    const seen: unknown[] = [];
    const listener = vi.fn(() => seen.push(createSessionStore().getEntity()));
    window.addEventListener(ENTITY_SWITCH_ROUTE_EVENT, listener);
    cleanups.push(() => window.removeEventListener(ENTITY_SWITCH_ROUTE_EVENT, listener));
    await fetchAccountInfo(overviewClient(accountOverview({}, { routeEntity: 'LI' })).client, 'individual');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(seen).toEqual(['LI']);
  });

  it('without a routeEntity dispatches nothing and leaves the session entity alone', async () => {
    const details = listenForSwitch();
    createSessionStore().setEntity('LI');
    await fetchAccountInfo(overviewClient(accountOverview({ entityTag: 'PL' }, { routeEntity: null })).client, 'individual');
    expect(details).toEqual([]);
    expect(createSessionStore().getEntity()).toBe('LI');
    expect(storage.getItem(ENTITY_TAG_STORAGE_KEY)).toBe('PL');
  });

  it('for an account without kycInfo (corporate) dispatches nothing and sets no entity', async () => {
    const details = listenForSwitch();
    await fetchAccountInfo(overviewClient(accountOverview({ kycInfo: null })).client, 'business');
    expect(details).toEqual([]);
    expect(localStorage.getItem(ENTITY_STORAGE_KEY)).toBeNull();
  });
});

describe('requestAccountInfo', () => {
  it('only asks: no entity tag kept, no entity set, no event (storeAccountInfo does that)', async () => {
    const details = listenForSwitch();
    const overview = accountOverview({ entityTag: 'LI' }, { routeEntity: 'PL' });
    await expect(requestAccountInfo(overviewClient(overview).client, 'individual')).resolves.toEqual(overview);
    expect(details).toEqual([]);
    expect(storage.getItem(ENTITY_TAG_STORAGE_KEY)).toBeUndefined();
    expect(createSessionStore().getEntity()).toBeUndefined();
  });
});

describe('storeAccountInfo', () => {
  it('keeps the info as the shared account info with the entity handling of fetchAccountInfo', () => {
    const details = listenForSwitch();
    const queries = new QueryClient();
    const overview = accountOverview({ entityTag: 'LI' }, { routeEntity: 'PL' });
    storeAccountInfo(queries, overview);
    expect(queries.getQueryData(ACCOUNT_INFO_KEY)).toEqual(overview);
    expect(storage.getItem(ENTITY_TAG_STORAGE_KEY)).toBe('LI');
    expect(createSessionStore().getEntity()).toBe('PL');
    expect(details).toEqual(['PL']);
  });

  it('without a routeEntity keeps the tag and the info, and leaves the session entity alone', () => {
    const details = listenForSwitch();
    createSessionStore().setEntity('LI');
    const queries = new QueryClient();
    const overview = accountOverview({ entityTag: 'PL' }, { routeEntity: null });
    storeAccountInfo(queries, overview);
    expect(queries.getQueryData(ACCOUNT_INFO_KEY)).toEqual(overview);
    expect(storage.getItem(ENTITY_TAG_STORAGE_KEY)).toBe('PL');
    expect(createSessionStore().getEntity()).toBe('LI');
    expect(details).toEqual([]);
  });
});
