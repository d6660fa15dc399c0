import type { LegalUrls } from '@causeway/contracts';
import type { Config } from '../../config.ts';

/** The operator's own legal pages (TERMS_URL, PRIVACY_URL, COOKIES_URL): they replace ours wherever they are linked. */
export const legalUrlsOf = (config: Config): LegalUrls => ({
  terms: config.TERMS_URL,
  privacy: config.PRIVACY_URL,
  cookies: config.COOKIES_URL,
});
