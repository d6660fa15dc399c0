/**
 * CAUSEWAY_ENV: `sandbox` (the default: every outside service may fall back to its sandbox, the
 * sandbox tools and demo data exist) or `production` (no sandbox tool, no demo data, and a sandbox
 * provider only when ALLOW_SANDBOX names it). NODE_ENV plays no part in this.
 *
 * The one table of which providers have a sandbox, under which name, and what replaces it. The
 * built-in help desk, the bundled translations and local-disk storage are not sandboxes: they are
 * real self-hosted choices, and production accepts them as they are.
 */

export const CAUSEWAY_ENVS = ['sandbox', 'production'] as const;
export type CausewayEnv = (typeof CAUSEWAY_ENVS)[number];

export const SANDBOX_NAMES = ['mail', 'geo', 'bot-check', 'kyc', 'prices', 'card-processor', 'chain', 'address-screening'] as const;
export type SandboxName = (typeof SANDBOX_NAMES)[number];

/** The settings the mode reads. Written out (not Pick<Config>) because config.ts's own schema calls these rules. */
export interface DeploymentSettings {
  CAUSEWAY_ENV: CausewayEnv;
  ALLOW_SANDBOX: readonly SandboxName[];
  SECRET_KEY?: string | undefined;
  PUBLIC_URL?: string | undefined;
  SMTP_URL?: string | undefined;
  IPINFO_TOKEN?: string | undefined;
  RECAPTCHA_SECRET?: string | undefined;
  RECAPTCHA_SITE_KEY?: string | undefined;
  SUMSUB_APP_TOKEN?: string | undefined;
  SUMSUB_SECRET_KEY?: string | undefined;
  SUMSUB_WEBHOOK_SECRET?: string | undefined;
  PRICE_FEED: string;
  CARD_PROCESSOR: string;
  CHAIN_PROVIDER: string;
  ADDRESS_SCREENING: string;
}

interface SandboxRule {
  name: SandboxName;
  /** The variable a refusal is reported on: the one that chooses the real provider. */
  variable: keyof DeploymentSettings;
  /** Whether the provider's factory (providers/<kind>/index.ts) will pick its sandbox. */
  inUse: (settings: DeploymentSettings) => boolean;
  /** What to set instead. */
  instead: string;
}

// Pairs and triples that are half set are refused by config.ts on their own; a sandbox is "in use" when none is set.
const SANDBOX_RULES: readonly SandboxRule[] = [
  { name: 'mail', variable: 'SMTP_URL', inUse: (s) => !s.SMTP_URL, instead: 'set SMTP_URL' },
  { name: 'geo', variable: 'IPINFO_TOKEN', inUse: (s) => !s.IPINFO_TOKEN, instead: 'set IPINFO_TOKEN' },
  { name: 'bot-check', variable: 'RECAPTCHA_SECRET', inUse: (s) => !s.RECAPTCHA_SECRET && !s.RECAPTCHA_SITE_KEY, instead: 'set RECAPTCHA_SECRET and RECAPTCHA_SITE_KEY' },
  {
    name: 'kyc',
    variable: 'SUMSUB_APP_TOKEN',
    inUse: (s) => !s.SUMSUB_APP_TOKEN && !s.SUMSUB_SECRET_KEY && !s.SUMSUB_WEBHOOK_SECRET,
    instead: 'set SUMSUB_APP_TOKEN, SUMSUB_SECRET_KEY and SUMSUB_WEBHOOK_SECRET',
  },
  { name: 'prices', variable: 'PRICE_FEED', inUse: (s) => s.PRICE_FEED === 'sandbox', instead: 'set PRICE_FEED=kraken' },
  { name: 'card-processor', variable: 'CARD_PROCESSOR', inUse: (s) => s.CARD_PROCESSOR === 'sandbox', instead: 'set CARD_PROCESSOR=checkout with its CHECKOUT_* keys' },
  { name: 'chain', variable: 'CHAIN_PROVIDER', inUse: (s) => s.CHAIN_PROVIDER === 'sandbox', instead: 'set CHAIN_PROVIDER=bitgo with its BITGO_* settings' },
  { name: 'address-screening', variable: 'ADDRESS_SCREENING', inUse: (s) => s.ADDRESS_SCREENING === 'sandbox', instead: 'set ADDRESS_SCREENING=chainalysis with CHAINALYSIS_API_KEY' },
];

