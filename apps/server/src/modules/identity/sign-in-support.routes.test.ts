import { PATHS } from '@causeway/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createIdentityTestApp, type IdentityTestApp } from '../../../test/identity-helpers.ts';

let t: IdentityTestApp;
beforeAll(async () => {
  t = await createIdentityTestApp();
});
afterAll(() => t.app.close());

describe('IP checks through the sandbox geo provider', () => {
  it('places a local address in SANDBOX_GEO_COUNTRY (DE by default): served, no UK rules', async () => {
    const { body } = await call(t.app, 'GET', PATHS.ipCheck, { ip: '127.0.0.1' });
    expect(body.data).toEqual({ ipCountry: 'DE', isUk: false, blocked: false });
  });

  it('flags a UK address and blocks a sanctioned country at registration', async () => {
    expect((await call(t.app, 'GET', PATHS.ipCheck, { ip: '192.0.2.10' })).body.data).toEqual({
      ipCountry: 'GB',
      isUk: true,
      blocked: false,
    });
    expect((await call(t.app, 'GET', PATHS.inRegister, { ip: '198.51.100.7' })).body.data).toEqual({
      ipCountry: 'KP',
      isUk: false,
      blocked: true,
      canRegister: false,
    });
    expect((await call(t.app, 'GET', PATHS.inRegister, { ip: '203.0.113.9' })).body.data.canRegister).toBe(true);
  });

  it('answers an unknown country as null, not as blocked', async () => {
    expect((await call(t.app, 'GET', PATHS.ipCheck, { ip: '8.8.8.8' })).body.data).toEqual({
      ipCountry: null,
      isUk: false,
      blocked: false,
    });
  });
});

describe('statement/query', () => {
  it('maps PL to STATEMENT and any other entity to STATEMENT_LI, with the spec versions', async () => {
    expect((await call(t.app, 'GET', `${PATHS.statementQuery}?entity=PL`)).body.data.protocolMap).toEqual({
      TERM: '20241104',
      STATEMENT: '20241104',
    });
    expect((await call(t.app, 'GET', PATHS.statementQuery)).body.data.protocolMap).toEqual({ TERM: '20241104', STATEMENT_LI: '20250101' });
    expect((await call(t.app, 'GET', `${PATHS.statementQuery}?entity=LI&isRoma=true`)).body.data.protocolMap).toEqual({
      TERMROMA: '20241104',
      STATEMENT_LI: '20250101',
    });
    expect((await call(t.app, 'GET', PATHS.statementQuery, { headers: { entity: 'PL' } })).body.data.protocolMap).toHaveProperty(
      'STATEMENT',
    );
  });
});

describe('account-check-by-email', () => {
  it('answers like account-check', async () => {
    const { body } = await call(t.app, 'POST', PATHS.accountCheckByEmail, { body: { email: 'DEMO@causeway.test' } });
    expect(body.data).toMatchObject({ exists: true, hasPassword: true, userType: 'Individual' });
  });
});

describe('common/log', () => {
  it('stores the client log with its uuid and refuses a malformed one', async () => {
    const uuid = '0b9f4c1e-8d2a-4f3b-9c6d-1e2f3a4b5c6d';
    const stored = await call(t.app, 'POST', PATHS.clientLog, { body: { uuid, logMap: { page: 'login-v2', event: 'submit' } } });
    expect(stored.body.code).toBe('000000');
    const rows = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from client_logs where client_uuid = ${uuid}`);
    expect((rows as unknown as { rows: Array<{ n: number }> }).rows[0]?.n).toBe(1);
    expect((await call(t.app, 'POST', PATHS.clientLog, { body: { uuid: 'nope', logMap: {} } })).statusCode).toBe(400);
  });
});

describe('the bot check on sign-in steps', () => {
  it('refuses the sandbox bot token before anything happens', async () => {
    const email = 'robot@causeway.test';
    const send = await call(t.app, 'POST', PATHS.sendVerifyCode, { body: { email, recaptchaToken: 'sandbox-bot' } });
    expect(send.body.code).toBe('USE000001007');
    const mailbox = await t.app.inject({ method: 'GET', url: `/sandbox/mailbox?to=${email}` });
    expect(mailbox.json().messages).toEqual([]);
    const password = await call(t.app, 'POST', PATHS.passwordLogin, {
      body: { email: 'demo@causeway.test', password: 'Causeway-demo-2026!', recaptchaToken: 'sandbox-bot' },
    });
    expect(password.body.code).toBe('USE000001007');
    const check = await call(t.app, 'POST', PATHS.accountCheck, { body: { email, recaptchaToken: 'sandbox-bot' } });
    expect(check.body.code).toBe('USE000001007');
  });

  it('guards account-check-by-email like account-check, so it is no way around the check', async () => {
    const refused = await call(t.app, 'POST', PATHS.accountCheckByEmail, {
      body: { email: 'demo@causeway.test', recaptchaToken: 'sandbox-bot' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toMatchObject({ code: 'USE000001007', data: null });
    const person = await call(t.app, 'POST', PATHS.accountCheckByEmail, {
      body: { email: 'demo@causeway.test', recaptchaToken: 'any-human-token' },
    });
    expect(person.body.data).toMatchObject({ exists: true });
  });

  it('refuses the bot token on password/reset-check before any code is mailed', async () => {
    const email = 'demo@causeway.test';
    const mails = async () => (await t.app.inject({ method: 'GET', url: `/sandbox/mailbox?to=${email}` })).json().messages.length as number;
    const before = await mails();
    const refused = await call(t.app, 'POST', PATHS.passwordResetCheck, { body: { email, recaptchaToken: 'sandbox-bot' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toMatchObject({ code: 'USE000001007', data: null });
    expect(await mails()).toBe(before);
    // A person's token goes through: the code is mailed.
    expect((await call(t.app, 'POST', PATHS.passwordResetCheck, { body: { email, recaptchaToken: 'any-human-token' } })).body.code).toBe(
      '000000',
    );
    expect(await mails()).toBe(before + 1);
  });
});

describe('oauth/get-timeout-ticket', () => {
  it('answers a fresh signed ticket valid 5 minutes each time', async () => {
    const first = (await call(t.app, 'GET', PATHS.oauthTimeoutTicket)).body.data;
    const second = (await call(t.app, 'GET', PATHS.oauthTimeoutTicket)).body.data;
    expect(first.expireSeconds).toBe(300);
    expect(first.ticket).toMatch(/^[\w-]+\.[0-9a-f]{64}$/);
    expect(second.ticket).not.toBe(first.ticket);
  });
});
