import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BotCheckProvider } from './bot-check.ts';
import { createRecaptchaBotCheck } from './recaptcha.ts';
import { createSandboxBotCheck, SANDBOX_BOT_TOKEN } from './sandbox.ts';

// A stand-in for Google's siteverify on loopback, answering its documented JSON.
let host: FastifyInstance;
let verifyUrl: string;
beforeAll(async () => {
  host = Fastify();
  host.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, new URLSearchParams(String(body))),
  );
  host.post('/siteverify', async (request) => {
    const form = request.body as URLSearchParams;
    if (form.get('secret') !== 'test-secret') return { success: false, 'error-codes': ['invalid-input-secret'] };
    const token = form.get('response');
    if (token === 'person') return { success: true, score: 0.9, action: 'login' };
    if (token === 'low-score') return { success: true, score: 0.1, action: 'login' };
    return { success: false, 'error-codes': ['invalid-input-response'] };
  });
  verifyUrl = `${await host.listen({ host: '127.0.0.1', port: 0 })}/siteverify`;
});
afterAll(() => host.close());

const adapters: Array<[string, () => BotCheckProvider, { person: string; bot: string }]> = [
  ['sandbox', () => createSandboxBotCheck(), { person: 'person', bot: SANDBOX_BOT_TOKEN }],
  ['recaptcha', () => createRecaptchaBotCheck({ secret: 'test-secret', verifyUrl }), { person: 'person', bot: 'forged' }],
];

describe.each(adapters)('BotCheckProvider: %s', (_name, create, tokens) => {
  it('accepts a person', async () => {
    expect(await create().verify({ token: tokens.person, action: 'login', ip: '127.0.0.1' })).toBe(true);
  });
  it('refuses a bot', async () => {
    expect(await create().verify({ token: tokens.bot, action: 'login', ip: '127.0.0.1' })).toBe(false);
  });
});

describe('recaptcha adapter', () => {
  it('refuses a low score, another action, a missing token and an unreachable vendor', async () => {
    const check = createRecaptchaBotCheck({ secret: 'test-secret', verifyUrl });
    expect(await check.verify({ token: 'low-score', action: 'login', ip: '127.0.0.1' })).toBe(false);
    expect(await check.verify({ token: 'person', action: 'signup', ip: '127.0.0.1' })).toBe(false);
    expect(await check.verify({ token: undefined, action: 'login', ip: '127.0.0.1' })).toBe(false);
    const down = createRecaptchaBotCheck({ secret: 'test-secret', verifyUrl: 'http://127.0.0.1:9/siteverify', timeoutMs: 500 });
    expect(await down.verify({ token: 'person', action: 'login', ip: '127.0.0.1' })).toBe(false);
  });

  it('names the missing variable', () => {
    expect(() => createRecaptchaBotCheck({ secret: '' })).toThrow('RECAPTCHA_SECRET');
  });
});
