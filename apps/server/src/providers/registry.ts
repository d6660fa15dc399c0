import path from 'node:path';
import { type Config, ConfigError } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { JobQueueRepository } from '../jobs/job-queue.repository.ts';
import type { JobWorker } from '../jobs/job-worker.ts';
import type { Clock } from '../platform/clock.ts';
import { deriveKey } from '../platform/crypto.ts';
import { hasSandboxTools, isProduction, unallowedSandboxes } from '../platform/deployment-mode.ts';
import { createAddressScreening } from './address-screening/index.ts';
import { createBankProvider } from './bank/index.ts';
import { createRecaptchaBotCheck } from './bot-check/recaptcha.ts';
import { createSandboxBotCheck } from './bot-check/sandbox.ts';
import { createCardProcessor } from './card-processor/index.ts';
import { createChainProvider, parseBitgoWalletIds } from './chain/index.ts';
import { createIpinfoGeo } from './geo/ipinfo.ts';
import { createKlarna } from './klarna/index.ts';
import { createSandboxGeo } from './geo/sandbox.ts';
import { createHelpDesk } from './help-desk/index.ts';
import { createSandboxKyb } from './kyb/sandbox/sandbox-kyb.ts';
import { createSandboxKybRepository } from './kyb/sandbox/sandbox-kyb.repository.ts';
import { createSumsubKyb } from './kyb/sumsub-kyb.ts';
import { createSandboxKyc, type WebhookDelivery } from './kyc/sandbox/sandbox-kyc.ts';
import { createSandboxKycRepository } from './kyc/sandbox/sandbox-kyc.repository.ts';
import { createSumsubKyc } from './kyc/sumsub.ts';
import { createOauth } from './oauth/index.ts';
import { createSandboxMail } from './mail/sandbox.ts';
import { createSandboxOutbox } from './mail/sandbox-outbox.repository.ts';
import { createSmtpMail } from './mail/smtp.ts';
import { createPriceFeed } from './prices/index.ts';
import {
  chooseProvider,
  PROVIDER_KIND_NAMES,
  type ProviderKind,
  SANDBOX_KINDS,
  type SandboxKind,
  type VendorOf,
} from './provider-kinds.ts';
import { createLocalStorage } from './storage/local.ts';
import { createS3Storage } from './storage/s3.ts';
import { createBundledTranslations } from './translations/bundled.ts';
import { createRemoteTranslations } from './translations/remote-host.ts';

/** What the providers are built from, besides the config. */
export interface ProviderDeps {
  db: Database;
  clock: Clock;
  serverSecret: Buffer;
  queue: JobQueueRepository;
  worker: JobWorker;
  /** PUBLIC_URL without its trailing slash, or '' (sandbox pages and article links then stay relative). */
  publicUrl: string;
  /** The key of the sandbox processor's card fingerprints (modules/cards cardFingerprintKey). */
  cardFingerprintKey: Buffer;
  /** How the sandbox KYC vendor posts its webhooks: through our own HTTP intake, signature and all. */
  deliverKycWebhook: WebhookDelivery;
  /** How the sandbox KYB reviewer posts its webhooks: through our own intake (POST /webhooks/kyb), signature and all. */
  deliverKybWebhook: WebhookDelivery;
  /** How the sandbox card processor posts its webhooks: through our own intake (POST /webhooks/sandbox-card), Cko-Signature and all. */
  deliverCardWebhook: WebhookDelivery;
}

/**
 * One kind's provider, and `selfHosted`: the adapter's own handle when it runs inside this server
 * and app.ts serves its pages (the sandbox outbox, 3DS and KYC pages, the local storage's
 * /uploads URLs, the built-in desk's help site and tickets); undefined for an outside vendor.
 */
interface Built<Provider extends { readonly kind: string }, SelfHosted> {
  provider: Provider;
  selfHosted: SelfHosted | undefined;
}
type Factory<K extends ProviderKind> = (
  vendor: VendorOf<K>,
  config: Config,
  deps: ProviderDeps,
) => Built<{ readonly kind: string }, unknown>;

/**
 * One factory per kind, from the vendor the registry chose. Each trusts config.ts, which refused
 * a real vendor without its settings before anything is built (the `?? ''` never applies).
 */
