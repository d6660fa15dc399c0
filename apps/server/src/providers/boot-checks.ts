import { type Config, SECRET_VARIABLES } from '../config.ts';
import { isProduction } from '../platform/deployment-mode.ts';
import { chainalysisBootCheck } from './address-screening/chainalysis-boot-check.ts';
import { clearJunctionBootCheck } from './bank/clear-junction-boot-check.ts';
import { type BootCheck, BootCheckFailure, messageOf } from './boot-check.ts';
import { recaptchaBootCheck } from './bot-check/recaptcha-boot-check.ts';
import { checkoutBootCheck } from './card-processor/checkout-boot-check.ts';
import { bitgoBootCheck } from './chain/bitgo-boot-check.ts';
import { parseBitgoWalletIds } from './chain/bitgo.ts';
import { ipinfoBootCheck } from './geo/ipinfo-boot-check.ts';
import { zendeskBootCheck } from './help-desk/zendesk-boot-check.ts';
import { klarnaBootCheck } from './klarna/klarna-boot-check.ts';
import { sumsubBootCheck } from './kyc/sumsub-boot-check.ts';
import { smtpBootCheck } from './mail/smtp-boot-check.ts';
import { oidcBootCheck } from './oauth/oidc-boot-check.ts';
import { krakenBootCheck } from './prices/kraken-boot-check.ts';
import { chooseProviders } from './provider-kinds.ts';
import { s3BootCheck } from './storage/s3-boot-check.ts';
import { remoteTranslationsBootCheck } from './translations/remote-host-boot-check.ts';

/**
 * The boot checks of a production start (main.ts): one cheap, read-only call per configured outside
 * vendor, all at once, each within its own deadline, so that a wrong key, a key of the other
 * environment or an address not on a vendor's allow list stops the boot with a message saying
 * what to fix, instead of failing the first person's order. config.ts already refused what can be
 * seen without a call (a missing key, a sandbox key with a live URL). BOOT_CHECKS=off skips them (an
 * air-gapped boot); sandbox mode never makes them: its `npm start` calls nothing outside.
 */
export interface BootCheckResult {
  vendor: string;
  ok: boolean;
  /** What was proven, or what is wrong and what to change; never a secret. */
  message: string;
}

export const BOOT_CHECK_TIMEOUT_MS = 10_000;
/** How much longer than the deadline the adapters' own timeouts are: the deadline's message comes first. */
const ADAPTER_GRACE_MS = 1_000;

/** The checks of the real outside vendors the config chose (the offline and self-hosted ones have none). */
export function bootChecksFor(config: Config): BootCheck[] {
  const vendors = chooseProviders(config);
  const checks: BootCheck[] = [];
  if (vendors.mail === 'smtp') checks.push(smtpBootCheck({ url: config.SMTP_URL ?? '' }));
  if (vendors.geo === 'ipinfo') checks.push(ipinfoBootCheck({ token: config.IPINFO_TOKEN ?? '' }));
  if (vendors['bot-check'] === 'recaptcha') checks.push(recaptchaBootCheck({ secret: config.RECAPTCHA_SECRET ?? '' }));
  // KYC and KYB share the Sumsub account and its token pair: one check.
  if (vendors.kyc === 'sumsub' || vendors.kyb === 'sumsub')
    checks.push(
      sumsubBootCheck({
        appToken: config.SUMSUB_APP_TOKEN ?? '',
        secretKey: config.SUMSUB_SECRET_KEY ?? '',
        webhookSecret: config.SUMSUB_WEBHOOK_SECRET ?? '',
        baseUrl: config.SUMSUB_BASE_URL,
        levels: [
          ...(vendors.kyc === 'sumsub' ? [{ name: config.KYC_LEVEL_NAME, variable: 'KYC_LEVEL_NAME' }] : []),
          ...(vendors.kyb === 'sumsub' ? [{ name: config.KYB_LEVEL_NAME, variable: 'KYB_LEVEL_NAME' }] : []),
        ],
      }),
    );
  if (vendors.prices === 'kraken') checks.push(krakenBootCheck({ baseUrl: config.KRAKEN_API_URL }));
  if (vendors['card-processor'] === 'checkout')
    checks.push(
      checkoutBootCheck({
        secretKey: config.CHECKOUT_SECRET_KEY ?? '',
        publicKey: config.CHECKOUT_PUBLIC_KEY ?? '',
        baseUrl: config.CHECKOUT_BASE_URL,
      }),
    );
  if (vendors.chain === 'bitgo')
    checks.push(
      bitgoBootCheck({
        accessToken: config.BITGO_ACCESS_TOKEN ?? '',
        baseUrl: config.BITGO_EXPRESS_URL ?? '',
        walletIds: parseBitgoWalletIds(config.BITGO_WALLET_IDS ?? ''),
      }),
    );
  if (vendors.bank === 'clearjunction')
    checks.push(
      clearJunctionBootCheck({
        apiKey: config.CLEAR_JUNCTION_API_KEY ?? '',
        apiPassword: config.CLEAR_JUNCTION_API_PASSWORD ?? '',
        walletUuid: config.CLEAR_JUNCTION_WALLET_UUID ?? '',
        baseUrl: config.CLEAR_JUNCTION_API_URL,
      }),
    );
  if (vendors['address-screening'] === 'chainalysis')
    checks.push(chainalysisBootCheck({ apiKey: config.CHAINALYSIS_API_KEY ?? '', baseUrl: config.CHAINALYSIS_API_URL }));
  if (vendors.klarna === 'klarna')
    checks.push(
      klarnaBootCheck({
        username: config.KLARNA_USERNAME ?? '',
        password: config.KLARNA_PASSWORD ?? '',
        baseUrl: config.KLARNA_API_URL ?? '',
      }),
    );
  if (vendors.oauth === 'oidc')
    checks.push(
      oidcBootCheck({
        issuer: config.OAUTH_ISSUER_URL ?? '',
        clientId: config.OAUTH_CLIENT_ID ?? '',
        clientSecret: config.OAUTH_CLIENT_SECRET ?? '',
        tokenAuthMethod: config.OAUTH_TOKEN_AUTH_METHOD,
        publicUrl: config.PUBLIC_URL,
      }),
    );
  if (vendors['help-desk'] === 'zendesk')
    checks.push(
      zendeskBootCheck({ url: config.ZENDESK_URL ?? '', email: config.ZENDESK_EMAIL ?? '', apiToken: config.ZENDESK_API_TOKEN ?? '' }),
    );
  if (vendors.storage === 's3')
    checks.push(
      s3BootCheck({
        bucket: config.S3_BUCKET ?? '',
        region: config.S3_REGION,
        endpoint: config.S3_ENDPOINT,
        forcePathStyle: config.S3_FORCE_PATH_STYLE,
        credentials:
          config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
            ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
            : undefined,
      }),
    );
  if (vendors.translations === 'remote')
    checks.push(remoteTranslationsBootCheck({ host: config.I18N_HOST ?? '', apiKey: config.I18N_API_KEY ?? '' }));
  return checks;
}

