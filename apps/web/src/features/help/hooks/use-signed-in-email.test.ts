import { PATHS } from '@causeway/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { HttpClientProvider } from '@/lib/http-context';
import { routedHttpClient } from '@/test/routed-http-client';
import { useSignedInEmail } from './use-signed-in-email';

function renderWith(status: object) {
  const http = routedHttpClient({ [PATHS.checkLoginStatus]: () => status });
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) =>
    createElement(HttpClientProvider, { client: http.client, children: createElement(QueryClientProvider, { client: queries }, children) });
  return { http, view: renderHook(() => useSignedInEmail(), { wrapper }) };
}

describe("useSignedInEmail (the help forms' requester)", () => {
  it("answers the signed-in account's address", async () => {
    const { view } = renderWith({
      isLogin: true,
      email: 'ada@example.com',
      userType: 'Individual',
      mode: 'individual',
      targetEntityTag: null,
    });
    await waitFor(() => expect(view.result.current).toBe('ada@example.com'));
  });

  it('answers nothing for a signed-out visitor, whose address is typed', async () => {
    const { http, view } = renderWith({ isLogin: false, email: null, userType: null, mode: null, targetEntityTag: null });
    await waitFor(() => expect(http.calls).toHaveLength(1));
    expect(view.result.current).toBeUndefined();
  });
});
