import { type DefaultError, useMutation, type UseMutationOptions, type UseMutationResult } from '@tanstack/react-query';

/**
 * TanStack Query's useMutation for a call that changes something through our HTTP client. The
 * call always goes out: the client words an offline or timed-out call itself (lib/http-errors) and
 * every page has its answer to it, where TanStack's default network mode would instead hold the
 * call, pending and unsent, while the browser says it is offline. No retry (TanStack's default for
 * mutations): a change is sent once, and the person decides whether to try again.
 */
export function useApiMutation<TData = unknown, TError = DefaultError, TVariables = void, TOnMutateResult = unknown>(
  options: UseMutationOptions<TData, TError, TVariables, TOnMutateResult>,
): UseMutationResult<TData, TError, TVariables, TOnMutateResult> {
  return useMutation({ ...options, networkMode: 'always' });
}
