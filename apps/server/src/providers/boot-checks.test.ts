import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { type BootCheck, BootCheckFailure } from './boot-check.ts';
import { fakeVendor } from './boot-check.test-support.ts';
import { BootChecksFailedError, bootChecksFor, checkVendorsAtBoot, runBootChecks, secretsOf } from './boot-checks.ts';

const PRODUCTION = {
  CAUSEWAY_ENV: 'production',
  SECRET_KEY: 'a-production-secret-key-of-40-characters!',
  PUBLIC_URL: 'https://pay.example.test',
};
const IPINFO_TOKEN = 'ipinfo-token-8d7c6b5a';

/** Every real vendor configured, as production-mode.test.ts configures them. */
const REAL_VENDORS = {
  SMTP_URL: 'smtp://relay:relay-password-3e1f@127.0.0.1:9',
  IPINFO_TOKEN,
  RECAPTCHA_SECRET: 'recaptcha-test-secret',
  RECAPTCHA_SITE_KEY: 'recaptcha-test-site-key',
  SUMSUB_APP_TOKEN: 'sumsub-test-app-token',
  SUMSUB_SECRET_KEY: 'sumsub-test-secret-key',
  SUMSUB_WEBHOOK_SECRET: 'sumsub-test-webhook-secret',
  PRICE_FEED: 'kraken',
  CARD_PROCESSOR: 'checkout',
  CHECKOUT_SECRET_KEY: 'sk_sbox_test',
  CHECKOUT_PUBLIC_KEY: 'pk_sbox_test',
  CHECKOUT_SINGLE_CHANNEL_KEY: 'true',
  CHECKOUT_WEBHOOK_SECRET: 'checkout-webhook-signature-key',
  CHAIN_PROVIDER: 'bitgo',
  BITGO_ACCESS_TOKEN: 'bitgo-test-token',
  BITGO_EXPRESS_URL: 'http://127.0.0.1:9',
  BITGO_WALLET_PASSPHRASE: 'bitgo-test-passphrase',
  BITGO_WALLET_IDS: 'BTC=0123456789abcdef0123456789abcdef',
  ADDRESS_SCREENING: 'chainalysis',
  CHAINALYSIS_API_KEY: 'chainalysis-test-key',
  BANK_PROVIDER: 'clearjunction',
  CLEAR_JUNCTION_API_KEY: '730ee406-817e-11e7-bb31-be2e44b06b34',
  CLEAR_JUNCTION_API_PASSWORD: 'clear-junction-test-password',
  CLEAR_JUNCTION_WALLET_UUID: '348e11ab-dbfb-4ae8-99e7-349b00868f6f',
  KLARNA_PROVIDER: 'klarna',
  KLARNA_USERNAME: 'PK12345_test',
  KLARNA_PASSWORD: 'klarna-test-password',
  KLARNA_API_URL: 'https://api.playground.klarna.com',
  OAUTH_PROVIDER: 'oidc',
  OAUTH_ISSUER_URL: 'https://accounts.example.test',
  OAUTH_CLIENT_ID: 'causeway-client',
  OAUTH_CLIENT_SECRET: 'oauth-test-client-secret',
  HELP_DESK_PROVIDER: 'zendesk',
  ZENDESK_URL: 'https://acme.zendesk.com',
  ZENDESK_EMAIL: 'agent@acme.test',
  ZENDESK_API_TOKEN: 'zendesk-test-token',
  ZENDESK_SOURCE_FIELD_ID: '360001',
  S3_BUCKET: 'causeway-docs',
  I18N_HOST: 'https://i18n.example.test',
  I18N_API_KEY: 'i18n-test-key',
};

/** A fetch that must not be called: records any call, and fails it. */
function noOutsideCalls() {
  const calls: string[] = [];
  const fetchImpl: typeof fetch = async (input) => {
    calls.push(String(input instanceof Request ? input.url : input));
    throw new Error('no outside call expected');
  };
  return { fetch: fetchImpl, calls };
}

const check = (vendor: string, run: BootCheck['run']): BootCheck => ({
  vendor,
  target: `${vendor.toUpperCase()}_URL (https://${vendor}.test)`,
  run,
});

