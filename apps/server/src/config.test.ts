import { describe, expect, it } from 'vitest';
import { ConfigError, configWarnings, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('gives every variable its documented default', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      HOST: '127.0.0.1',
      PORT: 8080,
      DATA_DIR: './.data',
      LOG_LEVEL: 'info',
      FRAME_ANCESTORS: "'self'",
      TRUST_PROXY: false,
    });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).PORT).toBe(8080);
  });

  it('names every bad variable in one message', () => {
    let caught: unknown;
    try {
      loadConfig({ PORT: 'eighty', LOG_LEVEL: 'loud', FRAME_ANCESTORS: 'javascript:alert(1)', TRUST_PROXY: 'maybe' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const message = (caught as ConfigError).message;
    for (const name of ['PORT="eighty"', 'LOG_LEVEL="loud"', 'FRAME_ANCESTORS=', 'TRUST_PROXY="maybe"']) expect(message).toContain(name);
    expect((caught as ConfigError).problems).toHaveLength(4);
  });

  it('takes the legal pages (TERMS_URL, PRIVACY_URL, COOKIES_URL) as http(s) URLs or site paths, {lng} allowed; unset by default', () => {
    const defaults = loadConfig({});
    expect([defaults.TERMS_URL, defaults.PRIVACY_URL, defaults.COOKIES_URL]).toEqual([undefined, undefined, undefined]);
    const config = loadConfig({
      TERMS_URL: 'https://shop.example/{lng}/terms',
      PRIVACY_URL: 'http://localhost:3000/privacy',
      COOKIES_URL: '/static/cookies.html',
    });
    expect(config).toMatchObject({
      TERMS_URL: 'https://shop.example/{lng}/terms',
      PRIVACY_URL: 'http://localhost:3000/privacy',
      COOKIES_URL: '/static/cookies.html',
    });
    for (const bad of [
      'javascript:alert(1)',
      '//evil.example/terms',
      'shop.example/terms',
      'https://shop.example/a b',
      'https://shop.example/"x',
    ]) {
      expect(() => loadConfig({ TERMS_URL: bad })).toThrow(/TERMS_URL/);
    }
    expect(() => loadConfig({ TERMS_URL: 'data:text/html,x' })).toThrow(
      /TERMS_URL="data:text\/html,x": must be an http\(s\):\/\/ URL \(https:\/\/ in production\) or a path of this site/,
    );
  });

  it('wants the legal pages on https (or this site) in production, as the message says; plain http only in sandbox mode', () => {
    const production = { CAUSEWAY_ENV: 'production', SECRET_KEY: 'x'.repeat(32), PUBLIC_URL: 'https://pay.example', ALLOW_SANDBOX: 'all' };
    expect(() => loadConfig({ ...production, PRIVACY_URL: 'http://shop.example/privacy' })).toThrow(
      /PRIVACY_URL="http:\/\/shop.example\/privacy": must be an https:\/\/ URL or a path of this site in production/,
    );
    expect(loadConfig({ ...production, PRIVACY_URL: 'https://shop.example/privacy', TERMS_URL: '/terms.html' })).toMatchObject({
      PRIVACY_URL: 'https://shop.example/privacy',
      TERMS_URL: '/terms.html',
    });
    expect(loadConfig({ PRIVACY_URL: 'http://localhost:3000/privacy' }).PRIVACY_URL).toBe('http://localhost:3000/privacy');
  });

  it('gives payouts four hours to confirm before an operator is asked (PAYOUT_CONFIRM_DEADLINE_MS), at least a minute', () => {
    expect(loadConfig({}).PAYOUT_CONFIRM_DEADLINE_MS).toBe(4 * 60 * 60 * 1000);
    expect(loadConfig({ PAYOUT_CONFIRM_DEADLINE_MS: '7200000' }).PAYOUT_CONFIRM_DEADLINE_MS).toBe(7_200_000);
    expect(() => loadConfig({ PAYOUT_CONFIRM_DEADLINE_MS: '1000' })).toThrow(/PAYOUT_CONFIRM_DEADLINE_MS/);
  });

  it('never echoes a secret value', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://root:hunter2@db/x' })).toThrow(/DATABASE_URL=\(value hidden\)/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://root:hunter2@db/x' })).not.toThrow(/hunter2/);
  });

  it('takes Klarna only over https, with its password hidden in every message', () => {
    const klarna = { KLARNA_PROVIDER: 'klarna', KLARNA_USERNAME: 'PK12345_test', KLARNA_PASSWORD: 'hunter2-klarna' };
    expect(loadConfig({ ...klarna, KLARNA_API_URL: 'https://api.playground.klarna.com' }).KLARNA_API_URL).toBe(
      'https://api.playground.klarna.com',
    );
    expect(() => loadConfig({ ...klarna, KLARNA_API_URL: 'http://api.playground.klarna.com' })).toThrow(
      /KLARNA_API_URL="http:\/\/api.playground.klarna.com": must be an https URL/,
    );
    expect(() => loadConfig({ KLARNA_PROVIDER: 'klarna', KLARNA_PASSWORD: 'hunter2-klarna' })).toThrow(
      /KLARNA_USERNAME="": must be set when KLARNA_PROVIDER is klarna/,
    );
    expect(() => loadConfig({ KLARNA_PROVIDER: 'klarna', KLARNA_PASSWORD: 'hunter2-klarna' })).not.toThrow(/hunter2/);
    expect(() => loadConfig({ KLARNA_PROVIDER: 'klarna' })).toThrow(/KLARNA_PASSWORD=\(value hidden\)/);
  });

  it('accepts a merchant allow-list for frame-ancestors', () => {
    expect(loadConfig({ FRAME_ANCESTORS: "'self' https://shop.example.com https://*.merchant.example:8443" }).FRAME_ANCESTORS).toContain(
      'shop.example.com',
    );
  });

  it('wants the reCAPTCHA secret and site key together, naming the missing one', () => {
    expect(() => loadConfig({ RECAPTCHA_SECRET: 'server-half' })).toThrow(
      /RECAPTCHA_SITE_KEY="": must be set when RECAPTCHA_SECRET is set/,
    );
    expect(() => loadConfig({ RECAPTCHA_SITE_KEY: 'browser-half' })).toThrow(
      /RECAPTCHA_SECRET=\(value hidden\): must be set when RECAPTCHA_SITE_KEY is set/,
    );
    expect(loadConfig({ RECAPTCHA_SECRET: 'server-half', RECAPTCHA_SITE_KEY: 'browser-half' }).RECAPTCHA_SITE_KEY).toBe('browser-half');
  });

  describe('Checkout.com settings (when Checkout.com takes the cards)', () => {
    const checkout = {
      CARD_PROCESSOR_PROVIDER: 'checkout',
      CHECKOUT_SECRET_KEY: 'sk_sbox_m73dzbpy7cf3gfd46xr4yj5xo4e',
      CHECKOUT_PUBLIC_KEY: 'pk_sbox_xg66bnn6tpspd6pt3psc7otrqa=',
      CHECKOUT_WEBHOOK_SECRET: 'checkout-webhook-signature-key',
      CHECKOUT_PROCESSING_CHANNEL_ID: 'pc_q4dbxom5jbgudnjzjpz7j2z6uq',
      PUBLIC_URL: 'https://pay.example.test',
    };

    it('loads keys, base URL and channel of one environment', () => {
      expect(loadConfig(checkout)).toMatchObject({
        CHECKOUT_PROCESSING_CHANNEL_ID: 'pc_q4dbxom5jbgudnjzjpz7j2z6uq',
        CHECKOUT_SINGLE_CHANNEL_KEY: false,
      });
      expect(loadConfig({ ...checkout, CHECKOUT_BASE_URL: 'https://1a2b3c4d.api.sandbox.checkout.com' }).CHECKOUT_BASE_URL).toBe(
        'https://1a2b3c4d.api.sandbox.checkout.com',
      );
    });

    it('refuses a sandbox key with a live base URL at boot, naming both, whichever variable chose Checkout.com', () => {
      const { CARD_PROCESSOR_PROVIDER: _chosen, ...settings } = checkout;
      for (const choice of [{ CARD_PROCESSOR_PROVIDER: 'checkout' }, { CARD_PROCESSOR: 'checkout' }]) {
        const env = { ...settings, ...choice, CHECKOUT_BASE_URL: 'https://api.checkout.com' };
        expect(() => loadConfig(env)).toThrow(
          /CHECKOUT_BASE_URL="https:\/\/api.checkout.com": is a live URL but CHECKOUT_SECRET_KEY is a sandbox key/,
        );
        expect(() => loadConfig(env)).not.toThrow(/sk_sbox_m73dzbpy7cf3gfd46xr4yj5xo4e/);
      }
      expect(() => loadConfig({ ...checkout, CHECKOUT_PUBLIC_KEY: 'pk_xg66bnn6tpspd6pt3psc7otrqa=' })).toThrow(
        /CHECKOUT_PUBLIC_KEY=".*": is a live key but CHECKOUT_SECRET_KEY is a sandbox key/,
      );
      // The sandbox card processor never calls Checkout.com: its settings are not checked.
      expect(loadConfig({ ...settings, CHECKOUT_BASE_URL: 'https://api.checkout.com' }).CHECKOUT_BASE_URL).toBe('https://api.checkout.com');
    });

    it('names a missing CHECKOUT_WEBHOOK_SECRET, hiding its value, and refuses a short one', () => {
      const { CHECKOUT_WEBHOOK_SECRET: _secret, ...withoutSecret } = checkout;
      expect(() => loadConfig(withoutSecret)).toThrow(
        /CHECKOUT_WEBHOOK_SECRET=\(value hidden\): must be set when CARD_PROCESSOR_PROVIDER is checkout/,
      );
      expect(() => loadConfig({ ...checkout, CHECKOUT_WEBHOOK_SECRET: 'short-key' })).toThrow(
        /CHECKOUT_WEBHOOK_SECRET=\(value hidden\): must be the webhook signature key/,
      );
      expect(() => loadConfig({ ...checkout, CHECKOUT_WEBHOOK_SECRET: 'short-key' })).not.toThrow(/short-key/);
    });

    it('wants a processing channel unless CHECKOUT_SINGLE_CHANNEL_KEY=true says the key has one', () => {
      const { CHECKOUT_PROCESSING_CHANNEL_ID: _channel, ...withoutChannel } = checkout;
      expect(() => loadConfig(withoutChannel)).toThrow(/CHECKOUT_PROCESSING_CHANNEL_ID="": must be set \(pc_…/);
      expect(() => loadConfig({ ...withoutChannel, CHECKOUT_SINGLE_CHANNEL_KEY: 'false' })).toThrow(/CHECKOUT_PROCESSING_CHANNEL_ID/);
      const single = loadConfig({ ...withoutChannel, CHECKOUT_SINGLE_CHANNEL_KEY: 'true' });
      expect(single.CHECKOUT_SINGLE_CHANNEL_KEY).toBe(true);
      expect(single.CHECKOUT_PROCESSING_CHANNEL_ID).toBeUndefined();
      expect(() => loadConfig({ ...withoutChannel, CHECKOUT_SINGLE_CHANNEL_KEY: 'yes' })).toThrow(
        /CHECKOUT_SINGLE_CHANNEL_KEY="yes": must be true or false/,
      );
      expect(() => loadConfig({ ...checkout, CHECKOUT_PROCESSING_CHANNEL_ID: 'channel-1' })).toThrow(
        /CHECKOUT_PROCESSING_CHANNEL_ID="channel-1"/,
      );
    });
  });

  it('refuses SHA-1 Sumsub webhooks unless SUMSUB_WEBHOOK_ALLOW_SHA1 is true, and warns at boot while it is', () => {
    expect(loadConfig({}).SUMSUB_WEBHOOK_ALLOW_SHA1).toBe(false);
    expect(configWarnings(loadConfig({}))).toEqual([]);
    expect(loadConfig({ SUMSUB_WEBHOOK_ALLOW_SHA1: 'false' }).SUMSUB_WEBHOOK_ALLOW_SHA1).toBe(false);
    const allowing = loadConfig({ SUMSUB_WEBHOOK_ALLOW_SHA1: 'true' });
    expect(allowing.SUMSUB_WEBHOOK_ALLOW_SHA1).toBe(true);
    const [warning, ...others] = configWarnings(allowing);
    expect(others).toEqual([]);
    expect(warning).toMatch(/^SUMSUB_WEBHOOK_ALLOW_SHA1 is on: .*SHA-1.*HMAC_SHA256_HEX/);
    expect(() => loadConfig({ SUMSUB_WEBHOOK_ALLOW_SHA1: 'yes' })).toThrow(/SUMSUB_WEBHOOK_ALLOW_SHA1="yes": must be true or false/);
  });
});
