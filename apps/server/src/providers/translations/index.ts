import type { Config } from '../../config.ts';
import { createBundledTranslations } from './bundled.ts';
import { createRemoteTranslations } from './remote-host.ts';
import type { TranslationsProvider } from './translations.ts';

export type { TranslationsProvider } from './translations.ts';

/** The one place that reads config to choose: a remote i18n host when I18N_HOST is set, else the bundle. */
export function createTranslationsProvider(config: Pick<Config, 'I18N_HOST' | 'I18N_API_KEY'>): TranslationsProvider {
  if (config.I18N_HOST) return createRemoteTranslations({ host: config.I18N_HOST, apiKey: config.I18N_API_KEY ?? '' });
  return createBundledTranslations();
}
