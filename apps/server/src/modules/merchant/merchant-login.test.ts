import { createHmac } from 'node:crypto';
import { canonicalEntryQuery, PATHS } from '@causeway/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantAllowedOrigins, merchants, merchantUserLinks, users } from '../../db/schema/index.ts';
import {
  call,
  checkLoginStatus,
  createIdentityTestApp,
  type IdentityTestApp,
  nextIp,
  signUp,
  tokenHeaders,
} from '../../../test/identity-helpers.ts';
import { readLatestCode } from '../../../test/test-app.ts';
import { DEMO_MERCHANT } from './demo-merchant.ts';

let t: IdentityTestApp;
beforeAll(async () => {
  t = await createIdentityTestApp();
});
afterAll(() => t.app.close());

/** An entry URL's parameters, signed the way docs/sandbox.md's demo merchant would sign them. */
function signedEntry(params: Record<string, string>, options: { secret?: string; at?: number } = {}) {
  const entry = { apiKey: DEMO_MERCHANT.apiKey, timestamp: String(options.at ?? t.clock.now().getTime()), ...params };
  const signature = createHmac('sha256', options.secret ?? DEMO_MERCHANT.secret)
    .update(canonicalEntryQuery(entry))
    .digest('hex');
  return { ...entry, signature };
}

const start = (entry: Record<string, string>, options: { skipLogin?: boolean } = {}, ip = nextIp()) =>
  call(t.app, 'POST', PATHS.merchantSharedKycLogin, { body: { entry, ...options }, ip });
const step = (path: string, body: object, ip = nextIp()) => call(t.app, 'POST', path, { body, ip });
const mailCount = async (email: string) =>
  (await t.app.inject({ method: 'GET', url: `/sandbox/mailbox?to=${encodeURIComponent(email)}` })).json().messages.length as number;
const linkOf = async (merchantUserId: string) =>
  (await t.db.select().from(merchantUserLinks).where(eq(merchantUserLinks.merchantUserId, merchantUserId)))[0];

/** Confirm → code → sign in: links merchantUserId to the email's account (created if new). */
async function linkThroughConfirm(merchantUserId: string, email: string) {
  const first = await start(signedEntry({ merchantUserId, email }));
  const sent = await step(PATHS.merchantSendVerifyCode, { processToken: first.body.data.processToken });
  const code = await readLatestCode(t.app, email);
  return step(PATHS.merchantLoginWithVerifyCode, { processToken: sent.body.data.processToken, code, termsAccepted: true });
}

describe('the signed entry', () => {
  it('refuses a wrong secret, an unknown key, a changed parameter and a timestamp more than 300 s away, all alike', async () => {
    const good = signedEntry({ merchantUserId: 'm-1', email: 'entry@example.test' });
    const now = t.clock.now().getTime();
    const refused = [
      signedEntry({ merchantUserId: 'm-1' }, { secret: 'sk_wrong' }),
      { ...signedEntry({ merchantUserId: 'm-1' }), apiKey: 'pk_unknown' },
      { ...good, email: 'someone.else@example.test' },
      signedEntry({ merchantUserId: 'm-1' }, { at: now - 301_000 }),
      signedEntry({ merchantUserId: 'm-1' }, { at: now + 301_000 }),
    ];
    for (const entry of refused) {
      const { statusCode, body } = await start(entry);
      expect(statusCode).toBe(401);
      expect(body.code).toBe('USE000001010');
    }
    expect((await start(signedEntry({ merchantUserId: 'm-1' }, { at: now - 299_000 }))).statusCode).toBe(200);
  });

  it('leaves the page language out of the signature, and rejects malformed entries with a 400', async () => {
    expect((await start({ ...signedEntry({ merchantUserId: 'm-lng' }), lng: 'zh' })).body.data.state).toBe('WAIT_NEW_EMAIL');
    const { statusCode, body } = await start({ ...signedEntry({ merchantUserId: 'm-1' }), signature: 'not-hex' });
    expect(statusCode).toBe(400);
    expect(body.msg).toContain('signature');
  });
});

