import { describe, expect, it } from 'vitest';
import { languageOfTag } from './index.ts';

describe('languageOfTag: a supported language by any of its BCP 47 names (issue 14)', () => {
  it.each(['zh', 'zh-CN', 'zh-cn', 'ZH-CN', 'zh-Hans', 'zh-Hans-CN', 'zh-SG', 'zh-TW', 'zh_CN'])('%s → zh', (tag) => {
    expect(languageOfTag(tag)).toBe('zh');
  });

  it.each(['en', 'EN', 'en-US', 'en-GB', 'en-us', 'en-Latn-US', 'en_GB'])('%s → en', (tag) => {
    expect(languageOfTag(tag)).toBe('en');
  });

  it.each([
    'fr',
    'fr-FR',
    'de-DE',
    'english',
    'zh-',
    'zh--CN',
    '-zh',
    'zh-CN-toolongsubtag',
    'en US',
    'login-v2',
    'sandbox',
    '',
    null,
    undefined,
  ])('%s is no tag of a supported language', (tag) => {
    expect(languageOfTag(tag)).toBeUndefined();
  });
});
