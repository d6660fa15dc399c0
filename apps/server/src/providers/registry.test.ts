import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Config, ConfigError, loadConfig, paths } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { JobQueueRepository } from '../jobs/job-queue.repository.ts';
import type { JobWorker } from '../jobs/job-worker.ts';
import { createManualClock } from '../platform/clock.ts';
import { hasSandboxTools, SANDBOX_NAMES } from '../platform/deployment-mode.ts';
import { chooseProvider, chooseProviders, kindVariable, PROVIDER_KIND_NAMES, PROVIDER_KINDS, type ProviderKind } from './provider-kinds.ts';
import { createProviders } from './registry.ts';

/** A valid value for every setting a real vendor requires. */
const SETTINGS: Record<string, string> = {
  SMTP_URL: 'smtp://relay.example.test:587',
  IPINFO_TOKEN: 'ipinfo-test-token',
  RECAPTCHA_SECRET: 'recaptcha-test-secret',
  RECAPTCHA_SITE_KEY: 'recaptcha-test-site-key',
  SUMSUB_APP_TOKEN: 'sumsub-test-app-token',
  SUMSUB_SECRET_KEY: 'sumsub-test-secret-key',
  SUMSUB_WEBHOOK_SECRET: 'sumsub-test-webhook-secret',
  CHECKOUT_SECRET_KEY: 'sk_sbox_test',
  CHECKOUT_PUBLIC_KEY: 'pk_sbox_test',
  CHECKOUT_WEBHOOK_SECRET: 'checkout-webhook-signature-key',
  PUBLIC_URL: 'https://pay.example.test',
  BITGO_ACCESS_TOKEN: 'bitgo-test-token',
  BITGO_EXPRESS_URL: 'http://127.0.0.1:9',
  BITGO_WALLET_PASSPHRASE: 'bitgo-test-passphrase',
  BITGO_WALLET_IDS: 'BTC=0123456789abcdef0123456789abcdef',
  CHAINALYSIS_API_KEY: 'chainalysis-test-key',
  CLEAR_JUNCTION_API_KEY: '730ee406-817e-11e7-bb31-be2e44b06b34',
  CLEAR_JUNCTION_API_PASSWORD: 'clear-junction-test-password',
  CLEAR_JUNCTION_WALLET_UUID: '348e11ab-dbfb-4ae8-99e7-349b00868f6f',
  KLARNA_USERNAME: 'PK12345_test',
  KLARNA_PASSWORD: 'klarna-test-password',
  KLARNA_API_URL: 'https://api.playground.klarna.com',
  OAUTH_ISSUER_URL: 'https://accounts.example.test',
  OAUTH_CLIENT_ID: 'causeway-client',
  OAUTH_CLIENT_SECRET: 'oauth-test-client-secret',
  ZENDESK_URL: 'https://causeway.zendesk.com',
  ZENDESK_EMAIL: 'agent@causeway.test',
  ZENDESK_API_TOKEN: 'zendesk-test-token',
  ZENDESK_SOURCE_FIELD_ID: '360000000001',
  S3_BUCKET: 'causeway-docs',
  I18N_HOST: 'https://i18n.example.test',
  I18N_API_KEY: 'i18n-test-key',
};
const requiredBy = (kind: ProviderKind, vendor: string): readonly string[] =>
  (PROVIDER_KINDS[kind].requires as Record<string, readonly string[]>)[vendor] ?? [];
/** What a vendor's own checks want beyond its required settings (Checkout.com: a processing channel, checkout-environment.ts). */
const CHECKED_SETTINGS: Record<string, Record<string, string>> = {
  checkout: { CHECKOUT_PROCESSING_CHANNEL_ID: 'pc_q4dbxom5jbgudnjzjpz7j2z6uq' },
};
const settingsFor = (kind: ProviderKind, vendor: string) => ({
  ...Object.fromEntries(requiredBy(kind, vendor).map((name) => [name, SETTINGS[name]!])),
  ...CHECKED_SETTINGS[vendor],
});
/** Every real vendor chosen by its `<KIND>_PROVIDER`, with what it needs. */
const EVERY_REAL_VENDOR: Record<string, string> = Object.assign(
  {},
  ...PROVIDER_KIND_NAMES.map((kind) => {
    const vendor = PROVIDER_KINDS[kind].vendors[1];
    return { [kindVariable(kind)]: vendor, ...settingsFor(kind, vendor) };
  }),
);

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

