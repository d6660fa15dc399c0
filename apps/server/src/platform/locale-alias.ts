import { languageOfTag } from '@causeway/translations';

/**
 * The web app's address for a URL whose first segment names a supported language by another of
 * its tags (zh-CN, zh-cn as in the help centre's URLs, zh-Hans, en-US, EN): the canonical code in
 * its place, the rest of the path and the query kept (`/zh-CN/login-v2?x=1` → `/zh/login-v2?x=1`;
 * browsers keep the hash across a redirect themselves). Undefined for any other URL. The answer
 * always starts with our own `/zh` or `/en`, so it never leads off the site.
 */
export function canonicalLocaleUrl(url: string): string | undefined {
  const queryStart = url.indexOf('?');
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  const [, first, ...rest] = path.split('/');
  const language = languageOfTag(first);
  if (!language || language === first) return undefined;
  return `/${language}${rest.length > 0 ? `/${rest.join('/')}` : ''}${queryStart === -1 ? '' : url.slice(queryStart)}`;
}
