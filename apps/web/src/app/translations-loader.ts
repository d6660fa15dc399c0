import { API_BASE, CALL_ROUTES, HEADER, SUCCESS_CODE } from '@causeway/contracts';
import { DEFAULT_TRANSLATIONS_API_KEY, type Language, TRANSLATION_PROJECT_ID } from '@causeway/translations';
import type { i18n } from 'i18next';

/** docs/rules/limits.md: translation retries 5 at 350 ms. */
export const TRANSLATION_RETRIES = 5;
export const TRANSLATION_RETRY_DELAY_MS = 350;

interface TranslationsEnvelope {
  code: string;
  data: { lang: string; texts: Record<string, unknown> } | null;
}

/** A hand check rather than zod, so the entry chunk does not carry a schema library for one call. */
function readTexts(body: unknown, lang: string): Record<string, unknown> | undefined {
  const envelope = body as TranslationsEnvelope | null;
  if (envelope?.code !== SUCCESS_CODE || envelope.data?.lang !== lang) return undefined;
  const texts = envelope.data.texts;
  return typeof texts === 'object' && texts !== null ? texts : undefined;
}

export interface LoadTranslationsOptions {
  fetchImpl?: typeof fetch;
  apiKey?: string;
  sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Loads in flight, per i18next store and language. main.tsx and LocaleRoot both ask for the
 * start language, and react-i18next hands LocaleRoot a new i18n wrapper (same store) on every
 * language change, which re-runs its effect: without this, one page load fetched the texts
 * two or three times (and a failing server saw the 6 tries that many times over).
 */
const inFlight = new WeakMap<object, Map<Language, Promise<boolean>>>();

/**
 * Fetches one language's texts from get-translations and adds them to i18next. Tries once and
 * retries up to 5 times, 350 ms apart; when every try fails, the bundled English stays in use
 * (i18next's fallback) and this resolves false. Never throws. A call made while the same
 * language is already loading into the same i18next store shares that load.
 */
export function loadTranslations(instance: i18n, lang: Language, options: LoadTranslationsOptions = {}): Promise<boolean> {
  const byLang = inFlight.get(instance.store) ?? new Map<Language, Promise<boolean>>();
  inFlight.set(instance.store, byLang);
  const pending = byLang.get(lang);
  if (pending) return pending;
  const load = fetchTranslations(instance, lang, options).finally(() => byLang.delete(lang));
  byLang.set(lang, load);
  return load;
}

async function fetchTranslations(instance: i18n, lang: Language, options: LoadTranslationsOptions): Promise<boolean> {
  const fetchImpl = options.fetchImpl ?? globalThis.fetch.bind(globalThis);
  const sleep = options.sleep ?? defaultSleep;
  const apiKey = options.apiKey ?? import.meta.env.VITE_TRANSLATIONS_API_KEY ?? DEFAULT_TRANSLATIONS_API_KEY;
  const url = `${API_BASE}${CALL_ROUTES.translations.path}?projectId=${TRANSLATION_PROJECT_ID}&lang=${lang}`;
  for (let attempt = 0; attempt <= TRANSLATION_RETRIES; attempt += 1) {
    if (attempt > 0) await sleep(TRANSLATION_RETRY_DELAY_MS);
    try {
      const response = await fetchImpl(url, { headers: { accept: 'application/json', [HEADER.translationsApiKey]: apiKey } });
      if (!response.ok) continue;
      const texts = readTexts(await response.json(), lang);
      if (!texts) continue;
      instance.addResourceBundle(lang, 'translation', texts, true, true);
      return true;
    } catch {
      // Network failure: retry.
    }
  }
  return false;
}