describe("the merchant's pages an entry names", () => {
  it('answers hostOrigin and redirectUrl only when on an allowed origin of the merchant (set in its console)', async () => {
    const page = { hostOrigin: 'https://pages.example.com', redirectUrl: 'https://pages.example.com/back?cart=1' };
    expect((await start(signedEntry({ merchantUserId: 'm-page', ...page }))).body.data.merchantPage).toEqual({
      hostOrigin: null,
      redirectUrl: null,
    });
    await t.db
      .insert(merchantAllowedOrigins)
      .values({ merchantId: DEMO_MERCHANT.id, origin: 'https://pages.example.com', createdAt: t.clock.now() });
    expect((await start(signedEntry({ merchantUserId: 'm-page', ...page }))).body.data.merchantPage).toEqual(page);
    const elsewhere = { hostOrigin: 'https://evil.example', redirectUrl: 'https://evil.example/phish' };
    expect((await start(signedEntry({ merchantUserId: 'm-page', ...elsewhere }))).body.data.merchantPage).toEqual({
      hostOrigin: null,
      redirectUrl: null,
    });
    // Unsigned, the same parameters are refused with the whole entry: they are part of what the merchant signs.
    expect((await start({ ...signedEntry({ merchantUserId: 'm-page' }), ...page })).body.code).toBe('USE000001010');
  });
});

describe('a first visit: WAIT_CONFIRM → WAIT_EMAIL_VERIFY_CODE → signed in and linked', () => {
  it('offers the merchant email, sends its code, needs the terms for a new account, then signs in independently', async () => {
    const email = 'shopper@example.test';
    const first = await start(signedEntry({ merchantUserId: 'shop-001', email }));
    expect(first.body.data).toMatchObject({
      state: 'WAIT_CONFIRM',
      email,
      accountExists: false,
      merchantName: DEMO_MERCHANT.name,
      login: null,
    });
    expect(await mailCount(email)).toBe(0);

    const sent = await step(PATHS.merchantSendVerifyCode, { processToken: first.body.data.processToken });
    expect(sent.body.data).toMatchObject({ state: 'WAIT_EMAIL_VERIFY_CODE', email, resendAfterSeconds: 59 });
    const code = await readLatestCode(t.app, email);

    const noTerms = await step(PATHS.merchantLoginWithVerifyCode, { processToken: sent.body.data.processToken, code });
    expect(noTerms.body.code).toBe('USE000001003');
    const done = await step(PATHS.merchantLoginWithVerifyCode, { processToken: sent.body.data.processToken, code, termsAccepted: true });
    expect(done.body.data).toMatchObject({
      state: 'SIGNED_IN',
      processToken: null,
      login: { status: 'SUCCESS', isNewUser: true, email, userType: 'Individual' },
    });
    expect(await checkLoginStatus(t.app, tokenHeaders(done.body.data.login.token.token))).toMatchObject({
      isLogin: true,
      mode: 'independent',
    });
    const [user] = await t.db.select().from(users).where(eq(users.emailNormalized, email));
    expect(await linkOf('shop-001')).toMatchObject({ merchantId: DEMO_MERCHANT.id, userId: user!.id });
  });

  it('fromEmail=true (the link came in an email to that address): the code is sent at once, no confirm step, and a reload does not mail again', async () => {
    const email = 'from-mail@example.test';
    const entry = signedEntry({ merchantUserId: 'shop-mail', email, fromEmail: 'true' });
    const first = await start(entry);
    expect(first.body.data).toMatchObject({ state: 'WAIT_EMAIL_VERIFY_CODE', email, accountExists: false, resendAfterSeconds: 59 });
    expect(await mailCount(email)).toBe(1);
    expect((await start(entry)).body.data.state).toBe('WAIT_EMAIL_VERIFY_CODE');
    expect(await mailCount(email)).toBe(1);
    const code = await readLatestCode(t.app, email);
    const done = await step(PATHS.merchantLoginWithVerifyCode, { processToken: first.body.data.processToken, code, termsAccepted: true });
    expect(done.body.data).toMatchObject({ state: 'SIGNED_IN', login: { status: 'SUCCESS', isNewUser: true, email } });
    // Unsigned, the flag is not the merchant's word: a changed link is refused like any other.
    const forged = { ...signedEntry({ merchantUserId: 'shop-mail-2', email: 'other@example.test' }), fromEmail: 'true' };
    expect((await start(forged)).body.code).toBe('USE000001010');
  });

  it('on the next visit (even without an email) goes straight to a code for the linked account, masked, and a reload does not mail again', async () => {
    const email = 'returning@example.test';
    await linkThroughConfirm('shop-002', email);
    const entry = signedEntry({ merchantUserId: 'shop-002' });
    const before = await mailCount(email);
    const visit = await start(entry);
    expect(visit.body.data).toMatchObject({
      state: 'ONLY_WAIT_EMAIL_VERIFY_CODE',
      email: 're***@example.test',
      accountExists: true,
      resendAfterSeconds: 59,
    });
    const [claimsPart = ''] = String(visit.body.data.processToken).split('.');
    const claims = Buffer.from(claimsPart, 'base64url').toString('utf8');
    expect(claims).toContain('"merchantUserId":"shop-002"');
    expect(claims).not.toContain('returning');
    t.clock.advance(10_000);
    const reload = await start(entry);
    expect(reload.body.data).toMatchObject({ state: 'ONLY_WAIT_EMAIL_VERIFY_CODE', resendAfterSeconds: 49 });
    expect(await mailCount(email)).toBe(before + 1);

    const other = await step(PATHS.merchantSubmitNewEmail, { processToken: reload.body.data.processToken, email: 'other@example.test' });
    expect(other.body.code).toBe('USE000001008');
    const done = await step(PATHS.merchantLoginWithVerifyCode, {
      processToken: reload.body.data.processToken,
      code: await readLatestCode(t.app, email),
    });
    expect(done.body.data.login).toMatchObject({ status: 'SUCCESS', isNewUser: false });
  });
});

