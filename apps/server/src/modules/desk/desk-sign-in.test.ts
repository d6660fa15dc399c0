import { PATHS, permissionsOf } from '@causeway/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deskCall,
  deskCode,
  deskHeaders,
  deskPassword,
  deskSignIn,
  DEMO_OPERATOR_PASSWORD,
  demoOperator,
} from '../../../test/desk-helpers.ts';
import { call, createIdentityTestApp, type IdentityTestApp, nextIp, signUp, tokenHeaders, totpAt } from '../../../test/identity-helpers.ts';
import { operatorAuditLog, operators, operatorSessions } from '../../db/schema/index.ts';
import { loadServerSecret } from '../../platform/server-secret.repository.ts';
import { createDeskRepository } from './desk.repository.ts';
import { DESK_SESSION_POLICY, DESK_SIGN_IN_POLICY } from './desk-sign-in.service.ts';
import { createOperatorAccounts } from './operator-accounts.ts';
import { createOperatorTotp, deskTotpKey } from './operator-totp.ts';

// docs/rules/operator-desk.md "Signing in", docs/trust.md "Operators".

let t: IdentityTestApp;
beforeAll(async () => {
  t = await createIdentityTestApp();
});
afterAll(async () => {
  await t.app.close();
});

/** Operators of this file's own, so the counters and steps of one test never reach another's. */
let made = 0;
async function newOperator(role: 'support' | 'compliance' | 'admin', options: { enrolled?: boolean } = {}) {
  made += 1;
  const email = `desk-test-${made}@example.com`;
  const password = `Operator-password-${made}!`;
  const secret = `CAUSEWAYDESKTESTOPERATORSECRET${String.fromCharCode(65 + (made % 26))}${String.fromCharCode(65 + ((made * 7) % 26))}`;
  const accounts = createOperatorAccounts({
    repository: createDeskRepository(t.db),
    totp: createOperatorTotp(deskTotpKey(await loadServerSecret(t.db, undefined))),
    now: () => t.clock.now(),
  });
  await accounts.create({
    email,
    displayName: `Test ${role}`,
    role,
    password,
    ...(options.enrolled === false ? {} : { totpSecret: secret }),
  });
  const [row] = await t.db.select().from(operators).where(eq(operators.email, email));
  return { id: row!.id, email, password, secret };
}

const auditOf = (operatorId: string) => t.db.select().from(operatorAuditLog).where(eq(operatorAuditLog.operatorId, operatorId));

