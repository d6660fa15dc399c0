import { type BotCheckConfig, PATHS } from '@causeway/contracts';
import { renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { businessError, routedHttpClient } from '@/test/routed-http-client';
import { BOT_CHECK_TIMEOUT_MS, createBotCheck, type Grecaptcha, useBotCheck } from './bot-check.ts';
import { HttpClientProvider } from './http-context.tsx';

const RECAPTCHA: BotCheckConfig = { provider: 'recaptcha', siteKey: 'site key/1' };
const SANDBOX: BotCheckConfig = { provider: 'sandbox', siteKey: null };

const win = window as Window & { grecaptcha?: Grecaptcha };
const scripts = () => Array.from(document.querySelectorAll<HTMLScriptElement>('script[src*="recaptcha"]'));

/** jsdom never fetches the script: the test plays Google, defining grecaptcha and firing `load`. */
function playGoogle(execute: Grecaptcha['execute'] = async (_key, { action }) => `token-for-${action}`) {
  win.grecaptcha = { ready: (callback) => setTimeout(callback, 0), execute: vi.fn(execute) };
  scripts()[0]?.dispatchEvent(new Event('load'));
  return win.grecaptcha;
}

/** Waits until the check has asked for its config and added the script tag. */
const scriptAdded = () => vi.waitFor(() => expect(scripts()).toHaveLength(1));

afterEach(() => {
  vi.useRealTimers();
  for (const script of document.querySelectorAll('script')) script.remove();
  delete win.grecaptcha;
});

describe('createBotCheck', () => {
  it('answers no token in the sandbox and never loads Google', async () => {
    const http = routedHttpClient({ [PATHS.botCheckConfig]: () => SANDBOX });
    const check = createBotCheck(http.client);
    expect(await check.token('login')).toBeUndefined();
    expect(await check.token('login')).toBeUndefined();
    expect(scripts()).toHaveLength(0);
    // The config is asked once, silently (a failure is not the person's concern).
    expect(http.calls).toEqual([expect.objectContaining({ method: 'GET', path: PATHS.botCheckConfig, options: { silent: true } })]);
  });

  it('loads one reCAPTCHA script for many calls and answers the token Google executes for the action', async () => {
    const http = routedHttpClient({ [PATHS.botCheckConfig]: () => RECAPTCHA });
    const check = createBotCheck(http.client);
    const first = check.token('login');
    const second = check.token('signup');
    await scriptAdded();
    const [script] = scripts();
    expect(script?.src).toBe('https://www.google.com/recaptcha/api.js?render=site%20key%2F1');
    expect(script?.async).toBe(true);
    const grecaptcha = playGoogle();
    expect(await first).toBe('token-for-login');
    expect(await second).toBe('token-for-signup');
    expect(await check.token('login')).toBe('token-for-login');
    expect(scripts()).toHaveLength(1);
    expect(grecaptcha.execute).toHaveBeenCalledWith('site key/1', { action: 'login' });
    expect(http.calls).toHaveLength(1);
  });

  it('answers no token when the config call fails, and asks again next time', async () => {
    const http = routedHttpClient({
      [PATHS.botCheckConfig]: () => {
        throw businessError(PATHS.botCheckConfig, '999999');
      },
    });
    const check = createBotCheck(http.client);
    expect(await check.token('login')).toBeUndefined();
    http.routes[PATHS.botCheckConfig] = () => SANDBOX;
    expect(await check.token('login')).toBeUndefined();
    expect(http.calls).toHaveLength(2);
  });

  it('answers no token when the script fails to load, and loads it again next time', async () => {
    const check = createBotCheck(routedHttpClient({ [PATHS.botCheckConfig]: () => RECAPTCHA }).client);
    const failed = check.token('login');
    await scriptAdded();
    scripts()[0]?.dispatchEvent(new Event('error'));
    expect(await failed).toBeUndefined();
    expect(scripts()).toHaveLength(0);
    const retried = check.token('login');
    await scriptAdded();
    playGoogle();
    expect(await retried).toBe('token-for-login');
  });

  it('answers no token when execute rejects', async () => {
    const check = createBotCheck(routedHttpClient({ [PATHS.botCheckConfig]: () => RECAPTCHA }).client);
    const token = check.token('login');
    await scriptAdded();
    playGoogle(() => Promise.reject(new Error('Invalid site key')));
    expect(await token).toBeUndefined();
  });

  it('answers no token when Google does not answer within 10 s', async () => {
    vi.useFakeTimers();
    const check = createBotCheck(routedHttpClient({ [PATHS.botCheckConfig]: () => RECAPTCHA }).client);
    let settled: string | undefined | null = null;
    void check.token('login').then((value) => (settled = value));
    await vi.advanceTimersByTimeAsync(BOT_CHECK_TIMEOUT_MS - 1);
    expect(settled).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBeUndefined();
    expect(scripts()).toHaveLength(1);
  });
});

describe('useBotCheck', () => {
  it('keeps one BotCheck (and so one config call) across renders', async () => {
    const http = routedHttpClient({ [PATHS.botCheckConfig]: () => SANDBOX });
    const wrapper = ({ children }: { children: ReactNode }) => createElement(HttpClientProvider, { client: http.client, children });
    const { result, rerender } = renderHook(() => useBotCheck(), { wrapper });
    const first = result.current;
    rerender();
    expect(result.current).toBe(first);
    await result.current.token('login');
    await result.current.token('login');
    expect(http.calls).toHaveLength(1);
  });
});