describe('isNewAcct and cTag', () => {
  it('isNewAcct=true: a link already under the customer id (an id the merchant reused) is not offered, and the proof moves it', async () => {
    const earlier = 'reused-id-earlier@example.test';
    await linkThroughConfirm('shop-reused', earlier);
    const newcomer = 'reused-id-new@example.test';
    const without = await start(signedEntry({ merchantUserId: 'shop-reused', email: newcomer }));
    // Without the flag the merchant's id still names the earlier person: the two accounts are offered.
    expect(without.body.data.state).toBe('ONLY_WAIT_EMAIL_VERIFY_CODE');

    const first = await start(signedEntry({ merchantUserId: 'shop-reused', email: newcomer, isNewAcct: 'true' }));
    expect(first.body.data).toMatchObject({ state: 'WAIT_CONFIRM', email: newcomer, accountExists: false });
    const sent = await step(PATHS.merchantSendVerifyCode, { processToken: first.body.data.processToken });
    const code = await readLatestCode(t.app, newcomer);
    const done = await step(PATHS.merchantLoginWithVerifyCode, { processToken: sent.body.data.processToken, code, termsAccepted: true });
    expect(done.body.data).toMatchObject({ state: 'SIGNED_IN', login: { status: 'SUCCESS', isNewUser: true, email: newcomer } });
    const [user] = await t.db.select().from(users).where(eq(users.emailNormalized, newcomer));
    expect(await linkOf('shop-reused')).toMatchObject({ userId: user!.id, signedUpHere: true });
  });

  it('isNewAcct=true for an address we already know: the person signs in to that account, told it exists', async () => {
    const email = 'new-to-shop-old-to-us@example.test';
    await signUp(t.app, email);
    const first = await start(signedEntry({ merchantUserId: 'shop-known', email, isNewAcct: 'true' }));
    expect(first.body.data).toMatchObject({ state: 'WAIT_CONFIRM', email, accountExists: true });
    const sent = await step(PATHS.merchantSendVerifyCode, { processToken: first.body.data.processToken });
    const code = await readLatestCode(t.app, email);
    const done = await step(PATHS.merchantLoginWithVerifyCode, { processToken: sent.body.data.processToken, code, termsAccepted: false });
    expect(done.body.data.login).toMatchObject({ status: 'SUCCESS', isNewUser: false });
    expect(await linkOf('shop-known')).toMatchObject({ signedUpHere: false, campaignTag: null });
  });

  it('cTag is kept on the link the sign-in makes; a renewal without one keeps it, a new one replaces it', async () => {
    const email = 'tagged@example.test';
    const signIn = async (entry: Record<string, string>) => {
      t.clock.advance(61_000);
      const first = await start(signedEntry({ merchantUserId: 'shop-tagged', email, ...entry }));
      const processToken =
        first.body.data.state === 'WAIT_CONFIRM'
          ? (await step(PATHS.merchantSendVerifyCode, { processToken: first.body.data.processToken })).body.data.processToken
          : first.body.data.processToken;
      const code = await readLatestCode(t.app, email);
      return step(PATHS.merchantLoginWithVerifyCode, { processToken, code, termsAccepted: true });
    };
    await signIn({ cTag: 'spring-2026' });
    expect(await linkOf('shop-tagged')).toMatchObject({ campaignTag: 'spring-2026', signedUpHere: true });
    await signIn({});
    expect(await linkOf('shop-tagged')).toMatchObject({ campaignTag: 'spring-2026', signedUpHere: true });
    await signIn({ cTag: 'newsletter:may' });
    expect(await linkOf('shop-tagged')).toMatchObject({ campaignTag: 'newsletter:may', signedUpHere: true });
  });

  it('refuses a malformed isNewAcct, fromEmail or cTag with a 400 naming it, before anything is sent', async () => {
    for (const [name, value] of [
      ['isNewAcct', 'yes'],
      ['fromEmail', '1'],
      ['cTag', 'has space'],
      ['cTag', 'x'.repeat(65)],
    ] as const) {
      const { statusCode, body } = await start(signedEntry({ merchantUserId: 'shop-bad', email: 'bad-entry@example.test', [name]: value }));
      expect(statusCode, `${name}=${value}`).toBe(400);
      expect(body.msg).toContain(name);
    }
    expect(await mailCount('bad-entry@example.test')).toBe(0);
  });
});

