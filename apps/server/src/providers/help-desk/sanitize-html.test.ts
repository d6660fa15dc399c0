import { describe, expect, it } from 'vitest';
import { sanitizeArticleHtml } from './sanitize-html.ts';

describe('sanitizeArticleHtml: paths stay on this site', () => {
  it.each([
    ['a link to /\\host (a browser reads //host)', '<a href="/\\evil.example/login">sign in</a>', '<a>sign in</a>'],
    ['an image from /\\host', '<img src="/\\evil.example/pixel.png" alt="x">', '<img alt="x">'],
    ['a link to /\\\\host', '<a href="/\\\\evil.example">x</a>', '<a>x</a>'],
    ['an in-page anchor (ids are not kept, and a new tab would open the checkout again)', '<a href="#fees">fees</a>', '<a>fees</a>'],
  ])('drops %s', (_name, html, expected) => {
    expect(sanitizeArticleHtml(html)).toBe(expected);
  });

  it('keeps paths and https links, which open in a new tab without the opener', () => {
    expect(sanitizeArticleHtml('<a href="/en/history">h</a>')).toBe(
      '<a href="/en/history" target="_blank" rel="noopener noreferrer">h</a>',
    );
    expect(sanitizeArticleHtml('<img src="/images/fees.png" alt="fees">')).toBe('<img src="/images/fees.png" alt="fees">');
    expect(sanitizeArticleHtml('<a href="https://example.com/a\\b">x</a>')).toBe(
      '<a href="https://example.com/a\\b" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });
});
