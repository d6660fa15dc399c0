import { isSafeLinkUrl, vaspInfoSchema } from '@causeway/contracts';
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_TRANSLATIONS_API_KEY } from '@causeway/translations';
import { z } from 'zod';
import { CAUSEWAY_ENVS, isProduction, parseAllowSandbox, productionProblems, SANDBOX_NAMES } from './platform/deployment-mode.ts';
import { checkoutSettingsProblems } from './providers/card-processor/checkout-environment.ts';
import { chooseProvider, providerProblems, providerVariablesShape } from './providers/provider-kinds.ts';

const serverRoot = fileURLToPath(new URL('..', import.meta.url));
const repoRoot = path.resolve(serverRoot, '../..');

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0'], { message: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1');

/** An IPv4 or IPv6 address, with an optional CIDR prefix length. */
const isAddressOrCidr = (text: string): boolean => {
  const [address = '', prefix, ...rest] = text.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
};

/**
 * TRUST_PROXY: false, true (every hop trusted: the client address is X-Forwarded-For's leftmost
 * entry, which the client writes itself unless the proxy overwrites the header), or the proxies'
 * addresses or CIDRs, comma-separated (the client address is the last one before them, which the
 * client cannot choose). Every per-IP limit counts that address.
 */
const trustProxyFromEnv = z.string().transform((text, context): boolean | string[] => {
  if (['true', '1'].includes(text)) return true;
  if (['false', '0'].includes(text)) return false;
  const proxies = text.split(',').map((entry) => entry.trim());
  if (proxies.every(isAddressOrCidr)) return proxies;
  context.addIssue({ code: 'custom', message: "must be true, false, or the proxies' addresses or CIDRs, comma-separated" });
  return z.NEVER;
});

/** One CSP source: 'self', 'none', or an http(s) origin with an optional leading wildcard label. */
const cspSource = /^('self'|'none'|https?:\/\/(\*\.)?[a-z0-9.-]+(:\d{1,5})?)$/i;

/**
 * A legal page of the operator's own: an http(s) URL (https in production, see the refinement
 * below), or a path of this site (/terms.html), where `{lng}` stands for the page language (en or
 * zh). It goes into links and redirects as it is: isSafeLinkUrl is the rule, the same one every
 * menu link from the database passes before get-links hands it on.
 */
const legalPageUrl = z
  .string()
  .refine(isSafeLinkUrl, {
    message:
      'must be an http(s):// URL (https:// in production) or a path of this site such as /terms.html ({lng} stands for the language: en or zh)',
  })
  .optional();
const LEGAL_PAGE_VARIABLES = ['TERMS_URL', 'PRIVACY_URL', 'COOKIES_URL'] as const;

/**
 * The whole environment the server reads, parsed once at boot. Every variable is listed in the
 * README with its default. A bad value stops the boot with a message naming every bad variable.
 */
