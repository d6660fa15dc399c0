import { type BootCheck, BootCheckFailure, messageOf, recordingStatus } from '../boot-check.ts';
import { createRemoteTranslations } from './remote-host.ts';

/**
 * The i18n host's boot check: the English texts through the adapter (get-translations with the API
 * key header, docs/rules/calls.md), the read every page's first load makes. An answer in the
 * contract's envelope proves I18N_HOST and I18N_API_KEY.
 */
export interface RemoteTranslationsBootCheckSettings {
  host: string;
  apiKey: string;
}

export function remoteTranslationsBootCheck(settings: RemoteTranslationsBootCheckSettings): BootCheck {
  return {
    vendor: 'i18n host',
    target: `I18N_HOST (${settings.host})`,
    async run(context) {
      const recorded = recordingStatus(context.fetch);
      const translations = createRemoteTranslations({
        host: settings.host,
        apiKey: settings.apiKey,
        fetchImpl: recorded.fetch,
        timeoutMs: context.timeoutMs,
      });
      try {
        await translations.getTexts('en');
        return 'I18N_API_KEY accepted (English texts read)';
      } catch (error) {
        const status = recorded.lastStatus();
        if (status === 401 || status === 403)
          throw new BootCheckFailure(`The i18n host refused I18N_API_KEY (HTTP ${status}): check the key against I18N_HOST's`);
        throw new BootCheckFailure(`The i18n host at I18N_HOST: ${messageOf(error)}`);
      }
    },
  };
}
