import { HEADER, SUCCESS_CODE } from '@causeway/contracts';
import { type TextTree, TRANSLATION_PROJECT_ID } from '@causeway/translations';
import type { TranslationsProvider } from './translations.ts';

export interface RemoteTranslationsOptions {
  /** Base URL of the i18n host; `{host}/get-translations?projectId=39&lang=xx` is called. */
  host: string;
  apiKey: string;
  /** Per-call timeout. */
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}

const isTextTree = (value: unknown): value is TextTree =>
  typeof value === 'object' && value !== null && Object.values(value).every((v) => typeof v === 'string' || isTextTree(v));

/**
 * Texts from a remote i18n host that speaks the get-translations contract of docs/rules/calls.md (projectId,
 * lang, API key header, JSON envelope). Validates the answer before trusting it.
 */
export function createRemoteTranslations(options: RemoteTranslationsOptions): TranslationsProvider {
  if (!/^https?:\/\//.test(options.host)) throw new Error('I18N_HOST must be an http(s) URL');
  if (!options.apiKey) throw new Error('I18N_API_KEY is required when I18N_HOST is set');
  const fetchImpl = options.fetchImpl ?? fetch;
  const base = options.host.replace(/\/+$/, '');
  return {
    kind: 'remote',
    async getTexts(lang) {
      const url = `${base}/get-translations?projectId=${TRANSLATION_PROJECT_ID}&lang=${lang}`;
      const response = await fetchImpl(url, {
        headers: { accept: 'application/json', [HEADER.translationsApiKey]: options.apiKey },
        signal: AbortSignal.timeout(options.timeoutMs ?? 5_000),
      });
      if (!response.ok) throw new Error(`i18n host answered HTTP ${response.status}`);
      const body = (await response.json()) as { code?: unknown; data?: { texts?: unknown } };
      const texts = body.data?.texts;
      if (body.code !== SUCCESS_CODE || !isTextTree(texts)) throw new Error('i18n host answered an unexpected body');
      return texts;
    },
  };
}
