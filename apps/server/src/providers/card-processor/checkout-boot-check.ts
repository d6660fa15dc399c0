import { type BootCheck, BootCheckFailure, messageOf, recordingStatus } from '../boot-check.ts';
import { checkoutBaseUrlOf, keyEnvironmentOf } from './checkout-environment.ts';
import { createCheckoutHttp } from './checkout-http.ts';

/**
 * Checkout.com's boot check: GET /payments?reference=…&limit=1 with the secret key ("Get a list of
 * payments", https://www.checkout.com/docs/payments/manage-payments/get-a-list-of-payments), the
 * read the adapter's findPayment makes. A 200 (an empty list: no payment has this reference) proves
 * the key, that it belongs to the environment of the base URL, and that it may read payments.
 * The public key only tokenises in the browser (POST /tokens, a write): it is not checked here, and
 * config.ts already refused a pair of two environments.
 */
const REFERENCE = 'causeway-boot-check';

export interface CheckoutBootCheckSettings {
  secretKey: string;
  publicKey: string;
  baseUrl?: string | undefined;
}

export function checkoutBootCheck(settings: CheckoutBootCheckSettings): BootCheck {
  const baseUrl = checkoutBaseUrlOf(settings.secretKey, settings.baseUrl);
  const environment = keyEnvironmentOf(settings.secretKey) === 'sandbox' ? 'a sandbox' : 'a live';
  return {
    vendor: 'Checkout.com',
    target: `CHECKOUT_BASE_URL (${baseUrl})`,
    async run(context) {
      const recorded = recordingStatus(context.fetch);
      const call = createCheckoutHttp({
        baseUrl,
        secretKey: settings.secretKey,
        publicKey: settings.publicKey,
        fetchImpl: recorded.fetch,
        timeoutMs: context.timeoutMs,
      });
      try {
        await call('boot check', 'GET', `/payments?reference=${REFERENCE}&limit=1`, { auth: 'secret' });
        return `CHECKOUT_SECRET_KEY accepted (${environment} key; GET /payments at ${baseUrl})`;
      } catch (error) {
        const status = recorded.lastStatus();
        if (status === 401)
          throw new BootCheckFailure(
            `Checkout.com refused CHECKOUT_SECRET_KEY (HTTP 401): check the key and its environment (it is ${environment} key, sent to ${baseUrl}; sk_sbox_ keys are sandbox, others live)`,
          );
        if (status === 403)
          throw new BootCheckFailure(
            'Checkout.com refused CHECKOUT_SECRET_KEY to read payments (HTTP 403): give the key the payments scopes (gateway, or gateway:payment-details) in the Dashboard, Developers > Keys',
          );
        if (status === 404)
          throw new BootCheckFailure(`Checkout.com has no payments API at ${baseUrl} (HTTP 404): check CHECKOUT_BASE_URL`);
        throw new BootCheckFailure(`Checkout.com: ${messageOf(error)}`);
      }
    },
  };
}
