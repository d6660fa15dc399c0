import type { BotCheckProvider } from './bot-check.ts';

/** Google's documented server check (https://developers.google.com/recaptcha/docs/verify). */
export const RECAPTCHA_VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';

export interface RecaptchaOptions {
  secret: string;
  /** reCAPTCHA v3 scores below this are refused (Google suggests 0.5). */
  minScore?: number;
  verifyUrl?: string;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}

interface SiteverifyAnswer {
  success: boolean;
  score?: number;
  action?: string;
}

/**
 * Google reCAPTCHA's documented server check: POST secret, response and remoteip (form-encoded)
 * to /recaptcha/api/siteverify; `success`, and for v3 `score` and `action`, decide.
 */
export function createRecaptchaBotCheck(options: RecaptchaOptions): BotCheckProvider {
  if (!options.secret) throw new Error('RECAPTCHA_SECRET is required for the reCAPTCHA bot check');
  const fetchImpl = options.fetchImpl ?? fetch;
  const url = options.verifyUrl ?? RECAPTCHA_VERIFY_URL;
  const minScore = options.minScore ?? 0.5;
  return {
    kind: 'recaptcha',
    async verify({ token, action, ip }) {
      if (!token) return false;
      try {
        const response = await fetchImpl(url, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ secret: options.secret, response: token, remoteip: ip }),
          signal: AbortSignal.timeout(options.timeoutMs ?? 3_000),
        });
        if (!response.ok) return false;
        const answer = (await response.json()) as SiteverifyAnswer;
        if (!answer.success) return false;
        if (answer.score !== undefined && answer.score < minScore) return false;
        return answer.action === undefined || answer.action === action;
      } catch {
        return false;
      }
    },
  };
}
