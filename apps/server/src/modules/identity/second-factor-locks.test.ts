import { randomUUID } from 'node:crypto';
import { API_BASE, PATHS } from '@causeway/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credentialFailures, emailCodes, signInUnlockTokens, users } from '../../db/schema/index.ts';
import {
  authenticatorOf,
  call,
  createIdentityTestApp,
  GOOD_PASSWORD,
  type IdentityTestApp,
  nextIp,
  passwordLogin,
  sendCode,
  signUpWithPassword,
  tokenHeaders,
  totpAt,
} from '../../../test/identity-helpers.ts';
import { addCard, getQuote, TEST_CARDS, verifiedBuyer } from '../../../test/order-helpers.ts';
import { readLatestCode } from '../../../test/test-app.ts';
import { createIdentityRepository, type CredentialFactor } from './identity.repository.ts';
import { CREDENTIAL_IP_POLICY, LOCKED_MESSAGE } from './sign-in-lock.ts';

// Issue 13, F1 and F3: one counter per person and factor, counted before each check by one
// conditional upsert, shared by every place the factor is checked; per-IP limits on every check;
// unlock links so that a lock never shuts the owner out; process tokens good for one sign-in.

let t: IdentityTestApp;
beforeAll(async () => {
  t = await createIdentityTestApp();
});
afterAll(() => t.app.close());

const PARALLEL = 100;
const WRONG_PASSWORD = 'Wrong-password-2026!';
const LOCKED = { status: 429, code: 'USE000002002', msg: LOCKED_MESSAGE, data: null };

const userIdOf = async (email: string) => (await t.db.select().from(users).where(eq(users.emailNormalized, email)))[0]!.id;
const failuresOf = async (userId: string, factor: CredentialFactor) =>
  (
    await t.db
      .select()
      .from(credentialFailures)
      .where(and(eq(credentialFailures.userId, userId), eq(credentialFailures.factor, factor)))
  )[0]?.failures ?? 0;
