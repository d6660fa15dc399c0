import { CALL_ROUTES, type CallInput, type CallResult, type MerchantKey, type WebhookEndpoint } from '@causeway/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { HttpClient } from '@/lib/http-client';
import { useHttpClient } from '@/lib/http-context';

export type { MerchantKey, WebhookEndpoint };
export type Membership = CallResult<typeof CALL_ROUTES.merchantConsoleMemberships>['merchants'][number];
export type Delivery = CallResult<typeof CALL_ROUTES.merchantConsoleDeliveries>['deliveries'][number];
export type MerchantOrder = CallResult<typeof CALL_ROUTES.merchantConsoleOrders>['orders'][number];
export type MerchantCustomer = CallResult<typeof CALL_ROUTES.merchantConsoleCustomers>['customers'][number];
export type SharedKycOutcome = CallResult<typeof CALL_ROUTES.merchantConsoleSharedKyc>['outcomes'][number];
/** The authenticator code that goes with a sensitive change, when one is bound (otpType GA_OTP). */
export type SecondFactor = { otpType?: 'GA_OTP'; otpCode?: string };

type Input<R extends keyof typeof CALL_ROUTES> = CallInput<(typeof CALL_ROUTES)[R]>;

/**
 * The merchant console's calls (docs/rules/merchant-console.md). None is silent: a dead session goes
 * to the sign-in (which is the console's sign-in guard), and no console path toasts a message of its
 * own, so the pages word every refusal themselves (console-errors.ts).
 */
export function createMerchantConsoleApi(client: HttpClient) {
  return {
    memberships: (options?: { silent: boolean }) => client.call(CALL_ROUTES.merchantConsoleMemberships, undefined, options),
    keys: (merchantId: string) => client.call(CALL_ROUTES.merchantConsoleKeys, { merchantId }),
    createKey: (body: Input<'merchantConsoleKeyCreate'>) => client.call(CALL_ROUTES.merchantConsoleKeyCreate, body),
    rollKey: (body: Input<'merchantConsoleKeyRoll'>) => client.call(CALL_ROUTES.merchantConsoleKeyRoll, body),
    revokeKey: (body: Input<'merchantConsoleKeyRevoke'>) => client.call(CALL_ROUTES.merchantConsoleKeyRevoke, body),
    endpoints: (merchantId: string) => client.call(CALL_ROUTES.merchantConsoleEndpoints, { merchantId }),
    createEndpoint: (body: Input<'merchantConsoleEndpointCreate'>) => client.call(CALL_ROUTES.merchantConsoleEndpointCreate, body),
    setEndpointEnabled: (body: Input<'merchantConsoleEndpointEnable'>) => client.call(CALL_ROUTES.merchantConsoleEndpointEnable, body),
    rotateEndpointSecret: (body: Input<'merchantConsoleEndpointRotate'>) => client.call(CALL_ROUTES.merchantConsoleEndpointRotate, body),
    sendTest: (body: Input<'merchantConsoleEndpointTest'>) => client.call(CALL_ROUTES.merchantConsoleEndpointTest, body),
    deliveries: (query: Input<'merchantConsoleDeliveries'>) => client.call(CALL_ROUTES.merchantConsoleDeliveries, query),
    replay: (body: Input<'merchantConsoleReplay'>) => client.call(CALL_ROUTES.merchantConsoleReplay, body),
    origins: (merchantId: string) => client.call(CALL_ROUTES.merchantConsoleOrigins, { merchantId }),
    addOrigin: (body: Input<'merchantConsoleOriginAdd'>) => client.call(CALL_ROUTES.merchantConsoleOriginAdd, body),
    removeOrigin: (body: Input<'merchantConsoleOriginRemove'>) => client.call(CALL_ROUTES.merchantConsoleOriginRemove, body),
    orders: (query: Input<'merchantConsoleOrders'>) => client.call(CALL_ROUTES.merchantConsoleOrders, query),
    customers: (query: Input<'merchantConsoleCustomers'>) => client.call(CALL_ROUTES.merchantConsoleCustomers, query),
    sharedKyc: (query: Input<'merchantConsoleSharedKyc'>) => client.call(CALL_ROUTES.merchantConsoleSharedKyc, query),
  };
}

