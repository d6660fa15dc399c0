import { bundledTranslations } from '@causeway/translations';
import type { TranslationsProvider } from './translations.ts';

/** The en and zh texts shipped in packages/translations (the default). */
export function createBundledTranslations(): TranslationsProvider {
  return { kind: 'bundled', getTexts: async (lang) => bundledTranslations[lang] };
}
