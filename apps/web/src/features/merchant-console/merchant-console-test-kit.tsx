import { PATHS } from '@causeway/contracts';
import userEvent from '@testing-library/user-event';
import { renderPage } from '@/test/render';
import { type Responder, routedHttpClient } from '@/test/routed-http-client';
import type { Delivery, Membership, MerchantKey, MerchantOrder, SharedKycOutcome, WebhookEndpoint } from './api/merchant-console-api';
import { MerchantConsolePage } from './routes/merchant-console-page';

export const DEMO: Membership = { merchantId: 'mch_sandboxdemo', name: 'Sandbox Demo Shop', code: 'DEMO', role: 'Owner', status: 'Active' };
export const OTHER: Membership = { merchantId: 'mch_other', name: 'Other Shop', code: 'OTHER', role: 'Developer', status: 'Active' };

export const merchantKey = (overrides: Partial<MerchantKey> = {}): MerchantKey => ({
  keyId: 'mkey_1',
  apiKey: 'pk_sandbox_demo',
  secretHint: 'a1b2',
  status: 'Active',
  createdAt: '2026-03-01T10:00:00.000Z',
  expiresAt: null,
  revokedAt: null,
  ...overrides,
});

export const endpoint = (overrides: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
  endpointId: 'whe_1',
  url: 'https://shop.example.com/webhooks',
  description: 'Orders',
  enabled: true,
  createdAt: '2026-03-01T10:00:00.000Z',
  ...overrides,
});

export const delivery = (overrides: Partial<Delivery> = {}): Delivery => ({
  deliveryId: 'whd_1',
  messageId: 'msg_1',
  eventType: 'order.updated',
  status: 'Failed',
  nextAttemptAt: null,
  attempts: [{ at: '2026-03-01T10:00:05.000Z', statusCode: 500, error: null, durationMs: 120 }],
  ...overrides,
});

export const order = (n: number): MerchantOrder => ({
  orderId: `ord_${n}`,
  tranId: `tran_${n}`,
  side: 'BUY',
  status: 'COMPLETED',
  fiatCurrency: 'EUR',
  fiatAmount: '1234.5',
  cryptoCurrency: 'BTC',
  cryptoAmount: '0.000123456789',
  network: 'BTC',
  createdAt: '2026-03-01T10:00:00.000Z',
});

export const sharedKyc = (overrides: Partial<SharedKycOutcome> = {}): SharedKycOutcome => ({
  createdAt: '2026-03-01T10:00:00.000Z',
  merchantUserId: 'cust-1',
  outcome: 'reused',
  party: null,
  reason: null,
  ...overrides,
});

/**
 * The console as the server would answer it for `merchants`: each merchant starts with one key, one
 * endpoint (with one failed delivery), no origin and no order; the calls change that state as the
 * server would. `bound`: the person has an authenticator (its code is asked). `routes` replace any.
 */
export function openConsole({
  merchants = [DEMO],
  url = '/en/merchant-console',
  bound = false,
  routes = {},
}: { merchants?: Membership[]; url?: string; bound?: boolean; routes?: Record<string, Responder> } = {}) {
  let keys = [merchantKey()];
  let origins: Array<{ origin: string; createdAt: string }> = [];
  let endpoints = [endpoint()];
  let made = 0;
  const fake = routedHttpClient({
    [PATHS.merchantConsoleMemberships]: () => ({ merchants }),
    [PATHS.authenticatorBindingStatus]: () => ({
      bindStatus: bound ? 'BINDED' : 'NONE',
      otpStep: bound ? 'verify-otp' : 'bind-otp',
      email: 'demo@causeway.test',
    }),
    [PATHS.merchantConsoleKeys]: () => ({ keys }),
    [PATHS.merchantConsoleKeyCreate]: () => {
      made += 1;
      const key = merchantKey({ keyId: `mkey_new${made}`, apiKey: `pk_sandbox_new${made}`, secretHint: 'wxyz' });
      keys = [...keys, key];
      return { ...key, secret: `sk_sandbox_secret${made}wxyz` };
    },
    [PATHS.merchantConsoleKeyRoll]: (body: { keyId: string; expiresInHours: number }) => {
      keys = keys.map((key) => (key.keyId === body.keyId ? { ...key, status: 'Expiring', expiresAt: '2026-03-02T10:00:00.000Z' } : key));
      const key = merchantKey({ keyId: 'mkey_rolled', apiKey: 'pk_sandbox_rolled', secretHint: 'rrrr' });
      keys = [...keys, key];
      return { ...key, secret: 'sk_sandbox_rolledrrrr' };
    },
    [PATHS.merchantConsoleKeyRevoke]: (body: { keyId: string }) => {
      keys = keys.map((key) => (key.keyId === body.keyId ? { ...key, status: 'Revoked', revokedAt: '2026-03-01T12:00:00.000Z' } : key));
      return null;
    },
    [PATHS.merchantConsoleEndpoints]: () => ({ endpoints }),
    [PATHS.merchantConsoleEndpointCreate]: (body: { url: string; description: string }) => {
      const added = endpoint({ endpointId: 'whe_2', url: body.url, description: body.description });
      endpoints = [...endpoints, added];
      return { ...added, secret: 'whsec_newendpointsecret' };
    },
    [PATHS.merchantConsoleEndpointEnable]: (body: { endpointId: string; enabled: boolean }) => {
      endpoints = endpoints.map((item) => (item.endpointId === body.endpointId ? { ...item, enabled: body.enabled } : item));
      return null;
    },
    [PATHS.merchantConsoleEndpointTest]: () => ({ messageId: 'msg_test' }),
    [PATHS.merchantConsoleDeliveries]: () => ({ deliveries: [delivery()] }),
    [PATHS.merchantConsoleReplay]: () => null,
    [PATHS.merchantConsoleOrigins]: () => ({ origins }),
    [PATHS.merchantConsoleOriginAdd]: (body: { origin: string }) => {
      origins = [...origins, { origin: body.origin, createdAt: '2026-03-01T10:00:00.000Z' }];
      return { origins };
    },
    [PATHS.merchantConsoleOrders]: () => ({ orders: [], total: 0 }),
    [PATHS.merchantConsoleSharedKyc]: () => ({ outcomes: [], total: 0 }),
    ...routes,
  });
  const view = renderPage(<MerchantConsolePage />, { path: '/:lng/merchant-console/:section?', url, client: fake.client });
  /** The queries sent with GET `path`, in order. */
  const queriesOf = (path: string) =>
    fake.calls.filter((call) => call.path === path).map((call) => (call.options as { query?: unknown } | undefined)?.query);
  const location = () => `${view.router.state.location.pathname}${view.router.state.location.search}`;
  return { ...view, ...fake, queriesOf, location, user: userEvent.setup() };
}

/** Dialogs load their chunk on first use: on a loaded machine that takes more than the default 1 s. */
export const FIND = { timeout: 5_000 };