describe('skip-login', () => {
  it('signs a recently proved, linked customer in without a code; after 30 days it asks for a code again', async () => {
    const email = 'skipper@example.test';
    await linkThroughConfirm('shop-003', email);
    const skipped = await start(signedEntry({ merchantUserId: 'shop-003', email }), { skipLogin: true });
    expect(skipped.body.data).toMatchObject({ state: 'SIGNED_IN', login: { status: 'SUCCESS' } });

    expect((await start(signedEntry({ merchantUserId: 'shop-003', email }))).body.data.state).toBe('ONLY_WAIT_EMAIL_VERIFY_CODE');
    t.clock.advance(31 * 24 * 60 * 60 * 1000);
    const stale = await start(signedEntry({ merchantUserId: 'shop-003', email }), { skipLogin: true });
    expect(stale.body.data).toMatchObject({ state: 'ONLY_WAIT_EMAIL_VERIFY_CODE', login: null });
  });

  it('never skips for a merchant that has not enabled it, nor for a customer id never linked', async () => {
    const email = 'careful@example.test';
    await linkThroughConfirm('shop-004', email);
    await t.db.update(merchants).set({ skipLoginEnabled: false }).where(eq(merchants.id, DEMO_MERCHANT.id));
    try {
      expect((await start(signedEntry({ merchantUserId: 'shop-004', email }), { skipLogin: true })).body.data.state).toBe(
        'ONLY_WAIT_EMAIL_VERIFY_CODE',
      );
    } finally {
      await t.db.update(merchants).set({ skipLoginEnabled: true }).where(eq(merchants.id, DEMO_MERCHANT.id));
    }
    expect((await start(signedEntry({ merchantUserId: 'shop-never', email }), { skipLogin: true })).body.data.state).toBe('WAIT_CONFIRM');
  });
});

describe('WAIT_SELECT_ACCOUNT', () => {
  it('lets the person choose when the linked account and the merchant email belong to different accounts; the link follows the proof', async () => {
    await linkThroughConfirm('shop-005', 'old.address@example.test');
    await signUp(t.app, 'new.address@example.test', { loginMode: 'individual' });
    const choose = await start(signedEntry({ merchantUserId: 'shop-005', email: 'new.address@example.test' }));
    expect(choose.body.data).toMatchObject({
      state: 'WAIT_SELECT_ACCOUNT',
      accounts: [
        { choice: 'LINKED', email: 'ol***@example.test' },
        { choice: 'EMAIL', email: 'new.address@example.test' },
      ],
    });
    const wrongStep = await step(PATHS.merchantSendVerifyCode, { processToken: choose.body.data.processToken });
    expect(wrongStep.body.code).toBe('USE000001008');

    const chosen = await step(PATHS.merchantLoginWithBindingAccount, {
      processToken: choose.body.data.processToken,
      selectAccount: 'EMAIL',
    });
    expect(chosen.body.data).toMatchObject({ state: 'WAIT_EMAIL_VERIFY_CODE', email: 'new.address@example.test', accountExists: true });
    const code = await readLatestCode(t.app, 'new.address@example.test');
    const done = await step(PATHS.merchantLoginWithVerifyCode, { processToken: chosen.body.data.processToken, code });
    expect(done.body.data.login).toMatchObject({ status: 'SUCCESS', email: 'new.address@example.test' });
    const [newUser] = await t.db.select().from(users).where(eq(users.emailNormalized, 'new.address@example.test'));
    expect((await linkOf('shop-005'))?.userId).toBe(newUser!.id);
  });

  it('sends the code for the LINKED choice to the linked address, shown masked', async () => {
    await linkThroughConfirm('shop-006', 'linked.one@example.test');
    await signUp(t.app, 'merchant.one@example.test');
    const choose = await start(signedEntry({ merchantUserId: 'shop-006', email: 'merchant.one@example.test' }));
    const chosen = await step(PATHS.merchantLoginWithBindingAccount, {
      processToken: choose.body.data.processToken,
      selectAccount: 'LINKED',
    });
    expect(chosen.body.data).toMatchObject({ state: 'WAIT_EMAIL_VERIFY_CODE', email: 'li***@example.test' });
    const done = await step(PATHS.merchantLoginWithVerifyCode, {
      processToken: chosen.body.data.processToken,
      code: await readLatestCode(t.app, 'linked.one@example.test'),
    });
    expect(done.body.data.login).toMatchObject({ status: 'SUCCESS', email: 'linked.one@example.test' });
  });
});

