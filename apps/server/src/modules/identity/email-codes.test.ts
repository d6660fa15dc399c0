import { API_BASE, PATHS } from '@causeway/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailCodes } from '../../db/schema/index.ts';
import { createIdentityTestApp, type IdentityTestApp, loginWithCode, nextIp, sendCode, signUp } from '../../../test/identity-helpers.ts';
import { readLatestCode } from '../../../test/test-app.ts';

let t: IdentityTestApp;
beforeAll(async () => {
  t = await createIdentityTestApp();
});
afterAll(() => t.app.close());

/** A code that is not the right one. */
const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** Sends a code to a new address from a new IP; answers what a test needs to enter it. */
async function freshCode(email: string) {
  const ip = nextIp();
  const sent = await sendCode(t.app, email, { ip });
  expect(sent.statusCode).toBe(200);
  const code = await readLatestCode(t.app, email);
  const enter = (entered: string) => loginWithCode(t.app, { email, code: entered, termsAccepted: true }, ip);
  return { ip, code, enter };
}

describe('resending a code', () => {
  it('is refused before 59 s with a 429 saying how long to wait', async () => {
    const email = 'resend.early@example.test';
    const { ip } = await freshCode(email);
    t.clock.advance(58_000);
    const { statusCode, body } = await sendCode(t.app, email, { ip });
    expect(statusCode).toBe(429);
    expect(body).toMatchObject({ status: 429, code: 'USE000002005', data: null });
    expect(body.msg).toContain('1 s');
    // Retry-After too, so the code dialog counts down to Resend from the server's own seconds.
    const again = await t.app.inject({ method: 'POST', url: `${API_BASE}${PATHS.sendVerifyCode}`, payload: { email }, remoteAddress: ip });
    expect(again.headers['retry-after']).toBe('1');
  });

  it('is allowed at 59 s, and the previous code no longer works', async () => {
    const email = 'resend.ok@example.test';
    const first = await freshCode(email);
    t.clock.advance(59_000);
    expect((await sendCode(t.app, email, { ip: first.ip })).statusCode).toBe(200);
    const second = await readLatestCode(t.app, email);
    if (second !== first.code) {
      const old = await first.enter(first.code);
      expect(old.statusCode).toBe(400);
      expect(old.body.code).toBe('USE003000002');
    }
    expect((await first.enter(second)).body.data).toMatchObject({ status: 'SUCCESS', isNewUser: true });
  });

  it('counts the email case-insensitively for the wait', async () => {
    const { ip } = await freshCode('case.wait@example.test');
    expect((await sendCode(t.app, 'Case.Wait@Example.test', { ip })).body.code).toBe('USE000002005');
  });
});

describe('a code’s life', () => {
  it('still works just before 10 minutes', async () => {
    const { code, enter } = await freshCode('almost.expired@example.test');
    t.clock.advance(10 * 60_000 - 1000);
    expect((await enter(code)).body.data.status).toBe('SUCCESS');
  });

  it('expires after 10 minutes', async () => {
    const { code, enter } = await freshCode('expired@example.test');
    t.clock.advance(10 * 60_000);
    const { statusCode, body } = await enter(code);
    expect(statusCode).toBe(400);
    expect(body.code).toBe('USE000002003');
    expect((await enter(code)).body.code).toBe('USE000002003');
  });

  it('is single use', async () => {
    const { code, enter } = await freshCode('used.once@example.test');
    expect((await enter(code)).body.data.status).toBe('SUCCESS');
    const { statusCode, body } = await enter(code);
    expect(statusCode).toBe(400);
    expect(body.code).toBe('USE000002004');
  });

  it('is burnt by 5 wrong entries: the fifth answers USE000002002 and even the right code then fails', async () => {
    const { code, enter } = await freshCode('burnt@example.test');
    const wrong = wrongCodeFor(code);
    for (let i = 1; i <= 4; i += 1) {
      const { statusCode, body } = await enter(wrong);
      expect(statusCode).toBe(400);
      expect(body).toMatchObject({ code: 'USE003000002', msg: 'Invalid code. Please try again.' });
    }
    const fifth = await enter(wrong);
    expect(fifth.statusCode).toBe(429);
    expect(fifth.body.code).toBe('USE000002002');
    const right = await enter(code);
    expect(right.body.code).toBe('USE000002002');
    expect(right.body.data).toBeNull();
  });

  it('answers "wrong" when no code was ever sent', async () => {
    const { statusCode, body } = await loginWithCode(
      t.app,
      { email: 'never.sent@example.test', code: '123456', termsAccepted: true },
      nextIp(),
    );
    expect(statusCode).toBe(400);
    expect(body.code).toBe('USE003000002');
  });
});