/** How many answers carried each error code (200 answers count under their data's status, if any). */
const tally = (answers: Array<{ body: { code: string; data: { status?: string } | null } }>) => {
  const counts: Record<string, number> = {};
  for (const { body } of answers) {
    const key = body.code === '000000' ? (body.data?.status ?? 'OK') : body.code;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
};
/** A six-digit code that no authenticator step within ±2 of now shows. */
async function wrongTotp(secret: string): Promise<string> {
  const near = new Set(await Promise.all([-2, -1, 0, 1, 2].map((steps) => totpAt(t.clock, secret, steps))));
  let candidate = 0;
  while (near.has(String(candidate).padStart(6, '0'))) candidate += 1;
  return String(candidate).padStart(6, '0');
}
const mailbox = async (email: string) =>
  (await t.app.inject({ method: 'GET', url: `/sandbox/mailbox?to=${encodeURIComponent(email)}` })).json().messages as Array<{
    subject: string;
    text: string;
  }>;
const unlockMails = async (email: string) => (await mailbox(email)).filter((message) => /unlock-sign-in\?token=/.test(message.text));
const unlockTokenOf = (text: string) => new URL(text.match(/https?:\/\/\S+/)![0]).searchParams.get('token')!;

/** A person with a password, a bound authenticator (its binding step spent) and a session. */
async function boundPerson(email: string) {
  const token = await signUpWithPassword(t.app, email);
  const userId = await userIdOf(email);
  const authenticator = await authenticatorOf(t);
  const { secret } = await authenticator.startBinding(userId, email);
  expect(await authenticator.confirmBinding(userId, await totpAt(t.clock, secret))).toBe(true);
  t.clock.advance(30_000);
  return { token, userId, secret, headers: tokenHeaders(token) };
}

const verifyOtp = (headers: Record<string, string>, type: 'GA_OTP' | 'EMAIL_OTP', code: string, ip = nextIp()) =>
  call(t.app, 'GET', `${PATHS.verifyOtp}?verifyOtpType=${type}&verifyCode=${code}&scenario=SELL`, { headers, ip });

describe('100 wrong attempts in parallel, then the right one: exactly 5 are checked and the factor locks', () => {
  it('password (sign-in): 4 answered wrong, 96 refused unchecked, the right one refused, one unlock email', async () => {
    const email = 'parallel-password@causeway.test';
    await signUpWithPassword(t.app, email);
    const userId = await userIdOf(email);
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        call(t.app, 'POST', PATHS.passwordLogin, { body: { email, password: WRONG_PASSWORD }, ip: nextIp() }),
      ),
    );
    // The fifth checked attempt answers the lock itself: 4 "Invalid credentials" mean exactly 5 checks.
    expect(tally(answers)).toEqual({ USE000001001: 4, USE000002002: PARALLEL - 4 });
    expect(await failuresOf(userId, 'password')).toBe(5);

    const right = await call(t.app, 'POST', PATHS.passwordLogin, { body: { email, password: GOOD_PASSWORD }, ip: nextIp() });
    expect(right.statusCode).toBe(429);
    expect(right.body).toEqual(LOCKED);
    expect(await unlockMails(email)).toHaveLength(1);
  });

  it('email code (sign-in of an existing account): 4 answered wrong, the right code refused, the code burnt after exactly 5 entries', async () => {
    const email = 'parallel-code@causeway.test';
    await signUpWithPassword(t.app, email);
    const userId = await userIdOf(email);
    t.clock.advance(60_000);
    await sendCode(t.app, email, { ip: nextIp() });
    const code = await readLatestCode(t.app, email);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        call(t.app, 'POST', PATHS.loginWithVerifyCode, { body: { email, code: wrong }, ip: nextIp() }),
      ),
    );
    // Exactly 5 entries were compared (the code's entry count, reserved before each comparison) and
    // counted on the person. Which checked entry reaches the code's fifth entry is a race: it answers
    // the burn (USE000002002) rather than "wrong", so 3 or 4 answers say "wrong", never more.
    const counts = tally(answers);
    expect(counts.USE003000002! + counts.USE000002002!).toBe(PARALLEL);
    expect(counts.USE003000002).toBeGreaterThanOrEqual(3);
    expect(counts.USE003000002).toBeLessThanOrEqual(4);
    expect(await failuresOf(userId, 'email-code')).toBe(5);

    const right = await call(t.app, 'POST', PATHS.loginWithVerifyCode, { body: { email, code }, ip: nextIp() });
    expect(right.body).toEqual(LOCKED);
    const [row] = await t.db.select().from(emailCodes).where(eq(emailCodes.emailNormalized, email)).orderBy(emailCodes.createdAt);
    const rows = await t.db.select().from(emailCodes).where(eq(emailCodes.emailNormalized, email));
    const latest = rows.reduce((a, b) => (a.createdAt > b.createdAt ? a : b), row!);
    expect(latest).toMatchObject({ attempts: 5, closedReason: 'burnt' });
  });

  it('email code of a new address (no account to count on): the code itself takes exactly 5 entries', async () => {
    const email = 'parallel-signup@causeway.test';
    await sendCode(t.app, email, { ip: nextIp() });
    const code = await readLatestCode(t.app, email);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const enter = (entered: string) =>
      call(t.app, 'POST', PATHS.loginWithVerifyCode, { body: { email, code: entered, termsAccepted: true }, ip: nextIp() });
    const answers = await Promise.all(Array.from({ length: PARALLEL }, () => enter(wrong)));
    expect(tally(answers)).toEqual({ USE003000002: 4, USE000002002: PARALLEL - 4 });
    const [row] = await t.db.select().from(emailCodes).where(eq(emailCodes.emailNormalized, email));
    expect(row).toMatchObject({ attempts: 5, closedReason: 'burnt' });
    expect((await enter(code)).body.code).toBe('USE000002002');
  });

  it('authenticator code (verify-otp GA_OTP): 4 FAILED, the right code refused, sign-in closed past the password', async () => {
    const email = 'parallel-ga@causeway.test';
    const { userId, secret, headers } = await boundPerson(email);
    const wrong = await wrongTotp(secret);
    const answers = await Promise.all(Array.from({ length: PARALLEL }, () => verifyOtp(headers, 'GA_OTP', wrong)));
    expect(tally(answers)).toEqual({ FAILED: 4, USE000002002: PARALLEL - 4 });
    expect(await failuresOf(userId, 'authenticator')).toBe(5);

    const right = await verifyOtp(headers, 'GA_OTP', await totpAt(t.clock, secret));
    expect(right.statusCode).toBe(429);
    expect(right.body).toEqual(LOCKED);
    expect((await passwordLogin(t.app, { email, password: GOOD_PASSWORD })).body).toEqual(LOCKED);
    // The authenticator lock is reached only past the first factor: no unlock email for it.
    expect(await unlockMails(email)).toHaveLength(0);
  });
});

