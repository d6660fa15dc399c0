import { bundledEnglish, FALLBACK_LANGUAGE, type Language } from '@causeway/translations';
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * Creates the app's i18next instance with the bundled English texts as the fallback (docs/rules/calls.md:
 * a failed translations fetch falls back to English). Remote texts are added by
 * `loadRemoteTranslations` once fetched.
 */
export function createI18n(lng: Language): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng,
    fallbackLng: FALLBACK_LANGUAGE,
    resources: { en: { translation: bundledEnglish } },
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
    // Re-render when get-translations adds a language's texts.
    react: { bindI18nStore: 'added' },
  });
  return instance;
}