const FACTORIES = {
  // The sandbox outbox is shown to anyone at /sandbox/mailbox: only a sandbox-mode install with it
  // gets the sandbox tools and demo data (deployment-mode.ts hasSandboxTools), and production refuses it unless ALLOW_SANDBOX=mail.
  mail: (vendor, config, deps) => {
    if (vendor === 'smtp')
      return { provider: createSmtpMail({ url: config.SMTP_URL ?? '', from: config.MAIL_FROM }), selfHosted: undefined };
    const outbox = createSandboxOutbox(deps.db);
    return { provider: createSandboxMail(outbox, deps.clock), selfHosted: outbox };
  },

  geo: (vendor, config) => ({
    provider: vendor === 'ipinfo' ? createIpinfoGeo({ token: config.IPINFO_TOKEN ?? '' }) : createSandboxGeo(config.SANDBOX_GEO_COUNTRY),
    selfHosted: undefined,
  }),

  'bot-check': (vendor, config) => ({
    provider: vendor === 'recaptcha' ? createRecaptchaBotCheck({ secret: config.RECAPTCHA_SECRET ?? '' }) : createSandboxBotCheck(),
    selfHosted: undefined,
  }),

  kyc: (vendor, config, deps) => {
    if (vendor === 'sumsub') {
      const provider = createSumsubKyc({
        appToken: config.SUMSUB_APP_TOKEN ?? '',
        secretKey: config.SUMSUB_SECRET_KEY ?? '',
        webhookSecret: config.SUMSUB_WEBHOOK_SECRET ?? '',
        webhookAllowSha1: config.SUMSUB_WEBHOOK_ALLOW_SHA1,
        ...(config.SUMSUB_BASE_URL ? { baseUrl: config.SUMSUB_BASE_URL } : {}),
        now: () => deps.clock.now(),
      });
      return { provider, selfHosted: undefined };
    }
    const sandbox = createSandboxKyc({
      repository: createSandboxKycRepository(deps.db),
      queue: deps.queue,
      worker: deps.worker,
      clock: deps.clock,
      webhookSecret: deriveKey(deps.serverSecret, 'sandbox-kyc-webhook').toString('hex'),
      webhookAllowSha1: config.SUMSUB_WEBHOOK_ALLOW_SHA1,
      accessTokenKey: deriveKey(deps.serverSecret, 'sandbox-kyc-access'),
      shareTokenKey: deriveKey(deps.serverSecret, 'sandbox-kyc-share'),
      passDelayMs: config.SANDBOX_KYC_DELAY_MS,
      deliver: deps.deliverKycWebhook,
    });
    return { provider: sandbox, selfHosted: sandbox };
  },

  // The sandbox reviewer has no page of its own (our onboarding form is its form): nothing for app.ts to serve.
  kyb: (vendor, config, deps) => {
    if (vendor === 'sumsub') {
      const provider = createSumsubKyb({
        appToken: config.SUMSUB_APP_TOKEN ?? '',
        secretKey: config.SUMSUB_SECRET_KEY ?? '',
        webhookSecret: config.SUMSUB_WEBHOOK_SECRET ?? '',
        webhookAllowSha1: config.SUMSUB_WEBHOOK_ALLOW_SHA1,
        eddLevelName: config.SUMSUB_KYB_EDD_LEVEL_NAME,
        ...(config.SUMSUB_BASE_URL ? { baseUrl: config.SUMSUB_BASE_URL } : {}),
        now: () => deps.clock.now(),
      });
      return { provider, selfHosted: undefined };
    }
    const provider = createSandboxKyb({
      repository: createSandboxKybRepository(deps.db),
      queue: deps.queue,
      worker: deps.worker,
      clock: deps.clock,
      webhookSecret: deriveKey(deps.serverSecret, 'sandbox-kyb-webhook').toString('hex'),
      webhookAllowSha1: config.SUMSUB_WEBHOOK_ALLOW_SHA1,
      reviewMs: config.SANDBOX_KYB_REVIEW_MS,
      deliver: deps.deliverKybWebhook,
    });
    return { provider, selfHosted: undefined };
  },

  prices: (vendor, config, deps) => ({
    provider: createPriceFeed({
      kind: vendor,
      clock: deps.clock,
      seed: config.SANDBOX_PRICE_SEED,
      maxAgeMs: config.PRICE_MAX_AGE_MS,
      ...(config.KRAKEN_API_URL ? { krakenBaseUrl: config.KRAKEN_API_URL } : {}),
    }),
    selfHosted: undefined,
  }),

  'card-processor': (vendor, config, deps) => {
    const { provider, sandbox } = createCardProcessor({
      kind: vendor,
      db: deps.db,
      clock: deps.clock,
      publicUrl: deps.publicUrl,
      fingerprintKey: deps.cardFingerprintKey,
      sandboxSlowPayoutMs: config.SANDBOX_SLOW_PAYOUT_MS,
      sandboxWebhooks: {
        queue: deps.queue,
        worker: deps.worker,
        secret: deriveKey(deps.serverSecret, 'sandbox-card-webhook').toString('hex'),
        deliver: deps.deliverCardWebhook,
      },
      ...(config.CHECKOUT_SECRET_KEY && config.CHECKOUT_PUBLIC_KEY
        ? {
            checkout: {
              secretKey: config.CHECKOUT_SECRET_KEY,
              publicKey: config.CHECKOUT_PUBLIC_KEY,
              baseUrl: config.CHECKOUT_BASE_URL,
              processingChannelId: config.CHECKOUT_PROCESSING_CHANNEL_ID,
              webhookSecret: config.CHECKOUT_WEBHOOK_SECRET,
              payoutCurrencyAccountId: config.CHECKOUT_PAYOUT_CURRENCY_ACCOUNT_ID,
              payoutFundsTransferType: config.CHECKOUT_PAYOUT_FUNDS_TRANSFER_TYPE,
            },
          }
        : {}),
    });
    return { provider, selfHosted: sandbox ?? undefined };
  },

  chain: (vendor, config, deps) => ({
    provider: createChainProvider({
      kind: vendor,
      db: deps.db,
      clock: deps.clock,
      sandboxConfirmMs: config.SANDBOX_CHAIN_CONFIRM_MS,
      sandboxBlockMs: config.SANDBOX_CHAIN_BLOCK_MS,
      bitgo: {
        accessToken: config.BITGO_ACCESS_TOKEN,
        baseUrl: config.BITGO_EXPRESS_URL,
        walletPassphrase: config.BITGO_WALLET_PASSPHRASE,
        walletIds: config.BITGO_WALLET_IDS ? parseBitgoWalletIds(config.BITGO_WALLET_IDS) : {},
        webhookSecret: config.BITGO_WEBHOOK_SECRET,
      },
    }),
    selfHosted: undefined,
  }),

  // The sandbox bank is the selfHosted handle: its page (/sandbox/bank) and calls make credits arrive and come back.
  bank: (vendor, config, deps) => {
    const { provider, sandbox } = createBankProvider({
      kind: vendor,
      db: deps.db,
      clock: deps.clock,
      sandboxSettleMs: config.SANDBOX_BANK_SETTLE_MS,
      clearJunction: {
        apiKey: config.CLEAR_JUNCTION_API_KEY,
        apiPassword: config.CLEAR_JUNCTION_API_PASSWORD,
        walletUuid: config.CLEAR_JUNCTION_WALLET_UUID,
        baseUrl: config.CLEAR_JUNCTION_API_URL,
        approvePayouts: config.CLEAR_JUNCTION_APPROVE_PAYOUTS,
        // Clear Junction posts each order's notifications to its postbackUrl: the webhook intake's path for this vendor.
        postbackUrl: deps.publicUrl ? `${deps.publicUrl}/webhooks/clearjunction` : undefined,
      },
    });
    return { provider, selfHosted: sandbox ?? undefined };
  },

  'address-screening': (vendor, config) => ({
    provider: createAddressScreening({
      kind: vendor,
      chainalysisApiKey: config.CHAINALYSIS_API_KEY,
      chainalysisBaseUrl: config.CHAINALYSIS_API_URL,
    }),
    selfHosted: undefined,
  }),

  // The sandbox's widget page (/sandbox/klarna/:sessionId) is what a person's flow passes through: production keeps it only with ALLOW_SANDBOX=klarna.
  klarna: (vendor, config, deps) => {
    const { provider, sandbox } = createKlarna({
      kind: vendor,
      db: deps.db,
      clock: deps.clock,
      publicUrl: deps.publicUrl,
      klarna: { username: config.KLARNA_USERNAME ?? '', password: config.KLARNA_PASSWORD ?? '', baseUrl: config.KLARNA_API_URL ?? '' },
    });
    return { provider, selfHosted: sandbox ?? undefined };
  },

  // The sandbox provider's sign-in page (/sandbox/oauth/authorize) is a page a person's sign-in passes through: production keeps it only with ALLOW_SANDBOX=oauth.
  oauth: (vendor, config, deps) => {
    // The sandbox identity provider signs anyone in as any address they type: only with the sandbox
    // tools (sandbox mode, sandbox mailbox), or where production names it in ALLOW_SANDBOX. Anywhere
    // else (real mail outside production) the button is off rather than an open door.
    const sandboxOpen = hasSandboxTools(config) || (isProduction(config) && config.ALLOW_SANDBOX.includes('oauth'));
    const { provider, sandbox } = createOauth({
      kind: vendor === 'sandbox' && !sandboxOpen ? 'none' : vendor,
      db: deps.db,
      clock: deps.clock,
      serverSecret: deps.serverSecret,
      publicUrl: deps.publicUrl,
      displayName: config.OAUTH_DISPLAY_NAME,
      scope: config.OAUTH_SCOPE,
      oidc: {
        issuer: config.OAUTH_ISSUER_URL ?? '',
        clientId: config.OAUTH_CLIENT_ID ?? '',
        clientSecret: config.OAUTH_CLIENT_SECRET ?? '',
        tokenAuthMethod: config.OAUTH_TOKEN_AUTH_METHOD,
      },
    });
    return { provider, selfHosted: sandbox ?? undefined };
  },

  'help-desk': (vendor, config, deps) => {
    const { provider, builtin } = createHelpDesk({
      kind: vendor,
      db: deps.db,
      clock: deps.clock,
      publicUrl: deps.publicUrl,
      zendesk: {
        url: config.ZENDESK_URL,
        email: config.ZENDESK_EMAIL,
        apiToken: config.ZENDESK_API_TOKEN,
        sourceFieldId: config.ZENDESK_SOURCE_FIELD_ID,
      },
    });
    return { provider, selfHosted: builtin ?? undefined };
  },

  storage: (vendor, config, deps) => {
    const now = () => deps.clock.now();
    if (vendor === 's3') {
      const credentials =
        config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
          : undefined;
      const provider = createS3Storage({
        bucket: config.S3_BUCKET ?? '',
        region: config.S3_REGION,
        forcePathStyle: config.S3_FORCE_PATH_STYLE,
        ...(config.S3_ENDPOINT ? { endpoint: config.S3_ENDPOINT } : {}),
        ...(credentials ? { credentials } : {}),
        now,
      });
      return { provider, selfHosted: undefined };
    }
    const local = createLocalStorage({
      root: config.UPLOAD_DIR ?? path.join(config.DATA_DIR, 'uploads'),
      urlKey: deriveKey(deps.serverSecret, 'upload-url'),
      now,
    });
    return { provider: local, selfHosted: local };
  },

  translations: (vendor, config) => ({
    provider:
      vendor === 'remote'
        ? createRemoteTranslations({ host: config.I18N_HOST ?? '', apiKey: config.I18N_API_KEY ?? '' })
        : createBundledTranslations(),
    selfHosted: undefined,
  }),
} satisfies { [K in ProviderKind]: Factory<K> };