describe('WAIT_NEW_EMAIL', () => {
  it('asks for an email when none, a private relay or an account of the other type was sent', async () => {
    await signUp(t.app, 'a.company@example.test', { loginMode: 'business' });
    const cases = [
      [{ merchantUserId: 'shop-007' }, 'MISSING'],
      [{ merchantUserId: 'shop-007', email: 'not an email' }, 'MISSING'],
      [{ merchantUserId: 'shop-007', email: 'abc123@privaterelay.appleid.com' }, 'PRIVATE_RELAY'],
      [{ merchantUserId: 'shop-007', email: 'a.company@example.test' }, 'ACCOUNT_UNAVAILABLE'],
    ] as const;
    for (const [params, reason] of cases) {
      expect((await start(signedEntry(params))).body.data).toMatchObject({ state: 'WAIT_NEW_EMAIL', newEmailReason: reason });
    }
  });

  it('refuses a private relay or the other type of account as the new email, then sends the code to a good one', async () => {
    const asked = await start(signedEntry({ merchantUserId: 'shop-008' }));
    const processToken = asked.body.data.processToken;
    expect((await step(PATHS.merchantSubmitNewEmail, { processToken, email: 'x@privaterelay.appleid.com' })).body.code).toBe(
      'USE000001009',
    );
    expect((await step(PATHS.merchantSubmitNewEmail, { processToken, email: 'a.company@example.test' })).body.code).toBe('USE000001002');
    const sent = await step(PATHS.merchantSubmitNewEmail, { processToken, email: ' typed.by.me@example.test ' });
    expect(sent.body.data).toMatchObject({ state: 'WAIT_EMAIL_VERIFY_CODE', email: 'typed.by.me@example.test', accountExists: false });
    const code = await readLatestCode(t.app, 'typed.by.me@example.test');
    const done = await step(PATHS.merchantLoginWithVerifyCode, { processToken: sent.body.data.processToken, code, termsAccepted: true });
    expect(done.body.data.login).toMatchObject({ status: 'SUCCESS', isNewUser: true });
  });

  it('asks the bot check before mailing an address the person typed', async () => {
    const asked = await start(signedEntry({ merchantUserId: 'shop-009' }));
    const refused = await step(PATHS.merchantSubmitNewEmail, {
      processToken: asked.body.data.processToken,
      email: 'bot@example.test',
      recaptchaToken: 'sandbox-bot',
    });
    expect(refused.body.code).toBe('USE000001007');
    expect(await mailCount('bot@example.test')).toBe(0);
  });
});

describe('process tokens', () => {
  it('refuses a forged or expired process token', async () => {
    const asked = await start(signedEntry({ merchantUserId: 'shop-010', email: 'late@example.test' }));
    const token: string = asked.body.data.processToken;
    const forged = `${token.slice(0, -4)}0000`;
    expect((await step(PATHS.merchantSendVerifyCode, { processToken: forged })).body.code).toBe('USE000002006');
    t.clock.advance(15 * 60 * 1000 + 1);
    expect((await step(PATHS.merchantSendVerifyCode, { processToken: token })).body.code).toBe('USE000002006');
  });

  it('signs a blocked account in to its blocked answer without linking it', async () => {
    const email = 'blocked.shopper@example.test';
    await signUp(t.app, email);
    await t.db.update(users).set({ accountStatus: 'Blocked', accountStatusReasonCode: 'AC100002' }).where(eq(users.emailNormalized, email));
    const done = await linkThroughConfirm('shop-011', email);
    expect(done.body.data.login).toMatchObject({ status: 'BLOCKED', token: null, accountStatusReasonCode: 'AC100002' });
    expect(await linkOf('shop-011')).toBeUndefined();
  });
});