describe('the desk sign-in', () => {
  it('takes the password, then the authenticator code, and answers a session sent back in its header', async () => {
    const operator = await newOperator('compliance');
    const ip = nextIp();
    const first = await deskPassword(t.app, { email: operator.email.toUpperCase(), password: operator.password }, ip);
    expect(first.statusCode).toBe(200);
    expect(first.body.data).toMatchObject({ expiresInSeconds: 300, enrol: null });
    t.clock.advance(30_000);
    const second = await deskCode(t.app, { stepToken: first.body.data.stepToken, code: await totpAt(t.clock, operator.secret) }, ip);
    expect(second.statusCode).toBe(200);
    expect(second.body.data).toMatchObject({
      idleMinutes: 30,
      expiresAt: new Date(t.clock.now().getTime() + 8 * 3600_000).toISOString(),
      operator: { operatorId: operator.id, email: operator.email, role: 'compliance', permissions: permissionsOf('compliance') },
    });
    // Only the token's SHA-256 is stored.
    const token = second.body.data.token as string;
    const sessions = await t.db.select().from(operatorSessions).where(eq(operatorSessions.operatorId, operator.id));
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.tokenHash).not.toContain(token);
    const me = await deskCall(t.app, 'GET', PATHS.deskMe, token);
    expect(me.body.data).toMatchObject({ operatorId: operator.id, role: 'compliance' });
    // The sign-in is audited, without any secret.
    const rows = await auditOf(operator.id);
    expect(rows.map((row) => [row.action, row.outcome, row.ipKey])).toEqual([['session.sign-in', 'done', ip]]);
    expect(JSON.stringify(rows)).not.toContain(token);
    // Nothing secret reaches the logs: not the password, the step token, the code or the session token.
    const logs = t.logs.join('');
    for (const secret of [operator.password, first.body.data.stepToken as string, token]) expect(logs).not.toContain(secret);
  });

  it('answers the same refusal for a wrong password, an unknown email and a disabled operator', async () => {
    const operator = await newOperator('support');
    const disabled = await newOperator('support');
    await createDeskRepository(t.db).setOperatorStatus(disabled.id, 'Disabled');
    for (const body of [
      { email: operator.email, password: 'wrong password' },
      { email: 'nobody-at-the-desk@example.com', password: operator.password },
      { email: disabled.email, password: disabled.password },
    ]) {
      const answer = await deskPassword(t.app, body);
      expect(answer.statusCode, body.email).toBe(400);
      expect(answer.body.code).toBe('DSK0000002');
    }
  });

  it('checks at most 5 of 40 parallel wrong passwords of one operator; then even the right one waits the hour', async () => {
    const operator = await newOperator('admin');
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => deskPassword(t.app, { email: operator.email, password: 'a wrong guess' })),
    );
    const codes = answers.map((answer) => answer.body.code);
    expect(codes.filter((code) => code === 'DSK0000002')).toHaveLength(DESK_SIGN_IN_POLICY.failuresPerOperator);
    expect(codes.filter((code) => code === 'USE000002002')).toHaveLength(40 - DESK_SIGN_IN_POLICY.failuresPerOperator);
    const right = await deskPassword(t.app, { email: operator.email, password: operator.password });
    expect(right.statusCode).toBe(429);
    expect(right.body.code).toBe('USE000002002');
    t.clock.advance(DESK_SIGN_IN_POLICY.windowMs + 1000);
    expect((await deskPassword(t.app, { email: operator.email, password: operator.password })).statusCode).toBe(200);
  });

  it('closes an address after 20 refusals, whichever operators it guessed at', async () => {
    const ip = nextIp();
    for (let guess = 0; guess < DESK_SIGN_IN_POLICY.failuresPerAddress; guess += 1)
      expect((await deskPassword(t.app, { email: `guess-${guess}@example.com`, password: 'x' }, ip)).body.code).toBe('DSK0000002');
    const operator = await newOperator('support');
    expect((await deskPassword(t.app, { email: operator.email, password: operator.password }, ip)).body.code).toBe('USE000002002');
    // Another address is not closed.
    expect((await deskPassword(t.app, { email: operator.email, password: operator.password })).statusCode).toBe(200);
  });

  it('counts wrong codes per operator: the sixth, right or not, is refused unchecked', async () => {
    const operator = await newOperator('support');
    const step = async () =>
      (await deskPassword(t.app, { email: operator.email, password: operator.password })).body.data.stepToken as string;
    const stepToken = await step();
    for (let wrong = 0; wrong < DESK_SIGN_IN_POLICY.failuresPerOperator; wrong += 1)
      expect((await deskCode(t.app, { stepToken, code: '000000' })).body.code).toBe('DSK0000002');
    const right = await deskCode(t.app, { stepToken: await step(), code: await totpAt(t.clock, operator.secret) });
    expect(right.body.code).toBe('USE000002002');
  });

  it('accepts a code once: the same code with a new step token is refused', async () => {
    const operator = await newOperator('support');
    t.clock.advance(30_000);
    const code = await totpAt(t.clock, operator.secret);
    const stepOf = async () =>
      (await deskPassword(t.app, { email: operator.email, password: operator.password })).body.data.stepToken as string;
    expect((await deskCode(t.app, { stepToken: await stepOf(), code })).statusCode).toBe(200);
    const again = await deskCode(t.app, { stepToken: await stepOf(), code });
    expect(again.body.code).toBe('DSK0000002');
  });

  it('refuses a step token past its 5 minutes, or not signed by us, and changes nothing', async () => {
    const operator = await newOperator('support');
    const stepToken = (await deskPassword(t.app, { email: operator.email, password: operator.password })).body.data.stepToken as string;
    const [body, signature] = stepToken.split('.');
    const forged = `${Buffer.from(JSON.stringify({ purpose: 'desk-code', operatorId: operator.id, expiresAt: 9e15 })).toString('base64url')}.${signature}`;
    expect((await deskCode(t.app, { stepToken: forged, code: await totpAt(t.clock, operator.secret) })).body.code).toBe('DSK0000003');
    expect(body).toBeTruthy();
    t.clock.advance(DESK_SIGN_IN_POLICY.stepMs + 1000);
    const late = await deskCode(t.app, { stepToken, code: await totpAt(t.clock, operator.secret) });
    expect(late.statusCode).toBe(400);
    expect(late.body.code).toBe('DSK0000003');
    expect(await t.db.select().from(operatorSessions).where(eq(operatorSessions.operatorId, operator.id))).toEqual([]);
  });

  it('refuses a malformed body with a 400 naming the field, and checks nothing', async () => {
    const answer = await call(t.app, 'POST', PATHS.deskSignInCode, { body: { stepToken: 'x', code: '12ab56' } });
    expect(answer.statusCode).toBe(400);
    expect(answer.body.code).toBe('REQ0000400');
    expect(answer.body.msg).toContain('code');
  });
});

