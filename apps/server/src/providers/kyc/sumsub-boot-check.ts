import { type BootCheck, BootCheckFailure, messageOf } from '../boot-check.ts';
import { createSumsubCall } from '../kyb/sumsub-kyb-http.ts';
import { SumsubApiError } from './sumsub.ts';

/**
 * Sumsub's boot check (for KYC and KYB alike: one account, one token pair): GET
 * /resources/applicants/-/levels ("Get applicant levels", https://docs.sumsub.com/reference/get-applicant-levels),
 * signed as every call is (X-App-Token, X-App-Access-Ts, X-App-Access-Sig: https://docs.sumsub.com/reference/authentication).
 * A 200 proves the token, the secret key that signs, and this server's clock (the signature carries
 * the time). Its answer, {items: [{name}], totalItems}, also says whether KYC_LEVEL_NAME exists:
 * without it every person's verification would fail at its first step.
 */
export interface SumsubBootCheckSettings {
  appToken: string;
  secretKey: string;
  webhookSecret: string;
  baseUrl?: string | undefined;
  /**
   * The levels this install creates applicants at, each with its variable: KYC_LEVEL_NAME when people
   * verify with Sumsub, KYB_LEVEL_NAME when businesses do.
   */
  levels: Array<{ name: string; variable: string }>;
}

const SUMSUB_URL = 'https://api.sumsub.com';

/** The level names of a complete answer; undefined when the list is not (or not known to be) complete. */
function levelNamesOf(json: unknown): string[] | undefined {
  const answer = (json ?? {}) as { items?: unknown; totalItems?: unknown };
  if (!Array.isArray(answer.items) || answer.totalItems !== answer.items.length) return undefined;
  return answer.items.map((item) => (item as { name?: unknown } | null)?.name).filter((name): name is string => typeof name === 'string');
}

export function sumsubBootCheck(settings: SumsubBootCheckSettings): BootCheck {
  const baseUrl = (settings.baseUrl ?? SUMSUB_URL).replace(/\/+$/, '');
  return {
    vendor: 'Sumsub',
    target: `SUMSUB_BASE_URL (${baseUrl})`,
    async run(context) {
      const call = createSumsubCall({
        appToken: settings.appToken,
        secretKey: settings.secretKey,
        webhookSecret: settings.webhookSecret,
        baseUrl,
        fetchImpl: context.fetch,
        timeoutMs: context.timeoutMs,
      });
      let json: unknown;
      try {
        ({ json } = await call('boot check', 'GET', '/resources/applicants/-/levels'));
      } catch (error) {
        const status = error instanceof SumsubApiError ? error.status : undefined;
        if (status === 401)
          throw new BootCheckFailure(
            `Sumsub refused SUMSUB_APP_TOKEN / SUMSUB_SECRET_KEY (HTTP 401): check the pair (both from the same app token, of this environment: sandbox tokens start with sbx:) and this server's clock. Sumsub said: ${messageOf(error)}`,
          );
        if (status === 403)
          throw new BootCheckFailure(
            `Sumsub refused the app token access to the levels (HTTP 403): check the token's permissions. ${messageOf(error)}`,
          );
        throw new BootCheckFailure(`Sumsub: ${messageOf(error)}`);
      }
      const levels = levelNamesOf(json);
      const missing = levels ? settings.levels.filter((level) => !levels.includes(level.name)) : [];
      if (levels && missing.length > 0)
        throw new BootCheckFailure(
          `Sumsub accepted the app token, but has no level ${missing.map((level) => `${JSON.stringify(level.name)} (${level.variable})`).join(', ')}: set it to one of ${levels.map((name) => JSON.stringify(name)).join(', ') || '(none: create a level in the dashboard)'}`,
        );
      const named = settings.levels.map((level) => level.name).join(', ');
      return `SUMSUB_APP_TOKEN and SUMSUB_SECRET_KEY accepted${levels && named ? `; level(s) ${named} exist` : ''}`;
    },
  };
}
