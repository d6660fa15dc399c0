import { describe, expect, it } from 'vitest';
import { escapeHtml } from './html.ts';

describe('escapeHtml', () => {
  it('escapes the five characters that could open markup or leave an attribute, and nothing else', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&#60;a href=&#34;x&#34; title=&#39;y&#39;&#62;&#38;&#60;/a&#62;');
    expect(escapeHtml('Your code is 123456. 您的验证码')).toBe('Your code is 123456. 您的验证码');
  });
});
