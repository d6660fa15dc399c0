import {
  enAuth,
  enCommon,
  enPages,
  enSecurity,
  enUi,
  enVerification,
  FALLBACK_LANGUAGE,
  type Language,
  type TextTree,
} from '@causeway/translations';
import i18next, { type i18n } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';

/**
 * The English texts the app holds so far, by area: those any page may show (the layouts, the
 * widgets, the sign-in and authenticator dialogs), then those a feature's modules add as they load
 * (`withEnglish`). A feature's texts travel with its pages, not in every page's first load (issue 16).
 */
const english: Record<string, TextTree> = {
  common: enCommon,
  ui: enUi,
  pages: enPages,
  auth: enAuth,
  security: enSecurity,
  verification: enVerification,
};

/** Every instance made by createI18n, so texts that arrive later reach each of them. */
const instances = new Set<i18n>();

/**
 * Adds English areas to every instance, now and to come. Called when a feature's module loads,
 * before any of its components renders. Instances re-render on it (bindI18nStore 'added').
 */
export function addEnglish(areas: Record<string, TextTree>): void {
  Object.assign(english, areas);
  for (const instance of instances) instance.addResourceBundle('en', 'translation', areas, true, true);
}

/**
 * A feature's useTranslation: adds the feature's English areas when its module loads (so wherever the
 * feature's components render, their texts are there) and is react-i18next's useTranslation.
 */
export function withEnglish(areas: Record<string, TextTree>): () => ReturnType<typeof useTranslation> {
  addEnglish(areas);
  return () => useTranslation();
}

/**
 * Creates the app's i18next instance with the bundled English texts as the fallback (docs/rules/calls.md:
 * a failed translations fetch falls back to English). Remote texts are added by
 * `loadRemoteTranslations` once fetched.
 */
export function createI18n(lng: Language): i18n {
  const instance = i18next.createInstance();
  instances.add(instance);
  void instance.use(initReactI18next).init({
    lng,
    fallbackLng: FALLBACK_LANGUAGE,
    resources: { en: { translation: { ...english } } },
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
    // Re-render when get-translations adds a language's texts, or a feature its English.
    react: { bindI18nStore: 'added' },
  });
  return instance;
}