describe('the provider registry: one rule chooses every kind', () => {
  it('declares the fifteen kinds, each with its <KIND>_PROVIDER variable', () => {
    expect(PROVIDER_KIND_NAMES.map(kindVariable)).toEqual([
      'MAIL_PROVIDER',
      'GEO_PROVIDER',
      'BOT_CHECK_PROVIDER',
      'KYC_PROVIDER',
      'KYB_PROVIDER',
      'PRICES_PROVIDER',
      'CARD_PROCESSOR_PROVIDER',
      'CHAIN_PROVIDER',
      'BANK_PROVIDER',
      'ADDRESS_SCREENING_PROVIDER',
      'KLARNA_PROVIDER',
      'OAUTH_PROVIDER',
      'HELP_DESK_PROVIDER',
      'STORAGE_PROVIDER',
      'TRANSLATIONS_PROVIDER',
    ]);
    // ALLOW_SANDBOX's names are the kinds with a sandbox, in the same order.
    expect(SANDBOX_NAMES).toEqual([
      'mail',
      'geo',
      'bot-check',
      'kyc',
      'kyb',
      'prices',
      'card-processor',
      'chain',
      'bank',
      'address-screening',
      'klarna',
      'oauth',
    ]);
  });

  it('runs the offline vendor of every kind when nothing chooses', () => {
    expect(chooseProviders(loadConfig({}))).toEqual({
      mail: 'sandbox',
      geo: 'sandbox',
      'bot-check': 'sandbox',
      kyc: 'sandbox',
      kyb: 'sandbox',
      prices: 'sandbox',
      'card-processor': 'sandbox',
      chain: 'sandbox',
      bank: 'sandbox',
      'address-screening': 'sandbox',
      klarna: 'sandbox',
      oauth: 'sandbox',
      'help-desk': 'builtin',
      storage: 'local',
      translations: 'bundled',
    });
  });

  it.each(PROVIDER_KIND_NAMES.flatMap((kind) => PROVIDER_KINDS[kind].vendors.map((vendor) => [kind, vendor] as const)))(
    '%s: <KIND>_PROVIDER=%s chooses it',
    (kind, vendor) => {
      const config = loadConfig({ [kindVariable(kind)]: vendor, ...settingsFor(kind, vendor) });
      expect(chooseProvider(config, kind)).toEqual({ vendor, chosenBy: kindVariable(kind), because: `${kindVariable(kind)} is ${vendor}` });
    },
  );

  it.each([
    ['card-processor', { CARD_PROCESSOR: 'checkout', ...settingsFor('card-processor', 'checkout') }, 'checkout', 'CARD_PROCESSOR'],
    ['prices', { PRICE_FEED: 'kraken' }, 'kraken', 'PRICE_FEED'],
    ['address-screening', { ADDRESS_SCREENING: 'chainalysis', CHAINALYSIS_API_KEY: 'key' }, 'chainalysis', 'ADDRESS_SCREENING'],
    ['help-desk', { HELP_DESK: 'zendesk', ...settingsFor('help-desk', 'zendesk') }, 'zendesk', 'HELP_DESK'],
    ['mail', { SMTP_URL: SETTINGS.SMTP_URL! }, 'smtp', 'SMTP_URL'],
    ['geo', { IPINFO_TOKEN: 'token' }, 'ipinfo', 'IPINFO_TOKEN'],
    ['bot-check', settingsFor('bot-check', 'recaptcha'), 'recaptcha', 'RECAPTCHA_SECRET'],
    ['kyc', settingsFor('kyc', 'sumsub'), 'sumsub', 'SUMSUB_APP_TOKEN'],
    ['kyb', settingsFor('kyb', 'sumsub'), 'sumsub', 'SUMSUB_APP_TOKEN'],
    ['storage', { S3_BUCKET: 'causeway-docs' }, 's3', 'S3_BUCKET'],
    ['translations', settingsFor('translations', 'remote'), 'remote', 'I18N_HOST'],
  ] as const)('%s: the older way still chooses (%j)', (kind, env, vendor, chosenBy) => {
    expect(chooseProvider(loadConfig(env), kind)).toMatchObject({ vendor, chosenBy });
  });

  it('lets <KIND>_PROVIDER win over a vendor setting, and accepts it beside an older variable that agrees', () => {
    const config = loadConfig({
      MAIL_PROVIDER: 'sandbox',
      SMTP_URL: SETTINGS.SMTP_URL!,
      STORAGE_PROVIDER: 'local',
      S3_BUCKET: 'causeway-docs',
    });
    expect(chooseProviders(config)).toMatchObject({ mail: 'sandbox', storage: 'local' });
    // The sandbox mailbox is the one in use, so the sandbox tools stay; MAIL_PROVIDER=smtp takes them away like SMTP_URL.
    expect(hasSandboxTools(config)).toBe(true);
    expect(hasSandboxTools(loadConfig({ MAIL_PROVIDER: 'smtp', SMTP_URL: SETTINGS.SMTP_URL! }))).toBe(false);
    expect(chooseProvider(loadConfig({ PRICES_PROVIDER: 'kraken', PRICE_FEED: 'kraken' }), 'prices').vendor).toBe('kraken');
  });

  it('refuses a value that is no vendor of the kind, naming the vendors', () => {
    expect(
      problemsOf({ MAIL_PROVIDER: 'postfix', HELP_DESK_PROVIDER: 'sandbox', CARD_PROCESSOR: 'stripe', STORAGE_PROVIDER: 'S3' }),
    ).toEqual([
      'MAIL_PROVIDER="postfix": must be sandbox or smtp',
      'CARD_PROCESSOR="stripe": must be sandbox or checkout',
      'HELP_DESK_PROVIDER="sandbox": must be builtin or zendesk',
      'STORAGE_PROVIDER="S3": must be local or s3',
    ]);
  });

  it('refuses a <KIND>_PROVIDER that disagrees with the older variable of the same kind', () => {
    expect(problemsOf({ CARD_PROCESSOR_PROVIDER: 'sandbox', CARD_PROCESSOR: 'checkout' })).toEqual([
      'CARD_PROCESSOR_PROVIDER="sandbox": disagrees with CARD_PROCESSOR=checkout, the older name of the same choice: set only CARD_PROCESSOR_PROVIDER',
    ]);
  });

  it.each(PROVIDER_KIND_NAMES.flatMap((kind) => PROVIDER_KINDS[kind].vendors.map((vendor) => [kind, vendor] as const)))(
    '%s: choosing %s without its settings stops the boot, naming each missing one (values hidden when secret)',
    (kind, vendor) => {
      const variable = kindVariable(kind);
      expect(problemsOf({ [variable]: vendor })).toEqual(
        requiredBy(kind, vendor).map((name) =>
          expect.stringMatching(new RegExp(`^${name}=(""|\\(value hidden\\)): must be set when ${variable} is ${vendor}$`)),
        ),
      );
    },
  );

  it('keeps the older messages for the older ways of choosing', () => {
    expect(problemsOf({ CARD_PROCESSOR: 'checkout', PUBLIC_URL: 'https://pay.example.test' })).toEqual([
      'CHECKOUT_SECRET_KEY=(value hidden): must be set when CARD_PROCESSOR is checkout',
      'CHECKOUT_PUBLIC_KEY="": must be set when CARD_PROCESSOR is checkout',
      'CHECKOUT_WEBHOOK_SECRET=(value hidden): must be set when CARD_PROCESSOR is checkout',
    ]);
    expect(problemsOf({ SUMSUB_SECRET_KEY: 'secret' })).toEqual([
      'SUMSUB_APP_TOKEN=(value hidden): must be set when SUMSUB_SECRET_KEY is set',
      'SUMSUB_WEBHOOK_SECRET=(value hidden): must be set when SUMSUB_SECRET_KEY is set',
    ]);
    expect(problemsOf({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toEqual(['S3_BUCKET="": must be set when S3_ENDPOINT is set']);
    expect(problemsOf({ I18N_HOST: 'https://i18n.example.test' })).toEqual([
      'I18N_API_KEY=(value hidden): must be set when I18N_HOST is set',
    ]);
  });

  it('in production, refuses a sandbox chosen by <KIND>_PROVIDER on that variable, saying what to set instead', () => {
    const production = { CAUSEWAY_ENV: 'production', SECRET_KEY: 'x'.repeat(32), PUBLIC_URL: 'https://pay.example.test' };
    const others = SANDBOX_NAMES.filter((name) => name !== 'mail').join(',');
    expect(problemsOf({ ...production, ALLOW_SANDBOX: others, MAIL_PROVIDER: 'sandbox', SMTP_URL: SETTINGS.SMTP_URL! })).toEqual([
      'MAIL_PROVIDER="sandbox": the sandbox mail is refused in production: set MAIL_PROVIDER=smtp with SMTP_URL, or allow it with ALLOW_SANDBOX=mail',
    ]);
    expect(problemsOf({ ...production, ...EVERY_REAL_VENDOR })).toEqual([]);
  });
});

describe('createProviders', () => {
  const clock = createManualClock();
  const deps = {
    // Nothing is read or written while the providers are built.
    db: {} as Database,
    clock,
    serverSecret: Buffer.alloc(32, 7),
    queue: {} as JobQueueRepository,
    worker: { register: () => {} } as unknown as JobWorker,
    publicUrl: '',
    cardFingerprintKey: Buffer.alloc(32, 1),
    deliverKycWebhook: async () => 200,
    deliverKybWebhook: async () => 200,
    deliverCardWebhook: async () => 200,
  };
  const kindsBuilt = (config: Config) => {
    const providers = createProviders(config, deps);
    return Object.fromEntries(PROVIDER_KIND_NAMES.map((kind) => [kind, providers[kind].provider.kind]));
  };

  it('builds every offline vendor, with the handle app.ts serves its pages with where it has some', () => {
    const providers = createProviders(loadConfig({}), deps);
    expect(kindsBuilt(loadConfig({}))).toEqual(chooseProviders(loadConfig({})));
    for (const kind of ['kyc', 'card-processor', 'bank', 'klarna', 'storage'] as const)
      expect(providers[kind].selfHosted).toBe(providers[kind].provider);
    expect(providers.mail.selfHosted).toBeDefined();
    expect(providers['help-desk'].selfHosted).toBeDefined();
    for (const kind of ['geo', 'bot-check', 'kyb', 'prices', 'chain', 'address-screening', 'translations'] as const)
      expect(providers[kind].selfHosted).toBeUndefined();
  });

  it('keeps the sandbox identity provider (anyone signs in as any address) off where the sandbox tools are: real mail outside production', () => {
    expect(createProviders(loadConfig({}), deps).oauth.provider.kind).toBe('sandbox');
    const realMail = createProviders(loadConfig({ SMTP_URL: 'smtp://mail.example.test:587' }), deps);
    expect(realMail.oauth.provider.kind).toBe('none');
    expect(realMail.oauth.selfHosted).toBeUndefined();
  });

  it('builds every real vendor, none with a handle of ours', () => {
    const config = loadConfig(EVERY_REAL_VENDOR);
    expect(kindsBuilt(config)).toEqual(chooseProviders(config));
    const providers = createProviders(config, deps);
    for (const kind of PROVIDER_KIND_NAMES) expect(providers[kind].selfHosted, kind).toBeUndefined();
  });

  it('looks again at what it built: a sandbox production did not allow stops the boot', () => {
    const allowed = loadConfig({
      CAUSEWAY_ENV: 'production',
      SECRET_KEY: 'x'.repeat(32),
      PUBLIC_URL: 'https://pay.example.test',
      ALLOW_SANDBOX: 'all',
    });
    expect(() =>
      createProviders(
        { ...allowed, ALLOW_SANDBOX: ['mail', 'geo', 'bot-check', 'kyc', 'kyb', 'prices', 'chain', 'bank', 'klarna', 'oauth'] },
        deps,
      ),
    ).toThrow(/2 bad variable\(s\)[\s\S]*the sandbox card-processor is refused[\s\S]*the sandbox address-screening is refused/);
  });
});

describe('the README', () => {
  it('lists every <KIND>_PROVIDER variable with its vendors', () => {
    const readme = fs.readFileSync(path.join(paths.repoRoot, 'README.md'), 'utf8');
    for (const kind of PROVIDER_KIND_NAMES) {
      const row = readme.split('\n').find((line) => line.startsWith(`| \`${kindVariable(kind)}\``));
      expect(row, kindVariable(kind)).toBeDefined();
      for (const vendor of PROVIDER_KINDS[kind].vendors) expect(row, kindVariable(kind)).toContain(`\`${vendor}\``);
    }
  });
});
