import { originSchema } from '@causeway/contracts';
import { describe, expect, it } from 'vitest';
import { isOrigin } from './origin-rule';

describe('isOrigin', () => {
  it.each([
    ['https://shop.example.com', true],
    ['http://localhost:3000', true],
    ['  https://shop.example.com  ', true],
    ['https://shop.example.com:8443', true],
    ['https://shop.example.com/', false],
    ['https://shop.example.com/checkout', false],
    ['https://shop.example.com?x=1', false],
    ['https://user@shop.example.com', false],
    ['https://SHOP.example.com', false],
    ['https://shop.example.com:443', false],
    ['ftp://shop.example.com', false],
    ['shop.example.com', false],
    ['', false],
    [`https://${'a'.repeat(190)}.com`, false],
  ])('%s: %s, as the server has it', (text, expected) => {
    expect(isOrigin(text)).toBe(expected);
    expect(originSchema.safeParse(text).success).toBe(expected);
  });
});
