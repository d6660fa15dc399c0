import { AGREEMENT_VERSIONS, PATHS } from '@causeway/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userAgreements, users } from '../../db/schema/index.ts';
import {
  call,
  createIdentityTestApp,
  type IdentityTestApp,
  nextIp,
  sendCode,
  signUp,
  tokenHeaders,
} from '../../../test/identity-helpers.ts';
import { readLatestCode } from '../../../test/test-app.ts';

let t: IdentityTestApp;
beforeAll(async () => {
  t = await createIdentityTestApp();
});
afterAll(() => t.app.close());

const CURRENT = { TERM: '20241104', STATEMENT: '20241104', TERMROMA: '20241104', STATEMENT_LI: '20250101' };

const due = (token: string, body: object = {}) => call(t.app, 'POST', PATHS.termsAndStatements, { headers: tokenHeaders(token), body });
const accept = (token: string, protocolMap: object) =>
  call(t.app, 'POST', PATHS.termsAndStatementsV2, { headers: tokenHeaders(token), body: { protocolMap } });

const userIdOf = async (email: string) => (await t.db.select({ id: users.id }).from(users).where(eq(users.emailNormalized, email)))[0]!.id;
/** The person's acceptances, as "PROTOCOL@version", sorted. */
const recorded = async (email: string) =>
  (
    await t.db
      .select()
      .from(userAgreements)
      .where(eq(userAgreements.userId, await userIdOf(email)))
  )
    .map((row) => `${row.protocol}@${row.version}`)
    .sort();

/** A new account through the emailed code, optionally in the Roma channel; answers its token. */
async function signUpIn(email: string, isRoma: boolean) {
  const ip = nextIp();
  await sendCode(t.app, email, { ip });
  const { body } = await call(t.app, 'POST', PATHS.loginWithVerifyCode, {
    body: { email, code: await readLatestCode(t.app, email), termsAccepted: true, isRoma },
    ip,
  });
  expect(body.data.status).toBe('SUCCESS');
  return body.data.token.token as string;
}

describe('the versions of docs/rules/limits.md', () => {
  it('are the spec’s: TERM, STATEMENT, TERMROMA 20241104 and STATEMENT_LI 20250101', () => {
    expect(AGREEMENT_VERSIONS).toEqual(CURRENT);
  });
});

describe('sign-up records the agreements of the terms box', () => {
  it('a new account (entity LI) accepts TERM and STATEMENT_LI at their current versions', async () => {
    const email = 'agreements.signup@example.test';
    await signUp(t.app, email);
    expect(await recorded(email)).toEqual(['STATEMENT_LI@20250101', 'TERM@20241104']);
  });

  it('in the Roma channel it accepts TERMROMA instead of TERM', async () => {
    const email = 'agreements.roma@example.test';
    await signUpIn(email, true);
    expect(await recorded(email)).toEqual(['STATEMENT_LI@20250101', 'TERMROMA@20241104']);
  });

  it('signing in again records nothing more', async () => {
    const email = 'agreements.again@example.test';
    await signUpIn(email, false);
    await signUpIn(email, true);
    expect(await recorded(email)).toEqual(['STATEMENT_LI@20250101', 'TERM@20241104']);
  });
});