export type Providers = { [K in ProviderKind]: ReturnType<(typeof FACTORIES)[K]> };

/**
 * Every provider, each kind's vendor chosen by the one rule of provider-kinds.ts (the only place
 * that chooses). Then a second look at what was built: a sandbox running in production without
 * ALLOW_SANDBOX stops the boot, should the choice and config.ts's check ever disagree.
 */
export function createProviders(config: Config, deps: ProviderDeps): Providers {
  const build = <K extends ProviderKind>(kind: K) => (FACTORIES[kind] as Factory<K>)(chooseProvider(config, kind).vendor, config, deps);
  const providers = Object.fromEntries(PROVIDER_KIND_NAMES.map((kind) => [kind, build(kind)])) as Providers;
  const built = Object.fromEntries(SANDBOX_KINDS.map((kind): [SandboxKind, { readonly kind: string }] => [kind, providers[kind].provider]));
  const refused = unallowedSandboxes(config, built as Record<SandboxKind, { readonly kind: string }>);
  if (refused.length > 0)
    throw new ConfigError(
      refused.map(
        (name) =>
          `the sandbox ${name} is refused in production (CAUSEWAY_ENV=production): configure the real one, or allow it with ALLOW_SANDBOX=${name}`,
      ),
    );
  return providers;
}