/**
 * Every secret value of the config, as it could show in a message: each secret variable's value,
 * and the password inside a URL-valued one (SMTP_URL), as written and decoded.
 */
export function secretsOf(config: Config): string[] {
  const values = [...SECRET_VARIABLES]
    .map((name) => config[name as keyof Config])
    .filter((value): value is string => typeof value === 'string');
  const passwords = values.flatMap((value) => {
    if (!URL.canParse(value)) return [];
    const { password } = new URL(value);
    return password ? [password, decodeURIComponent(password)] : [];
  });
  return [...values, ...passwords];
}

/** Cuts each secret out of a text, longest first (a secret may contain a shorter one). Values under 4 characters are no real secret and would cut words. */
function redactor(secrets: readonly string[]): (text: string) => string {
  const sorted = [...new Set(secrets)].filter((secret) => secret.length >= 4).sort((a, b) => b.length - a.length);
  return (text) => sorted.reduce((out, secret) => out.split(secret).join('[redacted]'), text);
}

const DEADLINE = Symbol('deadline');

async function runOne(check: BootCheck, timeoutMs: number, fetchImpl: typeof fetch): Promise<BootCheckResult> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<typeof DEADLINE>((resolve) => {
    timer = setTimeout(() => resolve(DEADLINE), timeoutMs);
  });
  // Every call of the check ends when its time is up, whatever timeout its adapter gave it.
  const bound: typeof fetch = (input, init) =>
    fetchImpl(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, controller.signal]) : controller.signal });
  const seconds = `${Math.round(timeoutMs / 100) / 10} s`;
  try {
    const answer = await Promise.race([
      Promise.resolve().then(() => check.run({ fetch: bound, signal: controller.signal, timeoutMs: timeoutMs + ADAPTER_GRACE_MS })),
      deadline,
    ]);
    if (answer === DEADLINE)
      return {
        vendor: check.vendor,
        ok: false,
        message: `${check.vendor} did not answer within ${seconds} at ${check.target}: check the address, and that this server can reach it (firewall, proxy, DNS)`,
      };
    return { vendor: check.vendor, ok: true, message: `${check.vendor}: ${answer}` };
  } catch (error) {
    const message = error instanceof BootCheckFailure ? error.message : `${check.vendor} could not be checked: ${messageOf(error)}`;
    return { vendor: check.vendor, ok: false, message };
  } finally {
    clearTimeout(timer);
    controller.abort(); // whatever the check still has open (after a deadline) is closed now
  }
}

/** Runs the checks side by side, each within `timeoutMs`; the answers come in the checks' order, every message redacted of `secrets`. */
export async function runBootChecks(
  checks: readonly BootCheck[],
  options: { timeoutMs?: number; secrets?: readonly string[]; fetchImpl?: typeof fetch } = {},
): Promise<BootCheckResult[]> {
  const redact = redactor(options.secrets ?? []);
  const results = await Promise.all(
    checks.map((check) => runOne(check, options.timeoutMs ?? BOOT_CHECK_TIMEOUT_MS, options.fetchImpl ?? fetch)),
  );
  return results.map((result) => ({ ...result, message: redact(result.message) }));
}

/** At least one check failed: the message lists every failing one, as main.ts prints it. */
export class BootChecksFailedError extends Error {
  constructor(readonly failures: BootCheckResult[]) {
    super(
      `Causeway cannot start: ${failures.length} outside service(s) refused or did not answer (BOOT_CHECKS=off skips these checks):\n${failures.map((failure) => `  - ${failure.message}`).join('\n')}`,
    );
    this.name = 'BootChecksFailedError';
  }
}

/**
 * What main.ts runs before it listens: in production with BOOT_CHECKS=on, every configured vendor's
 * check; the results when all passed ([] when nothing was checked), BootChecksFailedError otherwise.
 */
export async function checkVendorsAtBoot(
  config: Config,
  options: { timeoutMs?: number; fetchImpl?: typeof fetch } = {},
): Promise<BootCheckResult[]> {
  if (!isProduction(config) || config.BOOT_CHECKS === 'off') return [];
  const checks = bootChecksFor(config);
  if (checks.length === 0) return [];
  const results = await runBootChecks(checks, { ...options, secrets: secretsOf(config) });
  const failures = results.filter((result) => !result.ok);
  if (failures.length > 0) throw new BootChecksFailedError(failures);
  return results;
}
