export type { TranslationsProvider } from './translations.ts';