describe('one authenticator counter, wherever the code is asked', () => {
  it('verify-otp, submit-buy and change-google-authenticator add to one count; the fifth locks every place, sign-in included', async () => {
    const email = 'shared-ga@causeway.test';
    const buyer = await verifiedBuyer(t, email);
    const card = await addCard(t, buyer.headers, TEST_CARDS.visa);
    const authenticator = await authenticatorOf(t);
    const { secret } = await authenticator.startBinding(buyer.userId, email);
    expect(await authenticator.confirmBinding(buyer.userId, await totpAt(t.clock, secret))).toBe(true);
    t.clock.advance(30_000);
    const wrong = await wrongTotp(secret);

    for (let i = 0; i < 2; i += 1) expect((await verifyOtp(buyer.headers, 'GA_OTP', wrong)).body.data.status).toBe('FAILED');
    const orderId = randomUUID();
    const quote = (await getQuote(t, buyer.headers, { orderId })).body.data;
    const submit = () =>
      call(t.app, 'POST', PATHS.submitBuy, {
        headers: buyer.headers,
        body: { orderId, quoteId: quote.quoteId, cardId: card.cardId, otpType: 'GA_OTP', otpCode: wrong },
      });
    for (let i = 0; i < 2; i += 1) expect((await submit()).body.code).toBe('USE003000011');
    expect(await failuresOf(buyer.userId, 'authenticator')).toBe(4);

    await call(t.app, 'GET', PATHS.preCheckChangeGoogleAuthenticator, { headers: buyer.headers });
    const change = await call(t.app, 'POST', PATHS.changeGoogleAuthenticator, {
      headers: buyer.headers,
      body: { oldGaVerifyCode: wrong, newGaVerifyCode: wrong, emailVerifyCode: '000000' },
      ip: nextIp(),
    });
    expect(change.body).toEqual(LOCKED);

    // Locked for every place: a right code on submit-buy and at the sign-in step is refused unchecked.
    const rightBuy = await call(t.app, 'POST', PATHS.submitBuy, {
      headers: buyer.headers,
      body: { orderId, quoteId: quote.quoteId, cardId: card.cardId, otpType: 'GA_OTP', otpCode: await totpAt(t.clock, secret) },
    });
    expect(rightBuy.body.code).toBe('USE000002002');
    // This buyer signs in by email code: past that first factor, the locked authenticator closes the sign-in.
    t.clock.advance(60_000);
    const ip = nextIp();
    await sendCode(t.app, email, { ip });
    const signIn = await call(t.app, 'POST', PATHS.loginWithVerifyCode, { body: { email, code: await readLatestCode(t.app, email) }, ip });
    expect(signIn.body).toEqual(LOCKED);
    expect(await failuresOf(buyer.userId, 'authenticator')).toBe(5);
  });
});

