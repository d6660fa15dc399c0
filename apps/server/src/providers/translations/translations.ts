import type { Language, TextTree } from '@causeway/translations';

/**
 * Where the product's texts come from. get-translations answers from it; the web app falls back
 * to its bundled English when the call fails.
 */
export interface TranslationsProvider {
  readonly kind: 'bundled' | 'remote';
  /**
   * The texts of one supported language. Throws when the source cannot answer (the remote host
   * is down or answers garbage); the route then answers 999999 and the client keeps English.
   * Idempotent and side-effect free.
   */
  getTexts(lang: Language): Promise<TextTree>;
}