describe('runBootChecks', () => {
  it('runs the checks side by side: each waits for the other to start, which one after another would never see', async () => {
    let started = 0;
    let release: () => void = () => {};
    const bothStarted = new Promise<void>((resolve) => (release = resolve));
    const waitForTheOther = async () => {
      started += 1;
      if (started === 2) release();
      await bothStarted;
      return 'ok';
    };
    const results = await runBootChecks([check('alpha', waitForTheOther), check('beta', waitForTheOther)], { timeoutMs: 5_000 });
    expect(results).toEqual([
      { vendor: 'alpha', ok: true, message: 'alpha: ok' },
      { vendor: 'beta', ok: true, message: 'beta: ok' },
    ]);
  });

  it('a check past its deadline fails alone, naming where it called; its signal is aborted; the others still answer', async () => {
    let signal: AbortSignal | undefined;
    const hung = check('slow', (context) => {
      signal = context.signal;
      return new Promise<string>(() => {}); // ignores the signal: the deadline still ends it
    });
    const results = await runBootChecks([hung, check('quick', async () => 'ok')], { timeoutMs: 100 });
    expect(results[0]).toEqual({
      vendor: 'slow',
      ok: false,
      message:
        'slow did not answer within 0.1 s at SLOW_URL (https://slow.test): check the address, and that this server can reach it (firewall, proxy, DNS)',
    });
    expect(signal?.aborted).toBe(true);
    expect(results[1]).toEqual({ vendor: 'quick', ok: true, message: 'quick: ok' });
  });

  it("a check's fetch is aborted at the deadline, whatever timeout its adapter gave", async () => {
    let aborted = false;
    const hangingFetch: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => {
          aborted = true;
          reject(init.signal?.reason);
        }),
      );
    const callsOut = check('vendor', async (context) => {
      await context.fetch('https://vendor.test/', { signal: AbortSignal.timeout(60_000) });
      return 'never';
    });
    const [result] = await runBootChecks([callsOut], { timeoutMs: 100, fetchImpl: hangingFetch });
    expect(result?.ok).toBe(false);
    expect(aborted).toBe(true);
  });

  it('never lets a secret through: not from a failure, an unexpected error, or a success', async () => {
    const secrets = ['sk_live_secret_0123', 'pass word'];
    const results = await runBootChecks(
      [
        check('a', async () => {
          throw new BootCheckFailure('a refused sk_live_secret_0123 (HTTP 401): check the key');
        }),
        check('b', async () => {
          throw new Error('socket hang up while sending pass word');
        }),
        check('c', async () => 'took sk_live_secret_0123'),
      ],
      { secrets },
    );
    expect(results.map((result) => result.message)).toEqual([
      'a refused [redacted] (HTTP 401): check the key',
      'b could not be checked: socket hang up while sending [redacted]',
      'c: took [redacted]',
    ]);
  });

  it("the config's secrets include every secret variable and the password inside SMTP_URL, as written and decoded", () => {
    const config = loadConfig({ ...PRODUCTION, ...REAL_VENDORS, SMTP_URL: 'smtp://relay:p%40ss-word-91@127.0.0.1:587' });
    const secrets = secretsOf(config);
    for (const secret of [
      'p%40ss-word-91',
      'p@ss-word-91',
      IPINFO_TOKEN,
      'clear-junction-test-password',
      'sk_sbox_test',
      'oauth-test-client-secret',
      PRODUCTION.SECRET_KEY,
    ])
      expect(secrets).toContain(secret);
    expect(secrets).not.toContain('agent@acme.test');
  });
});

describe('bootChecksFor: the real outside vendors the config chose', () => {
  it('one check per real vendor, one for Sumsub though KYC and KYB both use it; none for sandboxes or self-hosted choices', () => {
    const vendors = bootChecksFor(loadConfig({ ...PRODUCTION, ...REAL_VENDORS })).map((bootCheck) => bootCheck.vendor);
    expect(vendors).toEqual([
      'SMTP',
      'ipinfo.io',
      'reCAPTCHA',
      'Sumsub',
      'Kraken',
      'Checkout.com',
      'BitGo',
      'Clear Junction',
      'Chainalysis',
      'Klarna',
      'OpenID Connect provider',
      'Zendesk',
      'S3',
      'i18n host',
    ]);
    expect(bootChecksFor(loadConfig({ ...PRODUCTION, ALLOW_SANDBOX: 'all' }))).toEqual([]);
  });
});

describe('checkVendorsAtBoot: what main.ts runs before it listens', () => {
  it('sandbox mode calls nothing outside, even with real vendors configured', async () => {
    const outside = noOutsideCalls();
    expect(
      await checkVendorsAtBoot(loadConfig({ ...REAL_VENDORS, PUBLIC_URL: 'http://localhost:8080' }), { fetchImpl: outside.fetch }),
    ).toEqual([]);
    expect(await checkVendorsAtBoot(loadConfig({}), { fetchImpl: outside.fetch })).toEqual([]);
    expect(outside.calls).toEqual([]);
  });

  it('BOOT_CHECKS=off skips them in production (an air-gapped boot), and a bad value is refused', async () => {
    const outside = noOutsideCalls();
    const config = loadConfig({ ...PRODUCTION, ...REAL_VENDORS, BOOT_CHECKS: 'off' });
    expect(await checkVendorsAtBoot(config, { fetchImpl: outside.fetch })).toEqual([]);
    expect(outside.calls).toEqual([]);
    expect(() => loadConfig({ BOOT_CHECKS: 'no' })).toThrow(ConfigError);
    expect(() => loadConfig({ BOOT_CHECKS: 'no' })).toThrow('BOOT_CHECKS="no": must be on or off');
  });

  it('production: passes with every configured vendor accepting; a refusal stops the boot with every failing message, no secret in it', async () => {
    const config = loadConfig({ ...PRODUCTION, ALLOW_SANDBOX: 'all', IPINFO_TOKEN, PRICE_FEED: 'kraken' });
    const accepting = fakeVendor(({ url }) =>
      url.hostname === 'ipinfo.io' ? { status: 200, json: { token: IPINFO_TOKEN } } : { status: 200, json: { error: [], result: {} } },
    );
    const passed = await checkVendorsAtBoot(config, { fetchImpl: accepting.fetch });
    expect(passed.map((result) => [result.vendor, result.ok])).toEqual([
      ['ipinfo.io', true],
      ['Kraken', true],
    ]);

    // ipinfo refuses the token; Kraken answers an outage.
    const refusing = fakeVendor(({ url }) =>
      url.hostname === 'ipinfo.io' ? { status: 403, text: `bad token in ${url.href}` } : { status: 503, text: '' },
    );
    const error = await checkVendorsAtBoot(config, { fetchImpl: refusing.fetch }).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(BootChecksFailedError);
    const message = (error as BootChecksFailedError).message;
    expect(message).toMatch(
      /^Causeway cannot start: 2 outside service\(s\) refused or did not answer \(BOOT_CHECKS=off skips these checks\):\n/,
    );
    expect(message).toContain('  - ipinfo.io refused IPINFO_TOKEN (HTTP 403)');
    expect(message).toContain('  - Kraken answered HTTP 503');
    expect(message).not.toContain(IPINFO_TOKEN);
  });
});