describe('terms-and-statements (v1)', () => {
  it('answers the entity’s statement and the terms, each with its version, link and acceptance', async () => {
    const token = await signUp(t.app, 'v1.all@example.test');
    const { statusCode, body } = await due(token);
    expect(statusCode).toBe(200);
    expect(body.data).toEqual({
      entity: 'LI',
      agreements: [
        { protocol: 'TERM', version: '20241104', link: 'terms', accepted: true, acceptedAt: expect.any(String) },
        { protocol: 'STATEMENT_LI', version: '20250101', link: 'privacy', accepted: true, acceptedAt: expect.any(String) },
      ],
      allAccepted: true,
      protocolMap: { TERM: '20241104', STATEMENT_LI: '20250101' },
    });
  });

  it('asks for TERMROMA in the Roma channel when only TERM was accepted', async () => {
    const token = await signUp(t.app, 'v1.roma@example.test');
    const { body } = await due(token, { isRoma: true });
    expect(body.data.allAccepted).toBe(false);
    expect(body.data.agreements).toEqual([
      { protocol: 'TERMROMA', version: '20241104', link: 'terms', accepted: false, acceptedAt: null },
      expect.objectContaining({ protocol: 'STATEMENT_LI', accepted: true }),
    ]);
    expect(body.data.protocolMap).toEqual({ TERMROMA: '20241104', STATEMENT_LI: '20250101' });
  });

  it('asks for STATEMENT once the account is in entity PL', async () => {
    const email = 'v1.pl@example.test';
    const token = await signUp(t.app, email);
    await t.db.update(users).set({ entityTag: 'PL' }).where(eq(users.emailNormalized, email));
    const { body } = await due(token);
    expect(body.data).toMatchObject({ entity: 'PL', allAccepted: false, protocolMap: { TERM: '20241104', STATEMENT: '20241104' } });
    expect(body.data.agreements[1]).toEqual({
      protocol: 'STATEMENT',
      version: '20241104',
      link: 'privacy',
      accepted: false,
      acceptedAt: null,
    });
  });

  it('counts only the current version: an acceptance of an older text asks again (a version bump)', async () => {
    const email = 'v1.bump@example.test';
    const token = await signUp(t.app, email);
    const userId = await userIdOf(email);
    // As if the person had accepted the terms of an earlier date, before the current ones were published.
    await t.db.delete(userAgreements).where(and(eq(userAgreements.userId, userId), eq(userAgreements.protocol, 'TERM')));
    await t.db.insert(userAgreements).values({ userId, protocol: 'TERM', version: '20230101', acceptedAt: t.clock.now() });
    const { body } = await due(token);
    expect(body.data.allAccepted).toBe(false);
    expect(body.data.agreements[0]).toMatchObject({ protocol: 'TERM', version: '20241104', accepted: false });
  });

  it('needs a session', async () => {
    const { statusCode, body } = await call(t.app, 'POST', PATHS.termsAndStatements, { body: {} });
    expect(statusCode).toBe(401);
    expect(body.code).toBe('USER0000001');
  });
});

describe('terms-and-statements v2', () => {
  it('records the map at the current versions, and v1 then says all is accepted', async () => {
    const email = 'v2.accept@example.test';
    const token = await signUp(t.app, email);
    t.clock.advance(60_000);
    const { statusCode, body } = await accept(token, { TERMROMA: '20241104' });
    expect(statusCode).toBe(200);
    expect(body.data).toEqual({
      accepted: [{ protocol: 'TERMROMA', version: '20241104', link: 'terms', accepted: true, acceptedAt: t.clock.now().toISOString() }],
    });
    expect((await due(token, { isRoma: true })).body.data.allAccepted).toBe(true);
    expect(await recorded(email)).toEqual(['STATEMENT_LI@20250101', 'TERM@20241104', 'TERMROMA@20241104']);
  });

  it('is idempotent: accepting again keeps one row and its first time', async () => {
    const email = 'v2.twice@example.test';
    const token = await signUp(t.app, email);
    await t.db.update(users).set({ entityTag: 'PL' }).where(eq(users.emailNormalized, email));
    const first = await accept(token, { STATEMENT: '20241104' });
    t.clock.advance(10 * 60_000);
    const second = await accept(token, { STATEMENT: '20241104' });
    expect(second.statusCode).toBe(200);
    expect(second.body.data.accepted[0].acceptedAt).toBe(first.body.data.accepted[0].acceptedAt);
    expect((await recorded(email)).filter((row) => row.startsWith('STATEMENT@'))).toEqual(['STATEMENT@20241104']);
  });

  it.each([
    ['an old version', { TERM: '20230101' }, 'AGR0000001'],
    ['a version not yet published', { TERM: '20991231' }, 'AGR0000001'],
    ['one old version beside a current one', { TERMROMA: '20241104', STATEMENT_LI: '20241104' }, 'AGR0000001'],
    ["another entity's statement, beside a good agreement", { TERMROMA: '20241104', STATEMENT: '20241104' }, 'AGR0000002'],
    ['an unknown protocol', { PRIVACY: '20241104' }, 'REQ0000400'],
    ['a version that is no date', { TERM: 'latest' }, 'REQ0000400'],
    ['an empty map', {}, 'REQ0000400'],
  ])('refuses %s with 400 and records nothing', async (_what, protocolMap, code) => {
    const email = `v2.refused.${Math.random().toString(36).slice(2)}@example.test`;
    const token = await signUp(t.app, email);
    const before = await recorded(email);
    const { statusCode, body } = await accept(token, protocolMap);
    expect(statusCode).toBe(400);
    expect(body.code).toBe(code);
    expect(body.msg).not.toBe('');
    expect(await recorded(email)).toEqual(before);
  });

  it('names the current version when it refuses an old one', async () => {
    const token = await signUp(t.app, 'v2.names@example.test');
    const { body } = await accept(token, { STATEMENT_LI: '20241104' });
    expect(body.msg).toContain('20250101');
  });

  it('needs a session', async () => {
    const { statusCode } = await call(t.app, 'POST', PATHS.termsAndStatementsV2, { body: { protocolMap: { TERM: '20241104' } } });
    expect(statusCode).toBe(401);
  });
});
