import { describe, expect, it } from 'vitest';
import { decideAuthenticatorCheck } from './authenticator-api.ts';

describe('the authenticator check of docs/rules/order-states.md', () => {
  it.each([
    ['NONE', 'skip-otp', false, 'none'],
    ['BINDED', 'skip-otp', false, 'none'],
    ['BINDED', 'verify-otp', true, 'none'],
    ['NONE', 'bind-otp', true, 'none'],
    ['BINDED', 'verify-otp', false, 'verify'],
    ['COOLING_OFF_PERIOD', 'verify-otp', false, 'verify'],
    ['NONE', 'bind-otp', false, 'bind'],
  ] as const)('%s with %s (Roma %s) → %s', (bindStatus, otpStep, isRoma, expected) => {
    expect(decideAuthenticatorCheck({ bindStatus, otpStep }, isRoma)).toBe(expected);
  });
});