describe('enrolment at the first sign-in', () => {
  it('shows a new authenticator secret with the step token until a first right code enrols it; then never again', async () => {
    const operator = await newOperator('admin', { enrolled: false });
    const first = await deskPassword(t.app, { email: operator.email, password: operator.password });
    const enrol = first.body.data.enrol as { otpauthUri: string; secret: string };
    expect(enrol.otpauthUri).toMatch(/^otpauth:\/\/totp\/Causeway%20desk:desk-test-\d+%40example\.com\?secret=/);
    expect(enrol.otpauthUri).toContain(enrol.secret);
    // The secret is stored sealed, never as it is.
    const [row] = await t.db.select().from(operators).where(eq(operators.id, operator.id));
    expect(row!.totpSecretSealed).not.toContain(enrol.secret);
    expect(row!.totpEnrolledAt).toBeNull();

    const session = await deskCode(t.app, { stepToken: first.body.data.stepToken, code: await totpAt(t.clock, enrol.secret) });
    expect(session.statusCode).toBe(200);
    const rows = await auditOf(operator.id);
    expect(rows.map((entry) => [entry.action, entry.details])).toEqual([['session.sign-in', { enrolled: true }]]);

    const later = await deskPassword(t.app, { email: operator.email, password: operator.password });
    expect(later.body.data.enrol).toBeNull();
    t.clock.advance(30_000);
    expect((await deskCode(t.app, { stepToken: later.body.data.stepToken, code: await totpAt(t.clock, enrol.secret) })).statusCode).toBe(
      200,
    );
  });
});

describe('desk sessions', () => {
  it('end after 30 minutes without a call, and at 8 hours whatever the calls', async () => {
    const idle = await deskSignIn(t, 'support');
    t.clock.advance(DESK_SESSION_POLICY.idleMs - 60_000);
    expect((await deskCall(t.app, 'GET', PATHS.deskMe, idle)).statusCode).toBe(200);
    t.clock.advance(DESK_SESSION_POLICY.idleMs + 1000);
    const gone = await deskCall(t.app, 'GET', PATHS.deskMe, idle);
    expect(gone.statusCode).toBe(401);
    expect(gone.body.code).toBe('DSK0000001');

    const busy = await deskSignIn(t, 'support');
    for (let elapsed = 0; elapsed < DESK_SESSION_POLICY.lifetimeMs - 20 * 60_000; elapsed += 20 * 60_000) {
      t.clock.advance(20 * 60_000);
      expect((await deskCall(t.app, 'GET', PATHS.deskMe, busy)).statusCode, `after ${elapsed} ms`).toBe(200);
    }
    t.clock.advance(20 * 60_000);
    expect((await deskCall(t.app, 'GET', PATHS.deskMe, busy)).body.code).toBe('DSK0000001');
  });

  it('end at sign-out, which is audited', async () => {
    const token = await deskSignIn(t, 'compliance');
    expect((await deskCall(t.app, 'POST', PATHS.deskSignOut, token, { body: {} })).statusCode).toBe(200);
    expect((await deskCall(t.app, 'GET', PATHS.deskMe, token)).body.code).toBe('DSK0000001');
    const [row] = await t.db
      .select()
      .from(operators)
      .where(eq(operators.email, demoOperator('compliance').email));
    const signOuts = await t.db
      .select()
      .from(operatorAuditLog)
      .where(and(eq(operatorAuditLog.operatorId, row!.id), eq(operatorAuditLog.action, 'session.sign-out')));
    expect(signOuts.length).toBeGreaterThan(0);
  });

  it("open nothing with a person's token, and a desk token opens nothing of a person's", async () => {
    const personToken = await signUp(t.app, 'person-not-operator@example.com');
    const refused = await call(t.app, 'GET', PATHS.deskMe, { headers: tokenHeaders(personToken) });
    expect(refused.statusCode).toBe(401);
    expect(refused.body.code).toBe('DSK0000001');
    const deskToken = await deskSignIn(t, 'admin');
    const asPerson = await call(t.app, 'GET', PATHS.checkLoginStatus, { headers: { token: deskToken } });
    expect(asPerson.body.data.isLogin).toBe(false);
    expect((await call(t.app, 'GET', PATHS.deskMe, { headers: deskHeaders(deskToken) })).statusCode).toBe(200);
  });

  it('the demo operators sign in with the published password and secrets (docs/sandbox.md)', async () => {
    for (const role of ['support', 'compliance', 'admin'] as const) {
      const token = await deskSignIn(t, role);
      expect((await deskCall(t.app, 'GET', PATHS.deskMe, token)).body.data).toMatchObject({ email: demoOperator(role).email, role });
    }
    expect(DEMO_OPERATOR_PASSWORD).toBe('Causeway-desk-2026!');
  });
});
