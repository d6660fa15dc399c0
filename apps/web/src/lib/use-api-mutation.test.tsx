import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useApiMutation } from './use-api-mutation';

const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>;

afterEach(() => onlineManager.setOnline(true));

describe('useApiMutation', () => {
  it('sends the call while the browser says it is offline, so the HTTP client answers it (TanStack would hold it)', async () => {
    onlineManager.setOnline(false);
    const send = vi.fn().mockRejectedValue(new Error('offline'));
    const { result } = renderHook(() => useApiMutation({ mutationFn: send }), { wrapper });
    act(() => result.current.mutate());
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(send).toHaveBeenCalledTimes(1);
    expect(result.current.error).toEqual(new Error('offline'));
  });

  it('sends a failed change once: no retry', async () => {
    const send = vi.fn().mockRejectedValue(new Error('refused'));
    const { result } = renderHook(() => useApiMutation({ mutationFn: send }), { wrapper });
    await act(() => result.current.mutateAsync().catch(() => undefined));
    expect(send).toHaveBeenCalledTimes(1);
  });
});
