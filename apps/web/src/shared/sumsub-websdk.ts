import { loadVendorScript } from '@/lib/vendor-script';

/**
 * Sumsub's WebSDK, as its integration guide describes: the builder script from static.sumsub.com,
 * then `snsWebSdk.init(accessToken, refresh).withConf({ lang }).on(event, handler).build().launch(selector)`.
 * Loaded only when Sumsub is the vendor (the server's CSP lets the script in only then).
 */
export const SUMSUB_WEBSDK_URL = 'https://static.sumsub.com/idensic/static/sns-websdk-builder.js';

interface SnsWebSdkBuilder {
  withConf(conf: { lang: string; theme?: 'light' | 'dark' }): SnsWebSdkBuilder;
  withOptions(options: { addViewportTag: boolean; adaptIframeHeight: boolean }): SnsWebSdkBuilder;
  on(event: string, handler: (payload: unknown) => void): SnsWebSdkBuilder;
  build(): { launch(selector: string): void };
}

interface SnsWebSdk {
  init(accessToken: string, refreshToken: () => Promise<string>): SnsWebSdkBuilder;
}

type SumsubWindow = Window & { snsWebSdk?: SnsWebSdk };

const loadWebSdk = () => loadVendorScript(SUMSUB_WEBSDK_URL, 'Sumsub WebSDK', () => (window as SumsubWindow).snsWebSdk);

/** Launches the vendor's step in `selector`; `onSubmitted` runs when the person has sent everything. */
export async function launchSumsub(input: {
  selector: string;
  accessToken: string;
  refreshToken: () => Promise<string>;
  lang: string;
  dark: boolean;
  onSubmitted: () => void;
  onError: (error: unknown) => void;
}): Promise<void> {
  const sdk = await loadWebSdk();
  sdk
    .init(input.accessToken, input.refreshToken)
    .withConf({ lang: input.lang, theme: input.dark ? 'dark' : 'light' })
    .withOptions({ addViewportTag: false, adaptIframeHeight: true })
    .on('idCheck.onApplicantSubmitted', input.onSubmitted)
    .on('idCheck.onApplicantResubmitted', input.onSubmitted)
    .on('idCheck.onError', input.onError)
    .build()
    .launch(input.selector);
}
