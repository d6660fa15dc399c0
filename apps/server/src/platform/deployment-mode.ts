import { chooseProvider, type ProviderSettings, SANDBOX_KINDS, type SandboxKind, sandboxRefusal } from '../providers/provider-kinds.ts';

/**
 * CAUSEWAY_ENV: `sandbox` (the default: every outside service may fall back to its sandbox, the
 * sandbox tools and demo data exist) or `production` (no sandbox tool, no demo data, and a sandbox
 * provider only when ALLOW_SANDBOX names it). NODE_ENV plays no part in this.
 *
 * Which kinds have a sandbox, and what chooses it, is the provider registry's
 * (providers/provider-kinds.ts). The built-in help desk, the bundled translations and local-disk
 * storage are not sandboxes: they are real self-hosted choices, and production accepts them as they are.
 */

export const CAUSEWAY_ENVS = ['sandbox', 'production'] as const;
export type CausewayEnv = (typeof CAUSEWAY_ENVS)[number];

/** ALLOW_SANDBOX's names: the provider kinds with a sandbox vendor. */
export const SANDBOX_NAMES: readonly SandboxName[] = SANDBOX_KINDS;
export type SandboxName = SandboxKind;

/**
 * The settings the mode reads: its own, and the provider variables (read through the registry).
 * Written out (not Pick<Config>) because config.ts's own schema calls these rules.
 */
export type DeploymentSettings = ProviderSettings & {
  CAUSEWAY_ENV: CausewayEnv;
  ALLOW_SANDBOX: readonly SandboxName[];
  SECRET_KEY?: string | undefined;
  PUBLIC_URL?: string | undefined;
};

export const isProduction = (settings: Pick<DeploymentSettings, 'CAUSEWAY_ENV'>): boolean => settings.CAUSEWAY_ENV === 'production';

/** Whether a sandbox provider may run: always in sandbox mode; in production only when ALLOW_SANDBOX names it. */
export const isSandboxAllowed = (settings: Pick<DeploymentSettings, 'CAUSEWAY_ENV' | 'ALLOW_SANDBOX'>, name: SandboxName): boolean =>
  !isProduction(settings) || settings.ALLOW_SANDBOX.includes(name);

/**
 * The sandbox tools (mailbox, ledger, share tokens, the open help desk) and the demo data with
 * its published password exist only here: sandbox mode with the sandbox mailbox. With real mail
 * (SMTP_URL, MAIL_PROVIDER=smtp), even in sandbox mode, people's codes and the demo password would reach real inboxes.
 */
export const hasSandboxTools = (settings: Pick<DeploymentSettings, 'CAUSEWAY_ENV'> & ProviderSettings): boolean =>
  !isProduction(settings) && chooseProvider(settings, 'mail').vendor === 'sandbox';

/** ALLOW_SANDBOX: comma-separated names, or `all`; empty is none. Unknown names are reported by the caller. */
export function parseAllowSandbox(text: string): { names: SandboxName[]; unknown: string[] } {
  const words = text
    .split(',')
    .map((word) => word.trim())
    .filter(Boolean);
  if (words.includes('all'))
    return {
      names: [...SANDBOX_NAMES],
      unknown: words.filter((word) => word !== 'all' && !(SANDBOX_NAMES as readonly string[]).includes(word)),
    };
  const known = (word: string): word is SandboxName => (SANDBOX_NAMES as readonly string[]).includes(word);
  return { names: [...new Set(words.filter(known))], unknown: words.filter((word) => !known(word)) };
}

/**
 * What production mode lacks, as config problems on the variable to set: SECRET_KEY, an https
 * PUBLIC_URL, and every sandbox provider in use that ALLOW_SANDBOX does not name. Empty in sandbox mode.
 */
export function productionProblems(settings: DeploymentSettings): Array<{ variable: string; message: string }> {
  if (!isProduction(settings)) return [];
  const problems: Array<{ variable: string; message: string }> = [];
  if (!settings.SECRET_KEY)
    problems.push({
      variable: 'SECRET_KEY',
      message: 'must be set in production (CAUSEWAY_ENV=production): 32+ random characters, the same for every process',
    });
  if (!settings.PUBLIC_URL)
    problems.push({ variable: 'PUBLIC_URL', message: 'must be set in production: the https:// address people reach the server at' });
  else if (!settings.PUBLIC_URL.toLowerCase().startsWith('https://'))
    problems.push({ variable: 'PUBLIC_URL', message: 'must be an https:// URL in production' });
  for (const name of SANDBOX_NAMES) {
    if (chooseProvider(settings, name).vendor === 'sandbox' && !isSandboxAllowed(settings, name)) {
      const { variable, instead } = sandboxRefusal(settings, name);
      problems.push({
        variable,
        message: `the sandbox ${name} is refused in production: ${instead}, or allow it with ALLOW_SANDBOX=${name}`,
      });
    }
  }
  return problems;
}

/**
 * The boot's second look, at the providers actually built: the name of every sandbox running
 * without permission. Empty unless a factory's choice and the registry's ever disagree.
 */
export function unallowedSandboxes(
  settings: Pick<DeploymentSettings, 'CAUSEWAY_ENV' | 'ALLOW_SANDBOX'>,
  providers: Record<SandboxName, { readonly kind: string }>,
): SandboxName[] {
  return SANDBOX_NAMES.filter((name) => providers[name].kind === 'sandbox' && !isSandboxAllowed(settings, name));
}
