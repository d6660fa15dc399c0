import { DEFAULT_TRANSLATIONS_API_KEY, TRANSLATION_PROJECT_ID, bundledTranslations } from '@causeway/translations';
import { beforeEach, describe, expect, it } from 'vitest';
import { createI18n } from '@/lib/i18n';
import { TRANSLATION_RETRIES, TRANSLATION_RETRY_DELAY_MS, loadTranslations } from './translations-loader';

type Answer = { status?: number; body: unknown } | 'network';

const envelope = (data: unknown) => ({ status: 200, code: '000000', msg: '', data });
const zhAnswer: Answer = { body: envelope({ lang: 'zh', texts: bundledTranslations.zh }) };

/** A fetch stand-in that records each request and plays `answers` in order (the last one repeats). */
function fakeFetch(...answers: Answer[]) {
  const requests: Array<{ url: URL; headers: Record<string, string> }> = [];
  const fetchImpl = (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    requests.push({ url: new URL(String(input), 'http://app.test'), headers: { ...(init.headers as Record<string, string>) } });
    const answer = answers[Math.min(requests.length - 1, answers.length - 1)]!;
    if (answer === 'network') return Promise.reject(new TypeError('Failed to fetch'));
    const status = answer.status ?? 200;
    return Promise.resolve({ ok: status >= 200 && status < 300, status, json: () => Promise.resolve(answer.body) } as Response);
  };
  return { fetchImpl: fetchImpl as typeof fetch, requests };
}

/** A sleep that returns at once and records how long it was asked to wait. */
function recordingSleep() {
  const waits: number[] = [];
  return { waits, sleep: (ms: number) => (waits.push(ms), Promise.resolve()) };
}

const ZH_TITLE = '您的账户已被冻结';
const EN_TITLE = 'Your account is blocked';

let i18n: ReturnType<typeof createI18n>;
beforeEach(() => {
  i18n = createI18n('zh');
});

describe('loadTranslations', () => {
  it('adds the fetched bundle so i18n answers in Chinese', async () => {
    const { fetchImpl } = fakeFetch(zhAnswer);
    expect(i18n.t('pages.userBlocked.title')).toBe(EN_TITLE);

    await expect(loadTranslations(i18n, 'zh', { fetchImpl, sleep: recordingSleep().sleep })).resolves.toBe(true);

    expect(i18n.hasResourceBundle('zh', 'translation')).toBe(true);
    expect(i18n.t('pages.userBlocked.title')).toBe(ZH_TITLE);
  });

  it('asks get-translations for project 39 and the language, with the api-key header', async () => {
    const { fetchImpl, requests } = fakeFetch(zhAnswer);
    await loadTranslations(i18n, 'zh', { fetchImpl, apiKey: 'key-123' });

    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request!.url.pathname).toBe('/prod-api/get-translations');
    expect(request!.url.searchParams.get('projectId')).toBe(String(TRANSLATION_PROJECT_ID));
    expect(TRANSLATION_PROJECT_ID).toBe(39);
    expect(request!.url.searchParams.get('lang')).toBe('zh');
    expect(request!.headers['api-key']).toBe('key-123');
  });

  it('sends the public default key when none is configured', async () => {
    const { fetchImpl, requests } = fakeFetch(zhAnswer);
    await loadTranslations(i18n, 'zh', { fetchImpl });
    expect(requests[0]!.headers['api-key']).toBe(import.meta.env.VITE_TRANSLATIONS_API_KEY ?? DEFAULT_TRANSLATIONS_API_KEY);
  });

  it('retries a failing call exactly 5 times, 350 ms apart, then resolves false and keeps English', async () => {
    const { fetchImpl, requests } = fakeFetch({ status: 500, body: envelope(null) });
    const { sleep, waits } = recordingSleep();

    await expect(loadTranslations(i18n, 'zh', { fetchImpl, sleep })).resolves.toBe(false);

    expect(TRANSLATION_RETRIES).toBe(5);
    expect(TRANSLATION_RETRY_DELAY_MS).toBe(350);
    expect(requests).toHaveLength(1 + 5);
    expect(waits).toEqual([350, 350, 350, 350, 350]);
    expect(i18n.hasResourceBundle('zh', 'translation')).toBe(false);
    expect(i18n.t('pages.userBlocked.title')).toBe(EN_TITLE);
  });

  it('stops retrying as soon as a try succeeds', async () => {
    const { fetchImpl, requests } = fakeFetch({ status: 503, body: null }, 'network', zhAnswer);
    const { sleep, waits } = recordingSleep();

    await expect(loadTranslations(i18n, 'zh', { fetchImpl, sleep })).resolves.toBe(true);

    expect(requests).toHaveLength(3);
    expect(waits).toEqual([350, 350]);
    expect(i18n.t('pages.userBlocked.title')).toBe(ZH_TITLE);
  });

  it('shares a load already in flight for the same language instead of fetching again', async () => {
    const { fetchImpl, requests } = fakeFetch({ status: 500, body: null });
    const { sleep, waits } = recordingSleep();

    const first = loadTranslations(i18n, 'zh', { fetchImpl, sleep });
    const second = loadTranslations(i18n, 'zh', { fetchImpl, sleep });
    await expect(Promise.all([first, second])).resolves.toEqual([false, false]);
    expect(requests).toHaveLength(6);
    expect(waits).toHaveLength(5);

    // Once settled, a new call tries again.
    await loadTranslations(i18n, 'zh', { fetchImpl, sleep });
    expect(requests).toHaveLength(12);
  });

  it.each<[string, Answer]>([
    ['a network failure', 'network'],
    ['an answer for another language', { body: envelope({ lang: 'en', texts: bundledTranslations.en }) }],
    ['an error envelope', { body: { status: 200, code: '999999', msg: 'nope', data: { lang: 'zh', texts: {} } } }],
    ['a body that is not an envelope', { body: bundledTranslations.zh }],
    ['an envelope without texts', { body: envelope({ lang: 'zh', texts: null }) }],
    ['a null body', { body: null }],
  ])('counts %s as a failure and retries it', async (_name, answer) => {
    const { fetchImpl, requests } = fakeFetch(answer);
    const { sleep, waits } = recordingSleep();

    await expect(loadTranslations(i18n, 'zh', { fetchImpl, sleep })).resolves.toBe(false);

    expect(requests).toHaveLength(6);
    expect(waits).toHaveLength(5);
    expect(i18n.t('pages.userBlocked.title')).toBe(EN_TITLE);
  });
});