export type MerchantConsoleApi = ReturnType<typeof createMerchantConsoleApi>;

export function useMerchantConsoleApi(): MerchantConsoleApi {
  const client = useHttpClient();
  return useMemo(() => createMerchantConsoleApi(client), [client]);
}

/** The query keys: everything of one merchant sits under its id, so a change invalidates just what it touched. */
export const CONSOLE_KEYS = {
  memberships: ['merchant-console', 'memberships'] as const,
  keys: (merchantId: string) => ['merchant-console', merchantId, 'keys'] as const,
  endpoints: (merchantId: string) => ['merchant-console', merchantId, 'endpoints'] as const,
  deliveries: (merchantId: string, endpointId: string) => ['merchant-console', merchantId, 'deliveries', endpointId] as const,
  origins: (merchantId: string) => ['merchant-console', merchantId, 'origins'] as const,
  orders: (merchantId: string, page: number) => ['merchant-console', merchantId, 'orders', page] as const,
  sharedKyc: (merchantId: string, page: number) => ['merchant-console', merchantId, 'shared-kyc', page] as const,
  customers: (merchantId: string, page: number) => ['merchant-console', merchantId, 'customers', page] as const,
};

/**
 * The merchants the person manages. The console asks aloud (a dead session → sign-in); the user menu's
 * link asks `silent`ly and keeps the answer a while: a header must never send anyone to a sign-in page.
 */
export function useMemberships(options: { silent?: boolean; staleTime?: number } = {}) {
  const api = useMerchantConsoleApi();
  return useQuery({
    queryKey: CONSOLE_KEYS.memberships,
    queryFn: () => api.memberships({ silent: options.silent ?? false }),
    staleTime: options.staleTime ?? 0,
  });
}

export function useKeys(merchantId: string) {
  const api = useMerchantConsoleApi();
  return useQuery({ queryKey: CONSOLE_KEYS.keys(merchantId), queryFn: () => api.keys(merchantId) });
}

export function useEndpoints(merchantId: string) {
  const api = useMerchantConsoleApi();
  return useQuery({ queryKey: CONSOLE_KEYS.endpoints(merchantId), queryFn: () => api.endpoints(merchantId) });
}

export function useDeliveries(merchantId: string, endpointId: string) {
  const api = useMerchantConsoleApi();
  return useQuery({ queryKey: CONSOLE_KEYS.deliveries(merchantId, endpointId), queryFn: () => api.deliveries({ merchantId, endpointId }) });
}

export function useOrigins(merchantId: string) {
  const api = useMerchantConsoleApi();
  return useQuery({ queryKey: CONSOLE_KEYS.origins(merchantId), queryFn: () => api.origins(merchantId) });
}

/** One page of the merchant's orders; the page shown stays while the next one loads. */
export function useOrders(merchantId: string, page: number) {
  const api = useMerchantConsoleApi();
  return useQuery({
    queryKey: CONSOLE_KEYS.orders(merchantId, page),
    queryFn: () => api.orders({ merchantId, page }),
    placeholderData: keepPreviousData,
  });
}

/** One page of the merchant's linked customers; the page shown stays while the next one loads. */
export function useCustomers(merchantId: string, page: number) {
  const api = useMerchantConsoleApi();
  return useQuery({
    queryKey: CONSOLE_KEYS.customers(merchantId, page),
    queryFn: () => api.customers({ merchantId, page }),
    placeholderData: keepPreviousData,
  });
}

/** One page of what became of the merchant's shared verifications; the page shown stays while the next one loads. */
export function useSharedKyc(merchantId: string, page: number) {
  const api = useMerchantConsoleApi();
  return useQuery({
    queryKey: CONSOLE_KEYS.sharedKyc(merchantId, page),
    queryFn: () => api.sharedKyc({ merchantId, page }),
    placeholderData: keepPreviousData,
  });
}