export const configSchema = z
  .object({
    /** The switch between sandbox and production (platform/deployment-mode.ts); NODE_ENV changes nothing about it. */
    CAUSEWAY_ENV: z.enum(CAUSEWAY_ENVS, { message: 'must be sandbox or production' }).default('sandbox'),
    /** In production: the sandbox providers allowed to run, by name (`mail,kyc,…`) or `all`. Ignored in sandbox mode. */
    ALLOW_SANDBOX: z
      .string()
      .default('')
      .transform((text, context) => {
        const { names, unknown } = parseAllowSandbox(text);
        if (unknown.length > 0)
          context.addIssue({
            code: 'custom',
            message: `unknown name(s) ${unknown.join(', ')}: use all, or some of ${SANDBOX_NAMES.join(', ')}`,
          });
        return names;
      }),
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    /** In production: a cheap authenticated call to each configured vendor before listening (providers/boot-checks.ts); `off` for an air-gapped boot. */
    BOOT_CHECKS: z.enum(['on', 'off'], { message: 'must be on or off' }).default('on'),
    /**
     * Each provider kind's vendor: `<KIND>_PROVIDER` (MAIL_PROVIDER=smtp, CARD_PROCESSOR_PROVIDER=checkout, ...)
     * and the older variables still accepted (CARD_PROCESSOR, PRICE_FEED, ADDRESS_SCREENING, HELP_DESK),
     * all unset by default: the registry (providers/provider-kinds.ts) reads them with the vendors' settings.
     */
    ...providerVariablesShape(),
    HOST: z.string().min(1).default('127.0.0.1'),
    PORT: z.coerce.number({ message: 'must be a port number' }).int().min(0).max(65535).default(8080),
    PUBLIC_URL: z.url({ message: 'must be an absolute URL such as https://pay.example.com' }).optional(),
    DATA_DIR: z.string().min(1).default('./.data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIST: z.string().min(1).default(path.join(repoRoot, 'apps/web/dist')),
    FRAME_ANCESTORS: z
      .string()
      .default("'self'")
      .refine(
        (value) =>
          value
            .split(/\s+/)
            .filter(Boolean)
            .every((source) => cspSource.test(source)),
        {
          message: "must be space-separated origins (https://shop.example.com), 'self' or 'none'",
        },
      ),
    TRANSLATIONS_API_KEY: z.string().min(8, 'must be at least 8 characters').default(DEFAULT_TRANSLATIONS_API_KEY),
    I18N_HOST: z.url({ message: 'must be an http(s) URL of the i18n host' }).optional(),
    I18N_API_KEY: z.string().min(1).optional(),
    SECRET_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().min(3).default('Causeway <no-reply@causeway.example>'),
    SANDBOX_GEO_COUNTRY: z
      .string()
      .regex(/^[A-Z]{2}$/, 'must be a two-letter country code')
      .default('DE'),
    IPINFO_TOKEN: z.string().min(1).optional(),
    RECAPTCHA_SECRET: z.string().min(1).optional(),
    /** The public half of the reCAPTCHA pair: the browser needs it to get the token the secret verifies. */
    RECAPTCHA_SITE_KEY: z.string().min(1).optional(),
    TRUST_PROXY: trustProxyFromEnv.default(false),
    /** The verification level applicants are created at (a Sumsub level name). */
    KYC_LEVEL_NAME: z
      .string()
      .regex(/^[\w-]{1,64}$/, 'must be a level name: letters, digits, _ and -')
      .default('basic-kyc-level'),
    /** docs/rules/entities.md kycFlowVersion of new profiles: V1 the vendor's hosted step, V2 our own document step (docsverification). */
    KYC_FLOW_VERSION: z.enum(['V1', 'V2']).default('V1'),
    /** docs/sandbox.md: how long the sandbox vendor waits before a Pass. */
    SANDBOX_KYC_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(2000),
    /** The business verification level company applicants are created at (a Sumsub KYB level name). */
    KYB_LEVEL_NAME: z
      .string()
      .regex(/^[\w-]{1,64}$/, 'must be a level name: letters, digits, _ and -')
      .default('basic-kyb-level'),
    /** Sumsub only: the applicant action level that reviews the enhanced due diligence answers (providers/kyb/sumsub-kyb.ts). */
    SUMSUB_KYB_EDD_LEVEL_NAME: z
      .string()
      .regex(/^[\w-]{1,64}$/, 'must be a level name: letters, digits, _ and -')
      .default('kyb-edd-level'),
    /** docs/sandbox.md: how long the sandbox KYB reviewer takes to decide. */
    SANDBOX_KYB_REVIEW_MS: z.coerce.number().int().min(0).max(600_000).default(2000),
    SUMSUB_APP_TOKEN: z.string().min(1).optional(),
    SUMSUB_SECRET_KEY: z.string().min(1).optional(),
    SUMSUB_WEBHOOK_SECRET: z.string().min(1).optional(),
    /**
     * Also take Sumsub webhooks signed with SHA-1 (HMAC_SHA1_HEX, or no X-Payload-Digest-Alg header,
     * older webhooks' signing): off, they are refused, and each refusal is logged with the fix.
     * A warning is logged at every boot while it is on (configWarnings).
     */
    SUMSUB_WEBHOOK_ALLOW_SHA1: booleanFromEnv.default(false),
    SUMSUB_BASE_URL: z.url({ message: 'must be an https URL such as https://api.sumsub.com' }).optional(),
    /** How often the outbox worker looks for due jobs; 0 turns the timer off (tests drain by hand). */
    JOB_POLL_MS: z.coerce.number().int().min(0).max(60_000).default(250),
    /** How long a worker holds a claimed job; a crashed process's jobs are due again after it. Longer than the slowest step (a custody send may take 60 s), or a second process could run it too. */
    JOB_LEASE_MS: z.coerce.number().int().min(1000).max(600_000).default(120_000),
    /** How many jobs a worker runs at once (each waits on the database or a provider most of its run). */
    JOB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
    /** docs/sandbox.md: the seed of the sandbox's deterministic price walk. */
    SANDBOX_PRICE_SEED: z.string().min(1).max(64).default('causeway'),
    /** A real feed never quotes from a price older than this. */
    PRICE_MAX_AGE_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
    KRAKEN_API_URL: z.url({ message: 'must be an https URL such as https://api.kraken.com' }).optional(),
    CHECKOUT_SECRET_KEY: z.string().min(1).optional(),
    CHECKOUT_PUBLIC_KEY: z.string().min(1).optional(),
    CHECKOUT_BASE_URL: z.url({ message: 'must be an https URL such as https://api.checkout.com' }).optional(),
    CHECKOUT_PROCESSING_CHANNEL_ID: z
      .string()
      .regex(/^pc_\w{26}$/, 'must be a Checkout.com processing channel id: pc_ and 26 letters or digits')
      .optional(),
    /** The operator states the secret key is tied to one processing channel: CHECKOUT_PROCESSING_CHANNEL_ID may then be unset. */
    CHECKOUT_SINGLE_CHANNEL_KEY: booleanFromEnv.default(false),
    /** The signature key of the Checkout.com workflow's webhook action (Cko-Signature). */
    CHECKOUT_WEBHOOK_SECRET: z.string().min(16, 'must be the webhook signature key (at least 16 characters)').optional(),
    /** Card payouts (selling): the Checkout.com currency account they are paid from, and Visa's funds transfer type. */
    CHECKOUT_PAYOUT_CURRENCY_ACCOUNT_ID: z
      .string()
      .regex(/^ca_\w{26}$/, 'must be a Checkout.com currency account id: ca_ and 26 letters or digits')
      .optional(),
    CHECKOUT_PAYOUT_FUNDS_TRANSFER_TYPE: z
      .string()
      .regex(/^[A-Z]{2}$/, 'must be a two-letter funds transfer type such as AA or FD')
      .optional(),
    /** How long the sandbox's slow payout card (4000 0000 0000 0077) stays PENDING. */
    SANDBOX_SLOW_PAYOUT_MS: z.coerce.number().int().min(0).max(86_400_000).default(120_000),
    SANDBOX_CHAIN_CONFIRM_MS: z.coerce.number().int().min(0).max(600_000).default(3000),
    /** One block time for every sandbox network (unset: each network's own, Bitcoin's ten minutes included). */
    SANDBOX_CHAIN_BLOCK_MS: z.coerce.number().int().min(100).max(3_600_000).optional(),
    /** docs/sandbox.md "Bank": how long a sandbox bank payment stays PENDING before it is SETTLED. */
    SANDBOX_BANK_SETTLE_MS: z.coerce.number().int().min(0).max(600_000).default(3000),
    /** docs/rules/bank-transfers.md: how often the bank's credits of the last 3 days are read again, behind its webhooks. */
    BANK_POLL_MS: z.coerce.number().int().min(1000).max(86_400_000).default(300_000),
    /** Clear Junction's API user (X-API-KEY, a UUID) and its password, which only signs requests and is never sent. */
    CLEAR_JUNCTION_API_KEY: z.string().min(1).optional(),
    CLEAR_JUNCTION_API_PASSWORD: z.string().min(1).optional(),
    /** The Clear Junction wallet payouts are paid from and virtual IBANs credit. */
    CLEAR_JUNCTION_WALLET_UUID: z
      .string()
      .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'must be the wallet UUID Clear Junction issued')
      .optional(),
    /** The host Clear Junction issued: https://client.clearjunction.com (the default), https://sandbox.clearjunction.com to test. Signed requests go there, so https only. */
    CLEAR_JUNCTION_API_URL: z
      .url({ message: 'must be an https URL such as https://client.clearjunction.com' })
      .refine((url) => url.startsWith('https://'), { message: 'must be an https URL such as https://client.clearjunction.com' })
      .optional(),
    /** Whether we approve each payout we create (true), or leave approval to Clear Junction's dashboard (false). */
    CLEAR_JUNCTION_APPROVE_PAYOUTS: booleanFromEnv.default(true),
    /** A payout still of unknown outcome this long after its first try waits for an operator (step PAYOUT_REVIEW); 4 hours. */
    PAYOUT_CONFIRM_DEADLINE_MS: z.coerce
      .number()
      .int()
      .min(60_000)
      .max(7 * 24 * 60 * 60 * 1000)
      .default(4 * 60 * 60 * 1000),
    BITGO_ACCESS_TOKEN: z.string().min(1).optional(),
    BITGO_EXPRESS_URL: z.url({ message: 'must be the http(s) URL of BitGo Express' }).optional(),
    BITGO_WALLET_PASSPHRASE: z.string().min(1).optional(),
    /** Which BitGo wallet pays out on each network, e.g. `BTC=abc123,ETH=def456`. */
    BITGO_WALLET_IDS: z
      .string()
      .regex(/^([A-Z0-9]{2,16}=[\w-]+)(,[A-Z0-9]{2,16}=[\w-]+)*$/, 'must be NETWORK=walletId pairs separated by commas')
      .optional(),
    /** The BitGo enterprise's webhook secret (POST /api/v2/webhook/secret): transfer webhooks are verified with it, refused without it. */
    BITGO_WEBHOOK_SECRET: z.string().min(1).optional(),
    CHAINALYSIS_API_KEY: z.string().min(1).optional(),
    CHAINALYSIS_API_URL: z.url({ message: 'must be an https URL such as https://public.chainalysis.com' }).optional(),
    /** Klarna's API credentials (Merchant portal: Settings, Klarna API keys): HTTP Basic username and password. */
    KLARNA_USERNAME: z.string().min(1).optional(),
    KLARNA_PASSWORD: z.string().min(1).optional(),
    /** Klarna's API base: https://api.playground.klarna.com to test, https://api.klarna.com (or -na, -oc) live. Credentials go there, so https only. */
    KLARNA_API_URL: z
      .url({ message: 'must be an https URL such as https://api.playground.klarna.com' })
      .refine((url) => url.startsWith('https://'), { message: 'must be an https URL such as https://api.playground.klarna.com' })
      .optional(),
    /**
     * OAUTH_PROVIDER=oidc: the OpenID Connect provider's issuer (its discovery document is this plus
     * /.well-known/openid-configuration). https, or http on a loopback address (a provider on this machine).
     */
    OAUTH_ISSUER_URL: z
      .url({ message: 'must be the https URL of an OpenID Connect issuer such as https://accounts.example.com' })
      .refine((url) => url.startsWith('https://') || /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?(\/|$)/.test(url), {
        message: 'must be an https URL (http only on localhost)',
      })
      .optional(),
    /** The client registered at the identity provider: its id and secret. */
    OAUTH_CLIENT_ID: z.string().min(1).optional(),
    OAUTH_CLIENT_SECRET: z.string().min(1).optional(),
    /** How the token call authenticates the client; unset, client_secret_basic unless the provider lists only client_secret_post. */
    OAUTH_TOKEN_AUTH_METHOD: z
      .enum(['client_secret_basic', 'client_secret_post'], { message: 'must be client_secret_basic or client_secret_post' })
      .optional(),
    /** The scopes asked for: openid and the email, which sign-in needs. */
    OAUTH_SCOPE: z
      .string()
      .regex(/^[\x21\x23-\x5b\x5d-\x7e]+( [\x21\x23-\x5b\x5d-\x7e]+)*$/, 'must be scopes separated by single spaces')
      .refine((scope) => scope.split(' ').includes('openid'), { message: 'must include openid' })
      .default('openid email profile'),
    /** The provider's name on the sign-in pages' button ("Continue with Binance"). */
    OAUTH_DISPLAY_NAME: z.string().trim().min(1).max(40, 'must be at most 40 characters').default('Binance'),
    ZENDESK_URL: z.url({ message: 'must be your Zendesk address such as https://yourcompany.zendesk.com' }).optional(),
    ZENDESK_EMAIL: z.email({ message: 'must be the email of the Zendesk agent the API token belongs to' }).optional(),
    ZENDESK_API_TOKEN: z.string().min(1).optional(),
    /**
     * With the built-in desk: the password of /sandbox/help-desk (HTTP Basic). Needed to see tickets on
     * an install that is not a sandbox; unset, that page takes OPERATOR_PASSWORD instead.
     */
    HELP_DESK_OPERATOR_PASSWORD: z.string().min(12, 'must be at least 12 characters').optional(),
    /**
     * The password (HTTP Basic) of the operator pages: /operator/orders-awaiting-review, and the help
     * desk's tickets unless HELP_DESK_OPERATOR_PASSWORD is set. Needed for them on an install that is not a sandbox.
     */
    OPERATOR_PASSWORD: z.string().min(12, 'must be at least 12 characters').optional(),
    /** The id of the ticket field that says where a ticket came from (tickets_from_widget or feedbacks_from_widget). */
    ZENDESK_SOURCE_FIELD_ID: z.coerce.number().int().positive().optional(),
    /** Whether the travel rule (GTR) asks for the receiving VASP on payouts (gtr-enabled). */
    GTR_ENABLED: booleanFromEnv.default(false),
    /** The travel-rule VASP directory (list-vasp-info) as a JSON list of {vaspId, name, country, website}; empty by default (docs/rules/entities.md). */
    TRAVEL_RULE_VASPS: z
      .string()
      .default('[]')
      .transform((text, context) => {
        try {
          const parsed = z.array(vaspInfoSchema).safeParse(JSON.parse(text));
          if (parsed.success) return parsed.data;
        } catch {
          // not JSON: reported below
        }
        context.addIssue({ code: 'custom', message: 'must be a JSON list of {vaspId, name, country, website}' });
        return z.NEVER;
      }),
    /** The operator's own terms of use, privacy statement and cookie policy; unset, the built-in pages (/en/legal/terms, ...). */
    TERMS_URL: legalPageUrl,
    PRIVACY_URL: legalPageUrl,
    COOKIES_URL: legalPageUrl,
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
    BODY_LIMIT_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .max(50 * 1024 * 1024)
      .default(1024 * 1024),
    /** Where the local storage keeps uploaded documents; default DATA_DIR/uploads. Unused with S3 storage. */
    UPLOAD_DIR: z.string().min(1).optional(),
    /** Uploaded documents go to this (private) S3 bucket instead of UPLOAD_DIR (setting it chooses STORAGE_PROVIDER=s3). */
    S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name: 3 to 63 lowercase letters, digits, . and -')
      .optional(),
    S3_ENDPOINT: z.url({ message: 'must be the http(s) URL of an S3-compatible service' }).optional(),
    S3_REGION: z
      .string()
      .regex(/^[a-z0-9-]{2,32}$/, 'must be a region name such as eu-west-1')
      .default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: booleanFromEnv.default(false),
  })
  .superRefine((config, context) => {
    // A real provider without what it needs would fail every call (half a reCAPTCHA pair refuses
    // every sign-in, Checkout.com without keys every order): stop the boot and name each missing
    // variable. The issue's path names it, as field issues do.
    for (const { variable, message } of providerProblems(config)) context.addIssue({ code: 'custom', path: [variable], message });
    // Checkout.com's key, base URL and processing channel must agree (checkout-environment.ts).
    if (chooseProvider(config, 'card-processor').vendor === 'checkout')
      for (const { variable, message } of checkoutSettingsProblems(config)) context.addIssue({ code: 'custom', path: [variable], message });
    // S3: the key pair comes both or neither (neither: the SDK's own chain, e.g. an instance role).
    for (const [set, missing] of [
      ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'],
      ['S3_SECRET_ACCESS_KEY', 'S3_ACCESS_KEY_ID'],
    ] as const) {
      if (config[set] && !config[missing]) context.addIssue({ code: 'custom', path: [missing], message: `must be set when ${set} is set` });
    }
    // In production people read the terms they accept over https only: a plain http page could be altered on the way.
    for (const name of LEGAL_PAGE_VARIABLES) {
      if (isProduction(config) && /^http:/i.test(config[name] ?? ''))
        context.addIssue({ code: 'custom', path: [name], message: 'must be an https:// URL or a path of this site in production' });
    }
    // CAUSEWAY_ENV=production: SECRET_KEY, an https PUBLIC_URL, and no sandbox provider ALLOW_SANDBOX does not name.
    for (const { variable, message } of productionProblems(config)) context.addIssue({ code: 'custom', path: [variable], message });
  });