export const isProduction = (settings: Pick<DeploymentSettings, 'CAUSEWAY_ENV'>): boolean => settings.CAUSEWAY_ENV === 'production';

/** Whether a sandbox provider may run: always in sandbox mode; in production only when ALLOW_SANDBOX names it. */
export const isSandboxAllowed = (settings: Pick<DeploymentSettings, 'CAUSEWAY_ENV' | 'ALLOW_SANDBOX'>, name: SandboxName): boolean =>
  !isProduction(settings) || settings.ALLOW_SANDBOX.includes(name);

/**
 * The sandbox tools (mailbox, ledger, share tokens, the open help desk) and the demo data with
 * its published password exist only here: sandbox mode with the sandbox mailbox. With real mail
 * (SMTP_URL), even in sandbox mode, people's codes and the demo password would reach real inboxes.
 */
export const hasSandboxTools = (settings: Pick<DeploymentSettings, 'CAUSEWAY_ENV' | 'SMTP_URL'>): boolean => !isProduction(settings) && !settings.SMTP_URL;

/** ALLOW_SANDBOX: comma-separated names, or `all`; empty is none. Unknown names are reported by the caller. */
export function parseAllowSandbox(text: string): { names: SandboxName[]; unknown: string[] } {
  const words = text.split(',').map((word) => word.trim()).filter(Boolean);
  if (words.includes('all')) return { names: [...SANDBOX_NAMES], unknown: words.filter((word) => word !== 'all' && !(SANDBOX_NAMES as readonly string[]).includes(word)) };
  const known = (word: string): word is SandboxName => (SANDBOX_NAMES as readonly string[]).includes(word);
  return { names: [...new Set(words.filter(known))], unknown: words.filter((word) => !known(word)) };
}

/**
 * What production mode lacks, as config problems on the variable to set: SECRET_KEY, an https
 * PUBLIC_URL, and every sandbox provider in use that ALLOW_SANDBOX does not name. Empty in sandbox mode.
 */
export function productionProblems(settings: DeploymentSettings): Array<{ variable: keyof DeploymentSettings; message: string }> {
  if (!isProduction(settings)) return [];
  const problems: Array<{ variable: keyof DeploymentSettings; message: string }> = [];
  if (!settings.SECRET_KEY) problems.push({ variable: 'SECRET_KEY', message: 'must be set in production (CAUSEWAY_ENV=production): 32+ random characters, the same for every process' });
  if (!settings.PUBLIC_URL) problems.push({ variable: 'PUBLIC_URL', message: 'must be set in production: the https:// address people reach the server at' });
  else if (!settings.PUBLIC_URL.toLowerCase().startsWith('https://')) problems.push({ variable: 'PUBLIC_URL', message: 'must be an https:// URL in production' });
  for (const rule of SANDBOX_RULES) {
    if (rule.inUse(settings) && !isSandboxAllowed(settings, rule.name)) {
      problems.push({ variable: rule.variable, message: `the sandbox ${rule.name} is refused in production: ${rule.instead}, or allow it with ALLOW_SANDBOX=${rule.name}` });
    }
  }
  return problems;
}

/**
 * The boot's second look, at the providers actually built: the name of every sandbox running
 * without permission. Empty unless a factory's choice and the table above ever disagree.
 */
export function unallowedSandboxes(settings: Pick<DeploymentSettings, 'CAUSEWAY_ENV' | 'ALLOW_SANDBOX'>, providers: Record<SandboxName, { readonly kind: string }>): SandboxName[] {
  return SANDBOX_NAMES.filter((name) => providers[name].kind === 'sandbox' && !isSandboxAllowed(settings, name));
}
