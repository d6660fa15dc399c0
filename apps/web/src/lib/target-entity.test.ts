import { PATHS } from '@causeway/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routedHttpClient } from '@/test/routed-http-client';
import { HttpClientProvider } from './http-context';
import {
  fetchLoginStatus,
  LOGIN_STATUS_KEY,
  LOGIN_STATUS_STALE_MS,
  readTargetEntity,
  rememberTargetEntity,
  useLoginStatus,
} from './target-entity';

beforeEach(() => localStorage.clear());

describe('target entity (docs/rules/calls.md: store data.targetEntityTag, empty clears)', () => {
  it('stores a known entity and clears it on an empty answer', () => {
    rememberTargetEntity('PL');
    expect(readTargetEntity()).toBe('PL');
    rememberTargetEntity(null);
    expect(readTargetEntity()).toBeUndefined();
    rememberTargetEntity('LI');
    rememberTargetEntity('');
    expect(readTargetEntity()).toBeUndefined();
  });

  it('never stores a value that is not an entity', () => {
    rememberTargetEntity('XX');
    expect(readTargetEntity()).toBeUndefined();
  });

  it('check-login-status stores the tag it answers, and clears it when the answer has none', async () => {
    let tag: string | null = 'LI';
    const { client } = routedHttpClient({
      [PATHS.checkLoginStatus]: () => ({ isLogin: true, email: 'a@b.c', userType: 'Individual', mode: 'individual', targetEntityTag: tag }),
    });
    expect((await fetchLoginStatus(client)).email).toBe('a@b.c');
    expect(readTargetEntity()).toBe('LI');
    tag = null;
    await fetchLoginStatus(client);
    expect(readTargetEntity()).toBeUndefined();
  });
});

describe('useLoginStatus', () => {
  afterEach(() => vi.useRealTimers());

  const STATUS = { isLogin: true, email: 'a@b.c', userType: 'Individual', mode: 'individual', targetEntityTag: 'PL' };

  /** Renders the hook in two components over one query client, as the header menu and a page do. */
  function renderTwice() {
    const http = routedHttpClient({ [PATHS.checkLoginStatus]: () => STATUS });
    const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(HttpClientProvider, {
        client: http.client,
        children: createElement(QueryClientProvider, { client: queries }, children),
      });
    const first = renderHook(() => useLoginStatus(), { wrapper });
    return { ...http, queries, first, second: () => renderHook(() => useLoginStatus(), { wrapper }) };
  }

  it('asks check-login-status silently under one key, storing the target entity', async () => {
    const { calls, queries, first } = renderTwice();
    await waitFor(() => expect(first.result.current.data).toEqual(STATUS));
    expect(calls).toEqual([{ method: 'GET', path: PATHS.checkLoginStatus, body: undefined, options: { silent: true } }]);
    expect(queries.getQueryData(LOGIN_STATUS_KEY)).toEqual(STATUS);
    expect(readTargetEntity()).toBe('PL');
  });

  it('a second component within 30 s reuses the answer; after that it asks again', async () => {
    expect(LOGIN_STATUS_STALE_MS).toBe(30_000);
    const now = vi.spyOn(Date, 'now');
    const start = Date.now();
    now.mockReturnValue(start);
    const { calls, first, second } = renderTwice();
    await waitFor(() => expect(first.result.current.isSuccess).toBe(true));
    now.mockReturnValue(start + LOGIN_STATUS_STALE_MS - 1);
    const early = second();
    expect(early.result.current.data).toEqual(STATUS);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toHaveLength(1);
    early.unmount();
    now.mockReturnValue(start + LOGIN_STATUS_STALE_MS + 1);
    second();
    await waitFor(() => expect(calls).toHaveLength(2));
    now.mockRestore();
  });
});