describe('secrecy of codes', () => {
  it('stores only a keyed hash of the code, never the code itself', async () => {
    const email = 'stored@example.test';
    const { code } = await freshCode(email);
    const rows = await t.db.select().from(emailCodes).where(eq(emailCodes.emailNormalized, email));
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(code);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(10 * 60_000);
  });

  it('never writes a code to the logs, sent or entered', async () => {
    const email = 'logs@example.test';
    const { code, enter } = await freshCode(email);
    await enter(wrongCodeFor(code));
    await enter(code);
    const logs = t.logs.join('\n');
    expect(logs).toContain('/capi/v1/login/common/login-with-verify-code');
    // Digits standing alone: log lines carry long numbers (times, durations) that may contain any six digits.
    const alone = (digits: string) => new RegExp(`(?<![0-9])${digits}(?![0-9])`);
    expect(logs).not.toMatch(alone(code));
    expect(logs).not.toMatch(alone(wrongCodeFor(code)));
  });
});

describe('sending limits', () => {
  it('lets an office behind one address send codes to 25 different people within an hour (issue 14: 20 an hour locked a building out)', async () => {
    const ip = nextIp();
    for (let i = 1; i <= 25; i += 1) {
      const { statusCode, body } = await sendCode(t.app, `office${i}@example.test`, { ip });
      expect(statusCode, JSON.stringify(body)).toBe(200);
    }
  });

  it('refuses the 201st send within an hour from one IP (a stranger spraying addresses), says when to ask again, and allows it an hour later', async () => {
    const ip = nextIp();
    for (let i = 1; i <= 200; i += 1) expect((await sendCode(t.app, `spray${i}@example.test`, { ip })).statusCode).toBe(200);
    const { statusCode, body } = await sendCode(t.app, 'spray201@example.test', { ip });
    expect(statusCode).toBe(429);
    expect(body).toMatchObject({ code: 'USE000002002', msg: 'Maximum attempts exceeded, try again in 1 hour' });
    // Retry-After says when the hour ends, so the page can say when to ask again.
    const again = await t.app.inject({
      method: 'POST',
      url: `${API_BASE}${PATHS.sendVerifyCode}`,
      payload: { email: 'spray201@example.test' },
      remoteAddress: ip,
    });
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(again.headers['retry-after'])).toBeLessThanOrEqual(3600);
    // The refusals were not counted on the address: from elsewhere it gets its code.
    expect((await sendCode(t.app, 'spray201@example.test', { ip: nextIp() })).statusCode).toBe(200);
    t.clock.advance(60 * 60_000);
    expect((await sendCode(t.app, 'spray202@example.test', { ip })).statusCode).toBe(200);
  });

  it('refuses a fifth code for one address from one IP within an hour; the owner, from another IP, still gets theirs', async () => {
    const email = 'hammered@example.test';
    const ip = nextIp();
    for (let i = 1; i <= 4; i += 1) {
      expect((await sendCode(t.app, email, { ip })).statusCode).toBe(200);
      t.clock.advance(60_000);
    }
    for (let i = 1; i <= 3; i += 1) {
      const refused = await sendCode(t.app, email, { ip });
      expect(refused.statusCode).toBe(429);
      expect(refused.body.code).toBe('USE000002002');
      t.clock.advance(60_000);
    }
    expect((await sendCode(t.app, email, { ip: nextIp() })).statusCode).toBe(200);
  });

  it('counts an IPv6 /64 as one IP: a fifth code for one address from a new address in the same /64 is refused', async () => {
    const email = 'ipv6.hopper@example.test';
    for (let i = 1; i <= 4; i += 1) {
      expect((await sendCode(t.app, email, { ip: `2001:db8:14:2::${i}` })).statusCode).toBe(200);
      t.clock.advance(60_000);
    }
    const refused = await sendCode(t.app, email, { ip: '2001:db8:14:2::5' });
    expect(refused.statusCode).toBe(429);
    expect(refused.body.code).toBe('USE000002002');
    // Another /64 is another IP.
    expect((await sendCode(t.app, email, { ip: '2001:db8:14:3::1' })).statusCode).toBe(200);
  });

  it('refuses a seventh code for one address within an hour, whatever the IP', async () => {
    const email = 'many.codes@example.test';
    for (let i = 1; i <= 6; i += 1) {
      expect((await sendCode(t.app, email, { ip: nextIp() })).statusCode).toBe(200);
      t.clock.advance(60_000);
    }
    expect((await sendCode(t.app, email, { ip: nextIp() })).body.code).toBe('USE000002002');
  });
});

