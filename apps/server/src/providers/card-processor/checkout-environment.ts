/**
 * Which Checkout.com environment a deployment talks to, and the settings that must agree with it
 * (developer-resources/api/api-endpoints, resources/api-authentication/api-keys).
 *
 * - Keys say their environment: sandbox keys are `sk_sbox_…` / `pk_sbox_…` (`sk_test_…` / `pk_test_…`
 *   on older accounts, as Checkout.com's own SDKs read them); any other `sk_…` / `pk_…` is live.
 * - The base URL follows the key: api.sandbox.checkout.com or api.checkout.com, or the account's own
 *   `{prefix}.api[.sandbox].checkout.com`. A live key sent to the sandbox (or the reverse) is refused
 *   with 401 on the first call, so the boot refuses the mismatch instead, saying which is which.
 * - Payments are routed by processing channel: CHECKOUT_PROCESSING_CHANNEL_ID is required, unless the
 *   operator states the secret key is tied to one channel (CHECKOUT_SINGLE_CHANNEL_KEY=true), when
 *   Checkout.com takes the key's own channel.
 */
export type CheckoutEnvironment = 'sandbox' | 'production';

export const CHECKOUT_SANDBOX_URL = 'https://api.sandbox.checkout.com';
export const CHECKOUT_LIVE_URL = 'https://api.checkout.com';

const SANDBOX_KEY = /^(sk|pk)_(sbox|test)_/;

export const keyEnvironmentOf = (key: string): CheckoutEnvironment => (SANDBOX_KEY.test(key) ? 'sandbox' : 'production');

/** The environment of a base URL: its sandbox hosts have a `sandbox` label. */
export function urlEnvironmentOf(baseUrl: string): CheckoutEnvironment {
  return URL.canParse(baseUrl) && new URL(baseUrl).hostname.split('.').includes('sandbox') ? 'sandbox' : 'production';
}

/** The base URL to call: the one set, else the key's environment's default. */
export const checkoutBaseUrlOf = (secretKey: string, baseUrl: string | undefined): string =>
  (baseUrl ?? (keyEnvironmentOf(secretKey) === 'sandbox' ? CHECKOUT_SANDBOX_URL : CHECKOUT_LIVE_URL)).replace(/\/+$/, '');

/**
 * The environment Flow is initialised with in the browser (`environment: 'sandbox' | 'production'`):
 * the key's, which the base URL must agree with.
 */
export const checkoutEnvironmentOf = (secretKey: string | undefined, baseUrl: string | undefined): CheckoutEnvironment =>
  secretKey ? keyEnvironmentOf(secretKey) : baseUrl ? urlEnvironmentOf(baseUrl) : 'sandbox';

export interface CheckoutSettings {
  CHECKOUT_SECRET_KEY?: string | undefined;
  CHECKOUT_PUBLIC_KEY?: string | undefined;
  CHECKOUT_BASE_URL?: string | undefined;
  CHECKOUT_PROCESSING_CHANNEL_ID?: string | undefined;
  CHECKOUT_SINGLE_CHANNEL_KEY?: boolean | undefined;
}

const named = (environment: CheckoutEnvironment) => (environment === 'sandbox' ? 'a sandbox' : 'a live');

/** What config.ts refuses at boot when Checkout.com is the card processor: each problem on its variable. */
export function checkoutSettingsProblems(settings: CheckoutSettings): Array<{ variable: string; message: string }> {
  const problems: Array<{ variable: string; message: string }> = [];
  const secretKey = settings.CHECKOUT_SECRET_KEY;
  if (!secretKey) return problems; // named missing by the provider's requirements
  const keyEnvironment = keyEnvironmentOf(secretKey);
  if (!secretKey.startsWith('sk_'))
    problems.push({ variable: 'CHECKOUT_SECRET_KEY', message: 'must be a Checkout.com secret key (sk_sbox_… for the sandbox, sk_… live)' });
  const publicKey = settings.CHECKOUT_PUBLIC_KEY;
  if (publicKey && !publicKey.startsWith('pk_'))
    problems.push({ variable: 'CHECKOUT_PUBLIC_KEY', message: 'must be a Checkout.com public key (pk_sbox_… for the sandbox, pk_… live)' });
  else if (publicKey && keyEnvironmentOf(publicKey) !== keyEnvironment)
    problems.push({
      variable: 'CHECKOUT_PUBLIC_KEY',
      message: `is ${named(keyEnvironmentOf(publicKey))} key but CHECKOUT_SECRET_KEY is ${named(keyEnvironment)} key: use the pair of one environment`,
    });
  const baseUrl = settings.CHECKOUT_BASE_URL;
  if (baseUrl && urlEnvironmentOf(baseUrl) !== keyEnvironment)
    problems.push({
      variable: 'CHECKOUT_BASE_URL',
      message: `is ${named(urlEnvironmentOf(baseUrl))} URL but CHECKOUT_SECRET_KEY is ${named(keyEnvironment)} key: Checkout.com would refuse every call (401). Unset it to use ${keyEnvironment === 'sandbox' ? CHECKOUT_SANDBOX_URL : CHECKOUT_LIVE_URL}, or set the account's own ${keyEnvironment === 'sandbox' ? 'https://{prefix}.api.sandbox.checkout.com' : 'https://{prefix}.api.checkout.com'}`,
    });
  if (!settings.CHECKOUT_PROCESSING_CHANNEL_ID && !settings.CHECKOUT_SINGLE_CHANNEL_KEY)
    problems.push({
      variable: 'CHECKOUT_PROCESSING_CHANNEL_ID',
      message:
        'must be set (pc_…, Dashboard > Settings > Processing channels): payments are routed by channel. If the secret key is tied to a single channel, set CHECKOUT_SINGLE_CHANNEL_KEY=true instead',
    });
  return problems;
}
