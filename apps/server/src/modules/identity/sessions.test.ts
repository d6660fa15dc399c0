import { PATHS } from '@causeway/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema/index.ts';
import { sha256Hex } from '../../platform/crypto.ts';
import {
  call,
  checkLoginStatus,
  createIdentityTestApp,
  type IdentityTestApp,
  signInWithCode,
  signUp,
  tokenHeaders,
} from '../../../test/identity-helpers.ts';

let t: IdentityTestApp;
beforeAll(async () => {
  t = await createIdentityTestApp();
});
afterAll(() => t.app.close());

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

const refresh = (headers: Record<string, string>) => call(t.app, 'GET', PATHS.refreshToken, { headers });
const logout = (headers: Record<string, string>) => call(t.app, 'POST', PATHS.logout, { headers });
const isLoggedIn = async (headers: Record<string, string>) => (await checkLoginStatus(t.app, headers)).isLogin;

const expectUnauthenticated = (answer: { statusCode: number; body: { code: string; data: unknown } }) => {
  expect(answer.statusCode).toBe(401);
  expect(answer.body).toMatchObject({ status: 401, code: 'USER0000001', data: null });
};

/** Refreshes every 50 minutes until the server refuses; answers how long after `start` the last token lived. */
async function refreshUntilRefused(token: string, headersOf: (token: string) => Record<string, string>) {
  const start = t.clock.now().getTime();
  let current = token;
  let lastExpiry = start + HOUR_MS;
  for (let i = 0; i < 200; i += 1) {
    t.clock.advance(50 * MINUTE_MS);
    const answer = await refresh(headersOf(current));
    if (answer.statusCode !== 200) return { lifetimeMs: lastExpiry - start, refusal: answer };
    current = answer.body.data.token.token;
    lastExpiry = t.clock.now().getTime() + answer.body.data.token.validTime * 1000;
  }
  throw new Error('refresh never stopped');
}

describe('refresh (rotation)', () => {
  it('gives a new one-hour token; the old token and a replayed refresh stop working', async () => {
    const old = await signUp(t.app, 'rotate@example.test');
    t.clock.advance(10 * MINUTE_MS);
    const first = await refresh({ token: old });
    expect(first.statusCode).toBe(200);
    const fresh = first.body.data.token;
    expect(fresh).toEqual({ token: expect.any(String), validTime: 3600 });
    expect(fresh.token).not.toBe(old);

    expect(await isLoggedIn({ token: fresh.token })).toBe(true);
    expect(await isLoggedIn({ token: old })).toBe(false);
    expectUnauthenticated(await refresh({ token: old }));
    expectUnauthenticated(await logout({ token: old }));
    expect(await isLoggedIn({ token: fresh.token })).toBe(true);
  });

  it('rotates once when the same token is refreshed twice at the same time', async () => {
    const token = await signUp(t.app, 'concurrent@example.test');
    const answers = await Promise.all([refresh({ token }), refresh({ token })]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401]);
    const winner = answers.find((answer) => answer.statusCode === 200)!;
    expect(await isLoggedIn({ token: winner.body.data.token.token })).toBe(true);
  });

  it('needs a token', async () => {
    expectUnauthenticated(await refresh({}));
    expectUnauthenticated(await refresh({ token: 'made-up-token' }));
  });

  it('stops at the absolute cap of 12 hours', async () => {
    const token = await signUp(t.app, 'cap12@example.test');
    const { lifetimeMs, refusal } = await refreshUntilRefused(token, (value) => ({ token: value }));
    expect(lifetimeMs).toBe(12 * HOUR_MS);
    expectUnauthenticated(refusal);
  });

  it('stops at 5 days when "stay logged in" was chosen', async () => {
    const token = (await signInWithCode(t.app, 'cap5d@example.test', { stayLoggedIn: true })).token.token;
    const { lifetimeMs, refusal } = await refreshUntilRefused(token, (value) => ({ token: value }));
    expect(lifetimeMs).toBe(5 * 24 * HOUR_MS);
    expectUnauthenticated(refusal);
  });

  it('keeps a business session business after rotation', async () => {
    const token = await signUp(t.app, 'business.rotate@example.test', { loginMode: 'business' });
    const { body } = await refresh({ 'business-token': token });
    expect(body.data.token.validTime).toBe(3600);
    expect(await checkLoginStatus(t.app, { 'business-token': body.data.token.token })).toMatchObject({
      isLogin: true,
      mode: 'business',
      userType: 'Corporate',
    });
  });
});