describe('guessing limits', () => {
  it('refuses the 61st code check within an hour from one IP, whatever the addresses (docs/trust.md: per-IP limit on verification)', async () => {
    const ip = nextIp();
    for (let i = 1; i <= 60; i += 1) {
      expect((await loginWithCode(t.app, { email: `guess${i}@example.test`, code: '123456', termsAccepted: true }, ip)).body.code).toBe(
        'USE003000002',
      );
    }
    expect((await loginWithCode(t.app, { email: 'guess61@example.test', code: '123456', termsAccepted: true }, ip)).body.code).toBe(
      'USE000002002',
    );
    expect((await loginWithCode(t.app, { email: 'guess61@example.test', code: '123456', termsAccepted: true }, nextIp())).body.code).toBe(
      'USE003000002',
    );
  });

  it('lets 100 people behind one IP send and enter their right codes within an hour: only wrong entries count on the IP (issue 14)', async () => {
    const ip = nextIp();
    for (let i = 1; i <= 100; i += 1) {
      const email = `office.sign-in${i}@example.test`;
      expect((await sendCode(t.app, email, { ip })).statusCode).toBe(200);
      const code = await readLatestCode(t.app, email);
      const { statusCode, body } = await loginWithCode(t.app, { email, code, termsAccepted: true }, ip);
      expect(statusCode, `person ${i}: ${JSON.stringify(body)}`).toBe(200);
      expect(body.data.status).toBe('SUCCESS');
    }
  });

  it('does not count an entry of a used code on the IP: it guesses nothing, so the 61st is answered, not refused', async () => {
    const { ip, code, enter } = await freshCode('used.again@example.test');
    expect((await enter(code)).body.data.status).toBe('SUCCESS');
    for (let i = 1; i <= 61; i += 1) expect((await enter(code)).body.code, `entry ${i}`).toBe('USE000002004');
    expect(
      (await loginWithCode(t.app, { email: 'used.again.guess@example.test', code: '123456', termsAccepted: true }, ip)).body.code,
    ).toBe('USE003000002');
  });

  it('still refuses wrong entries from one IP past 60 an hour, right ones among them or not, with 429 and Retry-After', async () => {
    const ip = nextIp();
    const email = 'right.among.wrong@example.test';
    expect((await sendCode(t.app, email, { ip })).statusCode).toBe(200);
    const code = await readLatestCode(t.app, email);
    for (let i = 1; i <= 60; i += 1) {
      expect((await loginWithCode(t.app, { email: `wrong${i}@example.test`, code: '123456', termsAccepted: true }, ip)).body.code).toBe(
        'USE003000002',
      );
    }
    const refused = await t.app.inject({
      method: 'POST',
      url: `${API_BASE}${PATHS.loginWithVerifyCode}`,
      payload: { email, code, termsAccepted: true },
      remoteAddress: ip,
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('USE000002002');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
    // The refusal came before the check: the right code was not used up and works from elsewhere.
    expect((await loginWithCode(t.app, { email, code, termsAccepted: true }, nextIp())).body.data.status).toBe('SUCCESS');
  });
});

describe('the code email', () => {
  it('is in Chinese when the request asks for zh', async () => {
    const email = 'zh@example.test';
    await sendCode(t.app, email, { ip: nextIp(), headers: { 'accept-language': 'zh-CN,zh;q=0.9' } });
    const [message] = (await t.app.inject({ method: 'GET', url: `/sandbox/mailbox?to=${email}` })).json().messages;
    expect(message.subject).toMatch(/^您的 Causeway 验证码：\d{6}$/);
    expect(message.text).toContain('10 分钟内有效');
    expect(await readLatestCode(t.app, email)).toBe(message.subject.slice(-6));
  });

  it('is in English otherwise', async () => {
    const email = 'en@example.test';
    await sendCode(t.app, email, { ip: nextIp(), headers: { 'accept-language': 'fr-FR' } });
    const [message] = (await t.app.inject({ method: 'GET', url: `/sandbox/mailbox?to=${email}` })).json().messages;
    expect(message.subject).toMatch(/^Your Causeway code: \d{6}$/);
    expect(message.text).toContain('valid for 10 minutes');
  });
});

describe('signing in to an existing account with a code', () => {
  it('works with a fresh code after the sign-up code was used', async () => {
    const email = 'existing.code@example.test';
    await signUp(t.app, email);
    t.clock.advance(60_000);
    const { code, enter } = await freshCode(email);
    expect((await enter(code)).body.data).toMatchObject({ status: 'SUCCESS', isNewUser: false });
  });
});
