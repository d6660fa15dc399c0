import { describe, expect, it } from 'vitest';
import { merchantPageOf } from './merchant-page.ts';

const ALLOWED = ['https://shop.example.com', 'http://localhost:5173'];

describe("the merchant's pages an entry may name", () => {
  it('keeps a hostOrigin that is exactly an allowed origin, and drops any other', () => {
    expect(merchantPageOf(ALLOWED, { hostOrigin: 'https://shop.example.com' }).hostOrigin).toBe('https://shop.example.com');
    for (const hostOrigin of ['https://shop.example.com/', 'https://evil.example', 'https://shop.example.com.evil.example', 'null', ''])
      expect(merchantPageOf(ALLOWED, { hostOrigin }).hostOrigin, hostOrigin).toBeNull();
  });

  it('keeps a redirectUrl on an allowed origin, and drops other origins, schemes and credentials', () => {
    expect(merchantPageOf(ALLOWED, { redirectUrl: 'https://shop.example.com/thanks?order=1' }).redirectUrl).toBe(
      'https://shop.example.com/thanks?order=1',
    );
    for (const redirectUrl of [
      'https://evil.example/thanks',
      'javascript:alert(1)',
      'https://user:pw@shop.example.com/',
      '//shop.example.com/thanks',
      'https://shop.example.com:8443/thanks',
      `https://shop.example.com/${'x'.repeat(2100)}`,
    ])
      expect(merchantPageOf(ALLOWED, { redirectUrl }).redirectUrl, redirectUrl.slice(0, 40)).toBeNull();
  });

  it('names nothing when the merchant allows no origin', () => {
    expect(merchantPageOf([], { hostOrigin: 'https://shop.example.com', redirectUrl: 'https://shop.example.com/' })).toEqual({
      hostOrigin: null,
      redirectUrl: null,
    });
  });
});
