import { describe, expect, it } from 'vitest';
import { createCheckoutCardProcessor } from './checkout.ts';
import {
  CHECKOUT_LIVE_URL,
  CHECKOUT_SANDBOX_URL,
  checkoutBaseUrlOf,
  checkoutEnvironmentOf,
  checkoutSettingsProblems,
  keyEnvironmentOf,
  urlEnvironmentOf,
} from './checkout-environment.ts';
import { checkoutFixture } from './fixtures/checkout/fake-checkout.ts';
import { stubFetch } from './fixtures/checkout/stub-fetch.ts';

// Key formats from Checkout.com's "API keys" page (resources/api-authentication/api-keys) and its
// SDKs: sk_sbox_/pk_sbox_ sandbox, sk_test_/pk_test_ on older sandbox accounts, any other sk_/pk_ live.
const SANDBOX_SECRET = 'sk_sbox_m73dzbpy7cf3gfd46xr4yj5xo4e';
const SANDBOX_PUBLIC = 'pk_sbox_xg66bnn6tpspd6pt3psc7otrqa=';
const OLD_SANDBOX_SECRET = 'sk_test_0b9b5db6-f223-49d0-b68f-f6643dd4f808';
const LIVE_SECRET = 'sk_m73dzbpy7cf3gfd46xr4yj5xo4e';
const LIVE_PUBLIC = 'pk_xg66bnn6tpspd6pt3psc7otrqa=';
const CHANNEL = 'pc_q4dbxom5jbgudnjzjpz7j2z6uq';

describe('Checkout.com key environments', () => {
  it.each([
    [SANDBOX_SECRET, 'sandbox'],
    [SANDBOX_PUBLIC, 'sandbox'],
    [OLD_SANDBOX_SECRET, 'sandbox'],
    ['pk_test_4296fd52-efba-4a38-b6ce-cf0d93639d8a', 'sandbox'],
    [LIVE_SECRET, 'production'],
    [LIVE_PUBLIC, 'production'],
    // "sbox" anywhere but right after the prefix is no sandbox key.
    ['sk_abcsbox_m73dzbpy7cf3gfd46xr4yj5xo4e', 'production'],
  ])('%s is a %s key', (key, environment) => {
    expect(keyEnvironmentOf(key)).toBe(environment);
  });

  it.each([
    [CHECKOUT_SANDBOX_URL, 'sandbox'],
    ['https://1a2b3c4d.api.sandbox.checkout.com', 'sandbox'],
    [CHECKOUT_LIVE_URL, 'production'],
    ['https://1a2b3c4d.api.checkout.com', 'production'],
    // Only a whole `sandbox` label of the host counts, never a look-alike or the path.
    ['https://sandbox-proxy.example.test', 'production'],
    ['https://api.checkout.com/sandbox', 'production'],
    ['not a url', 'production'],
  ])('%s is a %s URL', (url, environment) => {
    expect(urlEnvironmentOf(url)).toBe(environment);
  });
});

describe('Checkout.com base URL', () => {
  it("defaults to the key's environment, and keeps one that is set (without a trailing slash)", () => {
    expect(checkoutBaseUrlOf(SANDBOX_SECRET, undefined)).toBe('https://api.sandbox.checkout.com');
    expect(checkoutBaseUrlOf(OLD_SANDBOX_SECRET, undefined)).toBe('https://api.sandbox.checkout.com');
    expect(checkoutBaseUrlOf(LIVE_SECRET, undefined)).toBe('https://api.checkout.com');
    expect(checkoutBaseUrlOf(LIVE_SECRET, 'https://1a2b3c4d.api.checkout.com//')).toBe('https://1a2b3c4d.api.checkout.com');
  });

  it.each([
    [SANDBOX_SECRET, SANDBOX_PUBLIC, 'https://api.sandbox.checkout.com/payments/pay_mbabizu24mvu3mela5njyhpit4'],
    [LIVE_SECRET, LIVE_PUBLIC, 'https://api.checkout.com/payments/pay_mbabizu24mvu3mela5njyhpit4'],
  ])('an adapter with %s and no base URL calls its environment', async (secretKey, publicKey, url) => {
    const { fetchImpl, calls } = stubFetch([{ status: 200, body: checkoutFixture('payment-details.response') }]);
    await createCheckoutCardProcessor({ secretKey, publicKey, fetchImpl }).getPayment('pay_mbabizu24mvu3mela5njyhpit4');
    expect(calls.map((call) => call.url)).toEqual([url]);
  });
});

