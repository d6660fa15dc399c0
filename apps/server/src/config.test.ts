import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

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
});
