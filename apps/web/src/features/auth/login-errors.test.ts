import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/http-errors';
import { testI18n } from '@/test/render';
import { loginErrorText } from './login-errors';

const refusal = (code: string, msg = 'the server said so in English') =>
  new ApiError({ kind: 'business', path: '/x', msg, code, httpStatus: 403 });

describe('loginErrorText', () => {
  it('names the UK notice (10000041) in the page language, not with the server message', () => {
    expect(loginErrorText(refusal('10000041'), testI18n('en').t)).toBe('Notice for UK residents');
    expect(loginErrorText(refusal('10000041'), testI18n('zh').t)).toBe('英国居民须知');
  });

  it("keeps the server's message for a code it has no words of its own for", () => {
    expect(loginErrorText(refusal('ZZZ0000001', 'Something specific'), testI18n('en').t)).toBe('Something specific');
  });
});