describe('per-IP limits', () => {
  it(`password checks: the ${CREDENTIAL_IP_POLICY.passwordChecksPerIpPerHour + 1}th from one address within an hour is refused, even the right password of another account`, async () => {
    const email = 'ip-limited@causeway.test';
    await signUpWithPassword(t.app, email);
    const ip = nextIp();
    const limit = CREDENTIAL_IP_POLICY.passwordChecksPerIpPerHour;
    // Unknown addresses: nothing to lock per person, so only the per-IP limit bounds them.
    const answers = await Promise.all(
      Array.from({ length: limit }, (_, i) =>
        call(t.app, 'POST', PATHS.passwordLogin, { body: { email: `nobody${i}@causeway.test`, password: WRONG_PASSWORD }, ip }),
      ),
    );
    expect(tally(answers)).toEqual({ USE000001001: limit });
    const refused = await call(t.app, 'POST', PATHS.passwordLogin, { body: { email, password: GOOD_PASSWORD }, ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toEqual(LOCKED);
    // The window's end, so the page can say when to try again.
    const retryAfter = Number(
      (
        await t.app.inject({
          method: 'POST',
          url: `${API_BASE}${PATHS.passwordLogin}`,
          payload: { email, password: GOOD_PASSWORD },
          remoteAddress: ip,
        })
      ).headers['retry-after'],
    );
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(
      (await call(t.app, 'POST', PATHS.passwordLogin, { body: { email, password: GOOD_PASSWORD }, ip: nextIp() })).body.data.status,
    ).toBe('SUCCESS');
    t.clock.advance(60 * 60_000);
    expect((await call(t.app, 'POST', PATHS.passwordLogin, { body: { email, password: GOOD_PASSWORD }, ip })).body.data.status).toBe(
      'SUCCESS',
    );
  });

  it('password checks: every address of one IPv6 /64 counts as one client (request.ipKey), another /64 does not', async () => {
    const email = 'ip-limited-v6@causeway.test';
    await signUpWithPassword(t.app, email);
    const limit = CREDENTIAL_IP_POLICY.passwordChecksPerIpPerHour;
    // Each check from a fresh address of the same /64, as a phone handed a whole /64 could send them.
    const answers = await Promise.all(
      Array.from({ length: limit }, (_, i) =>
        call(t.app, 'POST', PATHS.passwordLogin, {
          body: { email: `nobody-v6-${i}@causeway.test`, password: WRONG_PASSWORD },
          ip: `2001:db8:64:1::${(i + 1).toString(16)}`,
        }),
      ),
    );
    expect(tally(answers)).toEqual({ USE000001001: limit });
    const refused = await call(t.app, 'POST', PATHS.passwordLogin, {
      body: { email, password: GOOD_PASSWORD },
      ip: '2001:db8:64:1:ffff:ffff:ffff:fffe',
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toEqual(LOCKED);
    expect(
      (await call(t.app, 'POST', PATHS.passwordLogin, { body: { email, password: GOOD_PASSWORD }, ip: '2001:db8:64:2::1' })).body.data
        .status,
    ).toBe('SUCCESS');
  });

  it('authenticator checks: verify-otp and verify-ga-code share one per-IP count, whatever the account', async () => {
    const ip = nextIp();
    const limit = CREDENTIAL_IP_POLICY.authenticatorChecksPerIpPerHour;
    const first = await boundPerson('ip-ga-first@causeway.test');
    const wrong = await wrongTotp(first.secret);
    // One person: 5 checked (then locked), every attempt still counted on the address.
    await Promise.all(Array.from({ length: limit }, () => verifyOtp(first.headers, 'GA_OTP', wrong, ip)));

    const second = await boundPerson('ip-ga-second@causeway.test');
    const fromLimited = await verifyOtp(second.headers, 'GA_OTP', await totpAt(t.clock, second.secret), ip);
    expect(fromLimited.statusCode).toBe(429);
    expect(fromLimited.body.code).toBe('USE000002002');
    const login = await passwordLogin(t.app, { email: 'ip-ga-second@causeway.test', password: GOOD_PASSWORD });
    const step = await call(t.app, 'POST', PATHS.verifyGaCode, {
      body: { processToken: login.body.data.processToken, verifyCode: await totpAt(t.clock, second.secret) },
      ip,
    });
    expect(step.body.code).toBe('USE000002002');
    // Refused by the address, not counted on the person: the same code from elsewhere passes.
    expect(await failuresOf(second.userId, 'authenticator')).toBe(0);
    const elsewhere = await call(t.app, 'POST', PATHS.verifyGaCode, {
      body: { processToken: login.body.data.processToken, verifyCode: await totpAt(t.clock, second.secret) },
      ip: nextIp(),
    });
    expect(elsewhere.body.data.status).toBe('SUCCESS');
  });

  it("authenticator checks: submit-buy's code counts on the same per-IP count as verify-otp's, both ways", async () => {
    const ip = nextIp();
    const limit = CREDENTIAL_IP_POLICY.authenticatorChecksPerIpPerHour;
    const guesser = await boundPerson('ip-ga-guesser@causeway.test');
    const wrong = await wrongTotp(guesser.secret);
    // All but one check of the address spent on verify-otp (the guesser locks after 5; every attempt is still counted on the address).
    await Promise.all(Array.from({ length: limit - 1 }, () => verifyOtp(guesser.headers, 'GA_OTP', wrong, ip)));

    const email = 'ip-ga-buyer@causeway.test';
    const buyer = await verifiedBuyer(t, email);
    const card = await addCard(t, buyer.headers, TEST_CARDS.visa);
    const authenticator = await authenticatorOf(t);
    const { secret } = await authenticator.startBinding(buyer.userId, email);
    expect(await authenticator.confirmBinding(buyer.userId, await totpAt(t.clock, secret))).toBe(true);
    t.clock.advance(30_000);
    const orderId = randomUUID();
    const quote = (await getQuote(t, buyer.headers, { orderId })).body.data;
    const submit = async (otpCode: string, from: string) =>
      call(t.app, 'POST', PATHS.submitBuy, {
        headers: buyer.headers,
        body: { orderId, quoteId: quote.quoteId, cardId: card.cardId, otpType: 'GA_OTP', otpCode },
        ip: from,
      });

    // The address's last check goes to submit-buy: checked, and wrong.
    expect((await submit(await wrongTotp(secret), ip)).body.code).toBe('USE003000011');
    expect(await failuresOf(buyer.userId, 'authenticator')).toBe(1);
    // submit-buy's check was counted: verify-otp from that address is now refused unchecked, the right code too...
    const otp = await verifyOtp(buyer.headers, 'GA_OTP', await totpAt(t.clock, secret), ip);
    expect([otp.statusCode, otp.body.code]).toEqual([429, 'USE000002002']);
    // ...and so is submit-buy, by the address, before any check (the person's count stays at 1).
    const refused = await submit(await totpAt(t.clock, secret), ip);
    expect([refused.statusCode, refused.body.code]).toEqual([429, 'USE000002002']);
    expect(await failuresOf(buyer.userId, 'authenticator')).toBe(1);
    // From another address the right code places the order.
    const placed = await submit(await totpAt(t.clock, secret), nextIp());
    expect(placed.statusCode, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.data.orderId).toBe(orderId);
  });
});

describe('the unlock link (a lock never shuts the owner out)', () => {
  it('is mailed when the password locks; its page posts the token once, and the owner signs in at once', async () => {
    const email = 'unlock-me@causeway.test';
    await signUpWithPassword(t.app, email);
    for (let i = 0; i < 5; i += 1)
      await call(t.app, 'POST', PATHS.passwordLogin, { body: { email, password: WRONG_PASSWORD }, ip: nextIp() });
    expect((await passwordLogin(t.app, { email, password: GOOD_PASSWORD })).body).toEqual(LOCKED);

    const [mail] = await unlockMails(email);
    expect(mail!.subject).toBe('Sign-in to Causeway is locked for now');
    const token = unlockTokenOf(mail!.text);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    // Only its hash is kept.
    const stored = JSON.stringify(await t.db.execute('select * from sign_in_unlock_tokens'));
    expect(stored).not.toContain(token);

    // Opening the link changes nothing (mail scanners open links): it shows a button.
    const page = await t.app.inject({ method: 'GET', url: `/unlock-sign-in?token=${token}&lang=en` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('<button type="submit">Unlock sign-in</button>');
    expect(page.body).toContain('name="color-scheme" content="light dark"');
    expect((await passwordLogin(t.app, { email, password: GOOD_PASSWORD })).body.code).toBe('USE000002002');

    const post = () =>
      t.app.inject({
        method: 'POST',
        url: '/unlock-sign-in',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `token=${token}&lang=en`,
      });
    const used = await post();
    expect(used.statusCode).toBe(200);
    expect(used.body).toContain('Sign-in unlocked');
    expect((await passwordLogin(t.app, { email, password: GOOD_PASSWORD })).body.data.status).toBe('SUCCESS');

    // Single use.
    const again = await post();
    expect(again.statusCode).toBe(410);
    expect(again.body).toContain('This link no longer works');
    expect((await t.app.inject({ method: 'GET', url: `/unlock-sign-in?token=${token}` })).statusCode).toBe(410);
  });

  it('is mailed in Chinese when the locking request asked for zh, expires after an hour, and a made-up token does nothing', async () => {
    const email = 'unlock-zh@causeway.test';
    await signUpWithPassword(t.app, email);
    for (let i = 0; i < 5; i += 1)
      await call(t.app, 'POST', PATHS.passwordLogin, {
        body: { email, password: WRONG_PASSWORD },
        headers: { 'accept-language': 'zh-CN' },
        ip: nextIp(),
      });
    const [mail] = await unlockMails(email);
    expect(mail!.subject).toBe('Causeway 登录已被暂时锁定');
    const token = unlockTokenOf(mail!.text);
    const page = await t.app.inject({ method: 'GET', url: `/unlock-sign-in?token=${token}&lang=zh` });
    expect(page.body).toContain('lang="zh-CN"');
    expect(page.body).toContain('解锁登录');

    const madeUp = await t.app.inject({
      method: 'POST',
      url: '/unlock-sign-in',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${'A'.repeat(43)}`,
    });
    expect(madeUp.statusCode).toBe(410);
    t.clock.advance(60 * 60_000 - 1000);
    // The hour is not over: still locked until the link is used or the lock ends.
    expect((await passwordLogin(t.app, { email, password: GOOD_PASSWORD })).body.code).toBe('USE000002002');
    t.clock.advance(1000);
    const late = await t.app.inject({
      method: 'POST',
      url: '/unlock-sign-in',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${token}`,
    });
    expect(late.statusCode).toBe(410);
    // And the lock itself has ended.
    expect((await passwordLogin(t.app, { email, password: GOOD_PASSWORD })).body.data.status).toBe('SUCCESS');

    // A new lock's link replaces the expired one: a person keeps only the last hour's links.
    for (let i = 0; i < 5; i += 1)
      await call(t.app, 'POST', PATHS.passwordLogin, { body: { email, password: WRONG_PASSWORD }, ip: nextIp() });
    const [user] = await t.db.select().from(users).where(eq(users.emailNormalized, email));
    const kept = await t.db.select().from(signInUnlockTokens).where(eq(signInUnlockTokens.userId, user!.id));
    expect(kept).toHaveLength(1);
    expect(kept[0]!.expiresAt.getTime()).toBeGreaterThan(t.clock.now().getTime());
  });

  it('is mailed when email codes lock the sign-in, and lifts that lock too', async () => {
    const email = 'unlock-codes@causeway.test';
    await signUpWithPassword(t.app, email);
    t.clock.advance(60_000);
    const ip = nextIp();
    await sendCode(t.app, email, { ip });
    const wrong = String((Number(await readLatestCode(t.app, email)) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i += 1) await call(t.app, 'POST', PATHS.loginWithVerifyCode, { body: { email, code: wrong }, ip });
    expect((await passwordLogin(t.app, { email, password: GOOD_PASSWORD })).body.code).toBe('USE000002002');
    const [mail] = await unlockMails(email);
    const used = await t.app.inject({
      method: 'POST',
      url: '/unlock-sign-in',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${unlockTokenOf(mail!.text)}`,
    });
    expect(used.statusCode).toBe(200);
    expect((await passwordLogin(t.app, { email, password: GOOD_PASSWORD })).body.data.status).toBe('SUCCESS');
  });
});

describe('a sign-in process token signs in once', () => {
  it('wrong codes leave it usable; once exchanged for a session, it is refused with USE000002006', async () => {
    const email = 'one-process-token@causeway.test';
    const { secret } = await boundPerson(email);
    const { processToken } = (await passwordLogin(t.app, { email, password: GOOD_PASSWORD })).body.data;
    const step = async (code: string) =>
      call(t.app, 'POST', PATHS.verifyGaCode, { body: { processToken, verifyCode: code }, ip: nextIp() });
    expect((await step(await wrongTotp(secret))).body.code).toBe('USE003000011');
    expect((await step(await totpAt(t.clock, secret))).body.data.status).toBe('SUCCESS');
    t.clock.advance(30_000);
    const reused = await step(await totpAt(t.clock, secret));
    expect(reused.statusCode).toBe(400);
    expect(reused.body.code).toBe('USE000002006');
  });
});

describe('changing the authenticator: all three codes checked before any is used', () => {
  it('a wrong new code uses neither the emailed code nor the current code: the next try with both succeeds', async () => {
    const email = 'change-all-three@causeway.test';
    const { secret: oldSecret, headers } = await boundPerson(email);
    const setup = await call(t.app, 'GET', PATHS.preCheckChangeGoogleAuthenticator, { headers });
    const newSecret = setup.body.data.googleAuthenticatorToken as string;
    await call(t.app, 'POST', PATHS.verificationSendCode, { headers, body: { verifyBusiness: 'GA_CHANGE', email }, ip: nextIp() });
    const emailVerifyCode = await readLatestCode(t.app, email);
    const change = (body: object) => call(t.app, 'POST', PATHS.changeGoogleAuthenticator, { headers, body, ip: nextIp() });
    const oldCode = await totpAt(t.clock, oldSecret);

    expect((await change({ oldGaVerifyCode: oldCode, newGaVerifyCode: await wrongTotp(newSecret), emailVerifyCode })).body.code).toBe(
      'USE003000011',
    );
    expect(
      (await change({ oldGaVerifyCode: oldCode, newGaVerifyCode: await totpAt(t.clock, newSecret), emailVerifyCode })).body.data,
    ).toEqual({ bindStatus: 'SUCCESS' });
  });

  it('binds the replacement whose code was checked: a second start-change in between makes the confirmation fail', async () => {
    const email = 'change-race@causeway.test';
    const { userId, secret: oldSecret } = await boundPerson(email);
    const authenticator = await authenticatorOf(t);
    const { secret: shown } = await authenticator.startChange(userId, email);
    const match = await authenticator.matchChange(userId, await totpAt(t.clock, oldSecret), await totpAt(t.clock, shown));
    expect(match).toBeDefined();
    await authenticator.startChange(userId, email);
    expect(await authenticator.completeChange(userId, match!)).toBe(false);
    // The current authenticator is still the one bound.
    t.clock.advance(30_000);
    expect(await authenticator.verifyCode(userId, await totpAt(t.clock, oldSecret))).toBe(true);
  });
});

describe('the repository transaction', () => {
  it('writes all or nothing: a failure after a write inside it leaves the row as it was', async () => {
    const email = 'tx-all-or-nothing@causeway.test';
    await signUpWithPassword(t.app, email);
    const repository = createIdentityRepository(t.db);
    const before = await repository.findUserByEmail(email);
    await expect(
      repository.transaction(async () => {
        await repository.updateUser(before!.id, { passwordHash: 'not-a-hash', sensitiveActionsSuspendedUntil: t.clock.now() });
        throw new Error('second write failed');
      }),
    ).rejects.toThrow('second write failed');
    expect(await repository.findUserByEmail(email)).toEqual(before);
  });
});
