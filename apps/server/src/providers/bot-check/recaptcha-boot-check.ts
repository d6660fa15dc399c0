import { type BootCheck, BootCheckFailure, messageOf } from '../boot-check.ts';
import { RECAPTCHA_VERIFY_URL } from './recaptcha.ts';

/**
 * reCAPTCHA's boot check. Google has no read that proves a secret alone, but siteverify
 * (https://developers.google.com/recaptcha/docs/verify) checks the secret before the token and
 * names what it refused in `error-codes`: with a made-up token, `invalid-input-secret` means the
 * secret is wrong, `invalid-input-response` that it was taken and only the token refused. Nothing
 * is verified and no score is spent. The site key is public and used by the browser: not checked.
 */
const MADE_UP_TOKEN = 'causeway-boot-check';

export interface RecaptchaBootCheckSettings {
  secret: string;
  verifyUrl?: string;
}

export function recaptchaBootCheck(settings: RecaptchaBootCheckSettings): BootCheck {
  const url = settings.verifyUrl ?? RECAPTCHA_VERIFY_URL;
  return {
    vendor: 'reCAPTCHA',
    target: url,
    async run(context) {
      let response: Response;
      let body: unknown;
      try {
        response = await context.fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ secret: settings.secret, response: MADE_UP_TOKEN }),
          signal: AbortSignal.timeout(context.timeoutMs),
        });
        body = await response.json().catch(() => undefined);
      } catch (error) {
        throw new BootCheckFailure(`reCAPTCHA could not be reached: ${messageOf(error)}`);
      }
      if (response.status !== 200) throw new BootCheckFailure(`reCAPTCHA siteverify answered HTTP ${response.status}`);
      const codes = (body as { 'error-codes'?: unknown } | undefined)?.['error-codes'];
      const errorCodes = Array.isArray(codes) ? codes.filter((code): code is string => typeof code === 'string') : [];
      if (errorCodes.includes('invalid-input-secret') || errorCodes.includes('missing-input-secret'))
        throw new BootCheckFailure(
          'reCAPTCHA refused RECAPTCHA_SECRET (invalid-input-secret): use the secret key of the same site as RECAPTCHA_SITE_KEY (reCAPTCHA admin console, Settings > reCAPTCHA keys)',
        );
      return 'RECAPTCHA_SECRET accepted (siteverify refused only a made-up token)';
    },
  };
}
