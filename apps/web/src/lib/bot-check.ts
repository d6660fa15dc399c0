import { type BotCheckConfig, CALL_ROUTES } from '@causeway/contracts';
import { useMemo } from 'react';
import type { HttpClient } from './http-client.ts';
import { useHttpClient } from './http-context.tsx';

/** The longest a token() call waits (config, script, execute) before going on without a token. */
export const BOT_CHECK_TIMEOUT_MS = 10_000;

/** Where Google's reCAPTCHA v3 script lives; the server's CSP allows exactly this origin and path. */
export const RECAPTCHA_SCRIPT_URL = 'https://www.google.com/recaptcha/api.js';

/** The part of Google's `window.grecaptcha` that v3 uses. */
export interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): PromiseLike<string>;
}

type RecaptchaWindow = Window & { grecaptcha?: Grecaptcha };

export interface BotCheck {
  /**
   * The `recaptchaToken` to send with a sign-in step, or undefined: in the sandbox (which needs
   * none) and on any failure. It never rejects: the server refuses a missing token with its own
   * message, which is clearer to people than a script error here.
   */
  token(action: string): Promise<string | undefined>;
}

/** Marks our script tag, so a second BotCheck (another page's hook) reuses it instead of adding one. */
const SCRIPT_MARK = 'data-causeway-bot-check';

/** Adds Google's script once per document and resolves when it has run. A failed load is removed so a later call retries. */
function loadRecaptchaScript(siteKey: string): Promise<void> {
  if ((window as RecaptchaWindow).grecaptcha) return Promise.resolve();
  let script = document.querySelector<HTMLScriptElement>(`script[${SCRIPT_MARK}]`);
  if (!script) {
    script = document.createElement('script');
    script.src = `${RECAPTCHA_SCRIPT_URL}?render=${encodeURIComponent(siteKey)}`;
    script.async = true;
    script.setAttribute(SCRIPT_MARK, '');
    document.head.appendChild(script);
  }
  const tag = script;
  return new Promise<void>((resolve, reject) => {
    tag.addEventListener('load', () => resolve(), { once: true });
    tag.addEventListener(
      'error',
      () => {
        tag.remove();
        reject(new Error('the reCAPTCHA script did not load'));
      },
      { once: true },
    );
  });
}

/** `grecaptcha.ready` then `execute`, as Google documents for v3. */
function executeRecaptcha(siteKey: string, action: string): Promise<string> {
  const grecaptcha = (window as RecaptchaWindow).grecaptcha;
  if (!grecaptcha) return Promise.reject(new Error('the reCAPTCHA script did not define grecaptcha'));
  return new Promise<string>((resolve, reject) => {
    grecaptcha.ready(() => {
      try {
        grecaptcha.execute(siteKey, { action }).then(resolve, reject);
      } catch (error) {
        reject(error);
      }
    });
  });
}

/** Resolves `promise`'s value, or undefined on rejection or after `ms`. */
function settleWithin<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(undefined), ms);
    promise.then(resolve, () => resolve(undefined)).finally(() => clearTimeout(timer));
  });
}

/**
 * The browser half of the bot check. The server says which check runs (asked once; a failed ask
 * is asked again next time); with reCAPTCHA, Google's script is loaded on first use, not at boot,
 * so pages without a sign-in step never contact Google.
 */
export function createBotCheck(http: HttpClient, options: { timeoutMs?: number } = {}): BotCheck {
  const timeoutMs = options.timeoutMs ?? BOT_CHECK_TIMEOUT_MS;
  let config: Promise<BotCheckConfig> | undefined;
  let script: Promise<void> | undefined;

  const loadConfig = () => {
    // Silent: a failure here is not the person's concern; the sign-in call reports the outcome.
    config ??= http.call(CALL_ROUTES.botCheckConfig, undefined, { silent: true }).catch((error: unknown) => {
      config = undefined;
      throw error;
    });
    return config;
  };

  const loadScript = (siteKey: string) => {
    script ??= loadRecaptchaScript(siteKey).catch((error: unknown) => {
      script = undefined;
      throw error;
    });
    return script;
  };

  async function obtain(action: string): Promise<string | undefined> {
    const { provider, siteKey } = await loadConfig();
    if (provider !== 'recaptcha' || !siteKey) return undefined;
    await loadScript(siteKey);
    return executeRecaptcha(siteKey, action);
  }

  return { token: (action) => settleWithin(obtain(action), timeoutMs) };
}

/** The app's BotCheck for a component, over the app's HTTP client. */
export function useBotCheck(): BotCheck {
  const http = useHttpClient();
  return useMemo(() => createBotCheck(http), [http]);
}
