import { ErrorCode } from '@causeway/contracts';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/app-error.ts';
import { requireHuman } from './require-human.ts';

const requestWith = (body: unknown) => ({ body, ip: '203.0.113.5' }) as unknown as FastifyRequest;

describe('requireHuman', () => {
  it("asks the bot check about the body's token, the action and the client IP", async () => {
    const asked: unknown[] = [];
    const check = requireHuman({ verify: async (input) => (asked.push(input), true) }, 'send_code');
    await check(requestWith({ email: 'a@b.test', recaptchaToken: 'tok' }));
    await check(requestWith({ email: 'a@b.test' }));
    expect(asked).toEqual([
      { token: 'tok', action: 'send_code', ip: '203.0.113.5' },
      { token: undefined, action: 'send_code', ip: '203.0.113.5' },
    ]);
  });

  it('throws BotCheckFailed when the check says no', async () => {
    const check = requireHuman({ verify: async () => false }, 'login');
    await expect(check(requestWith({ recaptchaToken: 'bot' }))).rejects.toMatchObject({ errorName: ErrorCode.BotCheckFailed });
    await expect(check(requestWith(undefined))).rejects.toBeInstanceOf(AppError);
  });
});
