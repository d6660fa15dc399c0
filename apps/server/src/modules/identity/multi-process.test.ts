import { PATHS } from '@causeway/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { createManualClock } from '../../platform/clock.ts';
import { call, GOOD_PASSWORD, signUpWithPassword } from '../../../test/identity-helpers.ts';
import { createTestDatabase } from '../../../test/test-database.ts';

/**
 * docs/trust.md: "Limits hold across several server processes (Redis or PostgreSQL, not memory)". Two
 * app instances on one database stand for two processes behind a load balancer.
 */
let database: DatabaseHandle;
let first: FastifyInstance;
let second: FastifyInstance;
const clock = createManualClock();

beforeAll(async () => {
  database = await createTestDatabase();
  const config = loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent-web-dist' });
  // Only the first instance owns the database handle's lifetime.
  first = await buildApp({ config, database, clock });
  second = await buildApp({ config, database: { ...database, close: async () => {} }, clock });
  await Promise.all([first.ready(), second.ready()]);
});
afterAll(async () => {
  await second.close();
  await first.close();
});

describe('limits shared by every process', () => {
  it('refuses a resend within 59 s on the other process', async () => {
    const email = 'two-processes@causeway.test';
    expect((await call(first, 'POST', PATHS.sendVerifyCode, { body: { email } })).body.code).toBe('000000');
    expect((await call(second, 'POST', PATHS.sendVerifyCode, { body: { email } })).body.code).toBe('USE000002005');
  });

  it('locks sign-in after five failures spread over both processes', async () => {
    const email = 'spread@causeway.test';
    await signUpWithPassword(first, email);
    const wrong = { email, password: 'Wrong-Pass-2026!' };
    const answers: string[] = [];
    for (const app of [first, second, first, second, first])
      answers.push((await call(app, 'POST', PATHS.passwordLogin, { body: wrong })).body.code);
    expect(answers).toEqual(['USE000001001', 'USE000001001', 'USE000001001', 'USE000001001', 'USE000002002']);
    expect((await call(second, 'POST', PATHS.passwordLogin, { body: { email, password: GOOD_PASSWORD } })).body.code).toBe('USE000002002');
  });

  it('accepts on one process a session issued by the other, and a logout on one ends it on both', async () => {
    const token = await signUpWithPassword(first, 'roaming@causeway.test');
    expect((await call(second, 'GET', PATHS.checkLoginStatus, { headers: { token } })).body.data.isLogin).toBe(true);
    await call(second, 'POST', PATHS.logout, { headers: { token } });
    expect((await call(first, 'GET', PATHS.checkLoginStatus, { headers: { token } })).body.data.isLogin).toBe(false);
  });
});
