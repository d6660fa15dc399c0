import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import { createLoggerOptions, loggableError, withoutQueryParams } from './logging.ts';

function captureLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(String(chunk));
      callback();
    },
  });
  return { logger: pino(createLoggerOptions('info'), stream), lines };
}

describe('log redaction', () => {
  it('hides passwords, codes, tokens and card fields at any of the first levels', () => {
    const { logger, lines } = captureLogger();
    logger.info({
      password: 'Causeway-demo-2026!',
      body: { verifyCode: '123456', code: '654321', card: { number: '4242424242424242', cvv: '123' } },
      headers: { token: 'tok_abcdef', 'business-token': 'btok_abcdef' },
      deep: { a: { b: { otpCode: '111222' } } },
    });
    const written = lines.join('');
    for (const secret of ['Causeway-demo-2026!', '123456', '654321', '4242424242424242', '"123"', 'tok_abcdef', 'btok_abcdef', '111222']) {
      expect(written).not.toContain(secret);
    }
    expect(written).toContain('[redacted]');
  });

  it('logs request paths without their query strings, which may carry codes', async () => {
    const t = await createTestApp();
    await t.app.inject({ method: 'GET', url: '/prod-api/health?code=987654&token=tok_query_secret' });
    await t.app.close();
    const written = t.logs.join('');
    expect(written).toContain('/prod-api/health');
    expect(written).not.toContain('987654');
    expect(written).not.toContain('tok_query_secret');
  });
});

describe('an unexpected error in a route', () => {
  it("logs its stack frames but not a database error's parameters, which the stack's first lines repeat", async () => {
    const t = await createTestApp({}, (app) => {
      app.get('/prod-api/test-db-failure', { config: { caller: 'public' } }, async () => {
        throw new Error('Failed query: insert into "help_uploads" ("token") values ($1)\nparams: upl_secret_token,receipt.pdf');
      });
    });
    const response = await t.app.inject({ method: 'GET', url: '/prod-api/test-db-failure' });
    await t.app.close();
    expect(response.json().code).toBe('999999');
    const written = t.logs.join('');
    expect(written).toContain('unexpected error');
    expect(written).toContain('logging.test.ts');
    expect(written).not.toContain('upl_secret_token');
  });
});

describe('withoutQueryParams', () => {
  it("keeps a database error's query and drops its parameters", () => {
    const message = 'Failed query: insert into "cards" ("processor_token") values ($1)\nparams: src_secret_token,Ada,12 Example Street';
    expect(withoutQueryParams(message)).toBe('Failed query: insert into "cards" ("processor_token") values ($1)\nparams: [redacted]');
    expect(loggableError(new Error(message, { cause: new Error('duplicate key') }))).toEqual({
      type: 'Error',
      message: withoutQueryParams(message),
      cause: 'duplicate key',
    });
  });
});