export type Config = z.infer<typeof configSchema>;

/** The variables whose values never reach a message (here, and in the boot checks' messages). */
export const SECRET_VARIABLES: ReadonlySet<string> = new Set([
  'DATABASE_URL',
  'TRANSLATIONS_API_KEY',
  'I18N_API_KEY',
  'SECRET_KEY',
  'SMTP_URL',
  'IPINFO_TOKEN',
  'RECAPTCHA_SECRET',
  'SUMSUB_APP_TOKEN',
  'SUMSUB_SECRET_KEY',
  'SUMSUB_WEBHOOK_SECRET',
  'S3_SECRET_ACCESS_KEY',
  'CHECKOUT_SECRET_KEY',
  'CHECKOUT_WEBHOOK_SECRET',
  'BITGO_ACCESS_TOKEN',
  'BITGO_WALLET_PASSPHRASE',
  'BITGO_WEBHOOK_SECRET',
  'CHAINALYSIS_API_KEY',
  'CLEAR_JUNCTION_API_KEY',
  'CLEAR_JUNCTION_API_PASSWORD',
  'KLARNA_PASSWORD',
  'OAUTH_CLIENT_SECRET',
  'ZENDESK_API_TOKEN',
  'HELP_DESK_OPERATOR_PASSWORD',
  'OPERATOR_PASSWORD',
]);

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Causeway cannot start: the environment has ${problems.length} bad variable(s):\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * What a valid config still gets a warning for at boot (app.ts logs each at warn): a setting that
 * weakens a check, so that it never stays on unnoticed.
 */
export function configWarnings(config: Config): string[] {
  const warnings: string[] = [];
  if (config.SUMSUB_WEBHOOK_ALLOW_SHA1)
    warnings.push(
      "SUMSUB_WEBHOOK_ALLOW_SHA1 is on: KYC and KYB webhooks signed with SHA-1 (HMAC_SHA1_HEX, or no X-Payload-Digest-Alg header) are accepted. Switch the webhook to HMAC_SHA256_HEX in Sumsub's dashboard and remove the setting.",
    );
  return warnings;
}

/** Parses the environment; throws ConfigError naming every bad variable. Empty strings count as unset. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(
    Object.keys(configSchema.shape)
      .map((key) => [key, env[key]] as const)
      .filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = configSchema.safeParse(present);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = String(issue.path[0] ?? 'environment');
    // A bad DATABASE_URL may still hold a password: never echo secret values.
    const shown = SECRET_VARIABLES.has(name) ? '(value hidden)' : JSON.stringify(env[name] ?? '');
    return `${name}=${shown}: ${issue.message}`;
  });
  throw new ConfigError(problems);
}

export const paths = { serverRoot, repoRoot, migrations: path.join(serverRoot, 'drizzle') };