describe('expiry without refresh', () => {
  it('ends a token 1 hour after it was issued', async () => {
    const token = await signUp(t.app, 'idle@example.test');
    t.clock.advance(HOUR_MS - 1000);
    expect(await isLoggedIn({ token })).toBe(true);
    t.clock.advance(1000);
    expect(await isLoggedIn({ token })).toBe(false);
    expectUnauthenticated(await refresh({ token }));
  });

  it('gives a stay-logged-in token the same one-hour validTime (only the refresh cap differs)', async () => {
    const login = await signInWithCode(t.app, 'stay.idle@example.test', { stayLoggedIn: true });
    expect(login.token.validTime).toBe(3600);
    t.clock.advance(HOUR_MS);
    expect(await isLoggedIn({ token: login.token.token })).toBe(false);
  });
});

describe('logout', () => {
  it('revokes the session on the server, and only that session', async () => {
    const email = 'logout@example.test';
    const token = await signUp(t.app, email);
    t.clock.advance(MINUTE_MS);
    const other = (await signInWithCode(t.app, email)).token.token;
    const answer = await logout({ token });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toEqual({ status: 200, code: '000000', msg: '', data: null });

    expect(await isLoggedIn({ token })).toBe(false);
    expectUnauthenticated(await refresh({ token }));
    expectUnauthenticated(await logout({ token }));
    expect(await isLoggedIn({ token: other })).toBe(true);
    const [row] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256Hex(token)));
    expect(row).toMatchObject({ revokedReason: 'logout', revokedAt: t.clock.now() });
  });
});

describe('token kinds', () => {
  it('accepts a business token only in the business-token header', async () => {
    const business = await signUp(t.app, 'kind.business@example.test', { loginMode: 'business' });
    expectUnauthenticated(await refresh({ token: business }));
    expect(await isLoggedIn({ token: business })).toBe(false);
    expect(await isLoggedIn(tokenHeaders(business, 'business'))).toBe(true);
  });

  it('accepts a personal token only in the token header', async () => {
    const personal = await signUp(t.app, 'kind.personal@example.test');
    expectUnauthenticated(await refresh({ 'business-token': personal }));
    expectUnauthenticated(await logout({ 'business-token': personal }));
    expect(await isLoggedIn({ 'business-token': personal })).toBe(false);
    expect(await isLoggedIn({ token: personal })).toBe(true);
  });

  it('issues businessIndependent tokens as business tokens too', async () => {
    const token = await signUp(t.app, 'kind.independent@example.test', { loginMode: 'businessIndependent' });
    expect(await isLoggedIn({ token })).toBe(false);
    expect(await checkLoginStatus(t.app, { 'business-token': token })).toMatchObject({ isLogin: true, mode: 'businessIndependent' });
  });
});

describe('what is stored', () => {
  it('issues tokens of at least 128 random bits and stores only their SHA-256', async () => {
    const email = 'stored.token@example.test';
    const first = await signUp(t.app, email);
    t.clock.advance(MINUTE_MS);
    const second = (await signInWithCode(t.app, email)).token.token;
    for (const token of [first, second]) {
      expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    }
    expect(second).not.toBe(first);

    const [user] = await t.db.select().from(users).where(eq(users.emailNormalized, email));
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, user!.id));
    expect(rows.map((row) => row.tokenHash).sort()).toEqual([sha256Hex(first), sha256Hex(second)].sort());
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(first);
    expect(stored).not.toContain(second);
    for (const row of rows) expect(row.absoluteExpiresAt.getTime() - row.createdAt.getTime()).toBe(12 * HOUR_MS);
  });
});