describe('checkoutSettingsProblems (what the boot refuses when Checkout.com takes the cards)', () => {
  const sandbox = { CHECKOUT_SECRET_KEY: SANDBOX_SECRET, CHECKOUT_PUBLIC_KEY: SANDBOX_PUBLIC, CHECKOUT_PROCESSING_CHANNEL_ID: CHANNEL };
  const live = { CHECKOUT_SECRET_KEY: LIVE_SECRET, CHECKOUT_PUBLIC_KEY: LIVE_PUBLIC, CHECKOUT_PROCESSING_CHANNEL_ID: CHANNEL };

  it('takes a pair of one environment with a base URL of that environment, or none', () => {
    expect(checkoutSettingsProblems(sandbox)).toEqual([]);
    expect(checkoutSettingsProblems({ ...sandbox, CHECKOUT_BASE_URL: 'https://1a2b3c4d.api.sandbox.checkout.com' })).toEqual([]);
    expect(checkoutSettingsProblems(live)).toEqual([]);
    expect(checkoutSettingsProblems({ ...live, CHECKOUT_BASE_URL: 'https://1a2b3c4d.api.checkout.com' })).toEqual([]);
    expect(checkoutSettingsProblems({ ...sandbox, CHECKOUT_SECRET_KEY: OLD_SANDBOX_SECRET })).toEqual([]);
  });

  it('names nothing without a secret key (the provider requirements name it missing)', () => {
    expect(checkoutSettingsProblems({})).toEqual([]);
    expect(checkoutSettingsProblems({ CHECKOUT_BASE_URL: CHECKOUT_LIVE_URL })).toEqual([]);
  });

  it('refuses a sandbox key sent to a live URL, naming both and saying what to set instead', () => {
    const problems = checkoutSettingsProblems({ ...sandbox, CHECKOUT_BASE_URL: CHECKOUT_LIVE_URL });
    expect(problems).toHaveLength(1);
    expect(problems[0]?.variable).toBe('CHECKOUT_BASE_URL');
    expect(problems[0]?.message).toMatch(/^is a live URL but CHECKOUT_SECRET_KEY is a sandbox key: /);
    expect(problems[0]?.message).toContain('(401)');
    expect(problems[0]?.message).toContain('Unset it to use https://api.sandbox.checkout.com');
    expect(problems[0]?.message).toContain('https://{prefix}.api.sandbox.checkout.com');
  });

  it("refuses a live key sent to the sandbox (the account's own sandbox host too)", () => {
    for (const url of [CHECKOUT_SANDBOX_URL, 'https://1a2b3c4d.api.sandbox.checkout.com']) {
      const problems = checkoutSettingsProblems({ ...live, CHECKOUT_BASE_URL: url });
      expect(problems.map((problem) => problem.variable)).toEqual(['CHECKOUT_BASE_URL']);
      expect(problems[0]?.message).toMatch(/^is a sandbox URL but CHECKOUT_SECRET_KEY is a live key: /);
      expect(problems[0]?.message).toContain('Unset it to use https://api.checkout.com');
    }
  });

  it('refuses a public key of the other environment, either way round', () => {
    expect(checkoutSettingsProblems({ ...sandbox, CHECKOUT_PUBLIC_KEY: LIVE_PUBLIC })).toEqual([
      {
        variable: 'CHECKOUT_PUBLIC_KEY',
        message: 'is a live key but CHECKOUT_SECRET_KEY is a sandbox key: use the pair of one environment',
      },
    ]);
    expect(checkoutSettingsProblems({ ...live, CHECKOUT_PUBLIC_KEY: SANDBOX_PUBLIC })).toEqual([
      {
        variable: 'CHECKOUT_PUBLIC_KEY',
        message: 'is a sandbox key but CHECKOUT_SECRET_KEY is a live key: use the pair of one environment',
      },
    ]);
  });

  it('refuses keys swapped or of another kind, naming the variable', () => {
    const swapped = checkoutSettingsProblems({ ...sandbox, CHECKOUT_SECRET_KEY: SANDBOX_PUBLIC, CHECKOUT_PUBLIC_KEY: SANDBOX_SECRET });
    expect(swapped.map((problem) => problem.variable)).toEqual(['CHECKOUT_SECRET_KEY', 'CHECKOUT_PUBLIC_KEY']);
    expect(swapped[0]?.message).toMatch(/^must be a Checkout\.com secret key/);
    expect(swapped[1]?.message).toMatch(/^must be a Checkout\.com public key/);
  });

  it('never puts a key in a message', () => {
    const problems = checkoutSettingsProblems({
      CHECKOUT_SECRET_KEY: SANDBOX_SECRET,
      CHECKOUT_PUBLIC_KEY: LIVE_PUBLIC,
      CHECKOUT_BASE_URL: CHECKOUT_LIVE_URL,
    });
    expect(problems).toHaveLength(3);
    for (const { message } of problems) for (const key of [SANDBOX_SECRET, LIVE_PUBLIC]) expect(message).not.toContain(key);
  });

  it('wants a processing channel, unless the key is tied to a single channel', () => {
    const { CHECKOUT_PROCESSING_CHANNEL_ID: _channel, ...withoutChannel } = sandbox;
    const problems = checkoutSettingsProblems(withoutChannel);
    expect(problems.map((problem) => problem.variable)).toEqual(['CHECKOUT_PROCESSING_CHANNEL_ID']);
    expect(problems[0]?.message).toMatch(/^must be set \(pc_….*CHECKOUT_SINGLE_CHANNEL_KEY=true instead$/);
    expect(checkoutSettingsProblems({ ...withoutChannel, CHECKOUT_SINGLE_CHANNEL_KEY: false })).toHaveLength(1);
    expect(checkoutSettingsProblems({ ...withoutChannel, CHECKOUT_SINGLE_CHANNEL_KEY: true })).toEqual([]);
    expect(checkoutSettingsProblems({ ...sandbox, CHECKOUT_SINGLE_CHANNEL_KEY: true })).toEqual([]);
  });
});

describe('checkoutEnvironmentOf (the environment Flow starts in)', () => {
  it("is the secret key's environment when there is one", () => {
    expect(checkoutEnvironmentOf(SANDBOX_SECRET, undefined)).toBe('sandbox');
    expect(checkoutEnvironmentOf(OLD_SANDBOX_SECRET, undefined)).toBe('sandbox');
    expect(checkoutEnvironmentOf(LIVE_SECRET, undefined)).toBe('production');
    expect(checkoutEnvironmentOf(LIVE_SECRET, 'https://1a2b3c4d.api.checkout.com')).toBe('production');
    // The boot refuses a URL of the other environment; were one given, the key still says where Flow runs.
    expect(checkoutEnvironmentOf(SANDBOX_SECRET, CHECKOUT_LIVE_URL)).toBe('sandbox');
  });

  it("falls back on the base URL's environment, then on the sandbox", () => {
    expect(checkoutEnvironmentOf(undefined, CHECKOUT_LIVE_URL)).toBe('production');
    expect(checkoutEnvironmentOf(undefined, 'https://1a2b3c4d.api.sandbox.checkout.com')).toBe('sandbox');
    expect(checkoutEnvironmentOf(undefined, undefined)).toBe('sandbox');
    expect(checkoutEnvironmentOf('', undefined)).toBe('sandbox');
  });
});
