import { PATHS } from '@causeway/contracts';
import { describe, expect, it } from 'vitest';
import { call } from '../../test/identity-helpers.ts';
import { createTestApp } from '../../test/test-app.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { CREDENTIAL_IP_POLICY } from '../modules/identity/sign-in-lock.ts';

// Behind a load balancer every per-IP limit keys on the client address Fastify reads from
// X-Forwarded-For. With TRUST_PROXY=true that is the header's leftmost entry, which the client
// writes itself whenever the proxy appends to the header (the usual way): a guesser names a new
// address per request. Naming the proxies makes the client address the last one before them.

const PROXY = '127.0.0.1'; // where app.inject's requests come from
const CLIENT = '203.0.113.50'; // what the proxy appended: the real client

describe('TRUST_PROXY', () => {
  it('takes the proxies by address or CIDR (comma-separated) besides true and false, and refuses anything else', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.1,::1' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '192.168.1.1', '::1']);
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    for (const bad of ['maybe', '10.0.0.0/33', '10.0.0.1,', 'proxy.example'])
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(ConfigError);
  });

  it('with the proxy named, a client cannot spread its password guesses over made-up X-Forwarded-For addresses', async () => {
    const { app } = await createTestApp({ TRUST_PROXY: PROXY });
    try {
      const limit = CREDENTIAL_IP_POLICY.passwordChecksPerIpPerHour;
      const guess = (i: number) =>
        call(app, 'POST', PATHS.passwordLogin, {
          body: { email: `nobody${i}@causeway.test`, password: 'Wrong-password-2026!' },
          headers: { 'x-forwarded-for': `198.51.100.${i % 250}, ${CLIENT}` },
          ip: PROXY,
        });
      for (let i = 0; i < limit; i += 1) expect((await guess(i)).body.code).toBe('USE000001001');
      const refused = await guess(limit);
      expect(refused.statusCode).toBe(429);
      expect(refused.body.code).toBe('USE000002002');
    } finally {
      await app.close();
    }
  });
});
