import { PATHS } from '@causeway/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authenticatorOf,
  call,
  checkLoginStatus,
  createIdentityTestApp,
  type IdentityTestApp,
  nextIp,
  signUp,
  tokenHeaders,
  totpAt,
} from '../../../test/identity-helpers.ts';
import { userAgreements, userOauthIdentities, users } from '../../db/schema/index.ts';
import { OAUTH_REFUSALS_PER_ADDRESS_PER_HOUR } from './oauth-sign-in.service.ts';
import { PROCESS_TOKEN_TTL_MS } from './process-token.ts';

// login-with-binance end to end with the sandbox identity provider (OAUTH_PROVIDER's default), all
// through the app: the ticket, the provider's address, its consent page, the code back, the sign-in.

const REDIRECT = 'http://localhost/en/oauth-callback';
const SECRET = 'browser-secret-of-this-sign-in-0001';

interface Person {
  email: string;
  emailVerified?: boolean;
}

/** Up to the code: what the callback page holds when the provider sends the person back. */
async function codeFor(t: IdentityTestApp, person: Person, options: { ip?: string; browserSecret?: string } = {}) {
  const ip = options.ip ?? nextIp();
  const ticket = (await call(t.app, 'GET', PATHS.oauthTimeoutTicket, { ip })).body.data.ticket as string;
  const started = await call(t.app, 'POST', PATHS.oauthAuthorizeUrl, {
    ip,
    body: { ticket, browserSecret: options.browserSecret ?? SECRET, redirectUri: REDIRECT },
  });
  expect(started.body.code, JSON.stringify(started.body)).toBe('000000');
  const url = started.body.data.url as string;
  // No PUBLIC_URL: the sandbox provider's address stays relative, on the origin the person uses.
  expect(url).toMatch(/^\/sandbox\/oauth\/authorize\?/);
  const page = await t.app.inject({ method: 'GET', url });
  expect(page.statusCode).toBe(200);
  const hidden = Object.fromEntries(
    [...page.body.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)">/g)].map((m) => [
      m[1]!,
      m[2]!.replace(/&#(\d+);/g, (_, c: string) => String.fromCharCode(Number(c))),
    ]),
  );
  const answer = await t.app.inject({
    method: 'POST',
    url: '/sandbox/oauth/authorize',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      ...hidden,
      decision: 'allow',
      email: person.email,
      ...(person.emailVerified === false ? {} : { email_verified: 'true' }),
    }).toString(),
  });
  expect(answer.statusCode).toBe(303);
  const back = new URL(answer.headers.location as string);
  expect(back.searchParams.get('state')).toBe(ticket);
  return { ip, code: back.searchParams.get('code') ?? '', state: ticket };
}

const loginWithBinance = (t: IdentityTestApp, body: Record<string, unknown>, ip: string) =>
  call(t.app, 'POST', PATHS.oauthLoginWithBinance, {
    ip,
    body: { browserSecret: SECRET, redirectUri: REDIRECT, termsAccepted: true, ...body },
  });

async function signInWithProvider(t: IdentityTestApp, person: Person, body: Record<string, unknown> = {}) {
  const { ip, code, state } = await codeFor(t, person);
  return loginWithBinance(t, { code, state, ...body }, ip);
}

describe('oauth/login-with-binance with the sandbox identity provider', () => {
  let t: IdentityTestApp;
  beforeAll(async () => {
    t = await createIdentityTestApp();
  });
  afterAll(() => t.app.close());

  it('offers the button, with the provider name of OAUTH_DISPLAY_NAME', async () => {
    expect((await call(t.app, 'GET', PATHS.oauthConfig)).body.data).toEqual({ enabled: true, displayName: 'Binance' });
  });

  it('creates an account for a new verified email, as the email sign-up does, and links it to the person', async () => {
    const { statusCode, body } = await signInWithProvider(t, { email: 'new.person@example.test' });
    expect(statusCode).toBe(200);
    expect(body.data).toMatchObject({ status: 'SUCCESS', isNewUser: true, email: 'new.person@example.test', hasPassword: false });
    expect(await checkLoginStatus(t.app, tokenHeaders(body.data.token.token))).toMatchObject({
      isLogin: true,
      email: 'new.person@example.test',
    });
    const [user] = await t.db.select().from(users).where(eq(users.emailNormalized, 'new.person@example.test'));
    const links = await t.db.select().from(userOauthIdentities).where(eq(userOauthIdentities.userId, user!.id));
    expect(links).toEqual([
      expect.objectContaining({
        issuer: 'http://localhost/sandbox/oauth',
        subject: expect.stringMatching(/^sbx-/),
        email: 'new.person@example.test',
      }),
    ]);
    const agreements = await t.db.select().from(userAgreements).where(eq(userAgreements.userId, user!.id));
    expect(agreements.map((row) => row.protocol)).toContain('TERM');

    // The next time, the link signs the same account in.
    const again = await signInWithProvider(t, { email: 'new.person@example.test' });
    expect(again.body.data).toMatchObject({ status: 'SUCCESS', isNewUser: false, email: 'new.person@example.test' });
    expect(await t.db.select().from(users).where(eq(users.emailNormalized, 'new.person@example.test'))).toHaveLength(1);
  });

  it('signs in the existing account of the verified email, and links it', async () => {
    await signUp(t.app, 'has.account@example.test');
    const { body } = await signInWithProvider(t, { email: 'Has.Account@example.test' });
    expect(body.data).toMatchObject({ status: 'SUCCESS', isNewUser: false, email: 'has.account@example.test' });
    const [user] = await t.db.select().from(users).where(eq(users.emailNormalized, 'has.account@example.test'));
    expect(await t.db.select().from(userOauthIdentities).where(eq(userOauthIdentities.userId, user!.id))).toHaveLength(1);
  });

  it('asks for the authenticator code when one is bound, then finishes like every sign-in', async () => {
    const token = await signUp(t.app, 'with.ga@example.test');
    const [user] = await t.db.select().from(users).where(eq(users.emailNormalized, 'with.ga@example.test'));
    const authenticator = await authenticatorOf(t);
    const { secret } = await authenticator.startBinding(user!.id, 'with.ga@example.test');
    expect(await authenticator.confirmBinding(user!.id, await totpAt(t.clock, secret))).toBe(true);
    expect(token).toBeTruthy();

    const first = await signInWithProvider(t, { email: 'with.ga@example.test' });
    expect(first.body.data).toMatchObject({ status: 'NEED_GA', token: null, processToken: expect.any(String) });
    t.clock.advance(30_000);
    const second = await call(t.app, 'POST', PATHS.verifyGaCode, {
      body: { processToken: first.body.data.processToken, verifyCode: await totpAt(t.clock, secret) },
    });
    expect(second.body.data).toMatchObject({ status: 'SUCCESS', email: 'with.ga@example.test' });
  });

  it('answers BLOCKED for a blocked account, with no token', async () => {
    await signUp(t.app, 'blocked@example.test');
    await t.db.update(users).set({ accountStatus: 'Blocked' }).where(eq(users.emailNormalized, 'blocked@example.test'));
    const { body } = await signInWithProvider(t, { email: 'blocked@example.test' });
    expect(body.data).toMatchObject({ status: 'BLOCKED', token: null });
  });

  it('takes each ticket once, and none forged or expired', async () => {
    const { ip, code, state } = await codeFor(t, { email: 'once@example.test' });
    expect((await loginWithBinance(t, { code, state }, ip)).body.data.status).toBe('SUCCESS');
    const replay = await loginWithBinance(t, { code, state }, ip);
    expect(replay.body.code).toBe('OAU0000002');

    const forged = await codeFor(t, { email: 'forged@example.test' });
    const [claims] = forged.state.split('.');
    const other = await loginWithBinance(t, { code: forged.code, state: `${claims}.${'0'.repeat(64)}` }, forged.ip);
    expect(other.body.code).toBe('OAU0000002');

    const late = await codeFor(t, { email: 'late@example.test' });
    t.clock.advance(PROCESS_TOKEN_TTL_MS);
    expect((await loginWithBinance(t, { code: late.code, state: late.state }, late.ip)).body.code).toBe('OAU0000002');
    expect(await t.db.select().from(users).where(eq(users.emailNormalized, 'late@example.test'))).toEqual([]);
  });

  it("refuses the code from another browser (not this sign-in's secret): the PKCE verifier differs", async () => {
    const { ip, code, state } = await codeFor(t, { email: 'stolen@example.test' });
    const stolen = await loginWithBinance(t, { code, state, browserSecret: 'another-browser-secret-0000000' }, ip);
    expect(stolen.statusCode).toBe(400);
    expect(stolen.body.code).toBe('OAU0000003');
    // The ticket and the code are spent: the person starts again.
    expect((await loginWithBinance(t, { code, state }, ip)).body.code).toBe('OAU0000002');
    expect(await t.db.select().from(users).where(eq(users.emailNormalized, 'stolen@example.test'))).toEqual([]);
  });

  it('neither creates nor links an account for an email the provider did not verify', async () => {
    const fresh = await signInWithProvider(t, { email: 'unverified@example.test', emailVerified: false });
    expect(fresh.statusCode).toBe(403);
    expect(fresh.body.code).toBe('OAU0000004');
    expect(await t.db.select().from(users).where(eq(users.emailNormalized, 'unverified@example.test'))).toEqual([]);

    await signUp(t.app, 'victim@example.test');
    const takeover = await signInWithProvider(t, { email: 'victim@example.test', emailVerified: false });
    expect(takeover.body.code).toBe('OAU0000004');
    const [victim] = await t.db.select().from(users).where(eq(users.emailNormalized, 'victim@example.test'));
    expect(await t.db.select().from(userOauthIdentities).where(eq(userOauthIdentities.userId, victim!.id))).toEqual([]);
  });

  it('creates no account without the terms accepted', async () => {
    const { body } = await signInWithProvider(t, { email: 'no.terms@example.test' }, { termsAccepted: false });
    expect(body.code).toBe('USE000001003');
    expect(await t.db.select().from(users).where(eq(users.emailNormalized, 'no.terms@example.test'))).toEqual([]);
  });

  it('refuses a redirect address that is not an oauth-callback page', async () => {
    const ticket = (await call(t.app, 'GET', PATHS.oauthTimeoutTicket)).body.data.ticket as string;
    for (const redirectUri of [
      'http://localhost/en/dashboard',
      'http://localhost/en/oauth-callback?next=x',
      'ftp://localhost/en/oauth-callback',
    ]) {
      const { body } = await call(t.app, 'POST', PATHS.oauthAuthorizeUrl, { body: { ticket, browserSecret: SECRET, redirectUri } });
      expect(body.code, redirectUri).toMatch(/^(OAU0000005|REQ0000400)$/);
    }
  });

  it('counts every refusal per address: past the limit the address waits, others do not', async () => {
    const ip = nextIp();
    const forged = { code: 'x', state: `${'a'.repeat(40)}.${'0'.repeat(64)}` };
    for (let i = 0; i < OAUTH_REFUSALS_PER_ADDRESS_PER_HOUR; i += 1)
      expect((await loginWithBinance(t, forged, ip)).body.code).toBe('OAU0000002');
    const limited = await loginWithBinance(t, forged, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.body.code).toBe('REQ0000429');
    // The limit holds for a right ticket too, from that address.
    const ticket = (await call(t.app, 'GET', PATHS.oauthTimeoutTicket, { ip })).body.data.ticket as string;
    const started = await call(t.app, 'POST', PATHS.oauthAuthorizeUrl, {
      ip,
      body: { ticket, browserSecret: SECRET, redirectUri: REDIRECT },
    });
    expect(started.statusCode).toBe(429);
    expect((await loginWithBinance(t, forged, nextIp())).body.code).toBe('OAU0000002');
  });

  it('keeps the code, the ticket and the secret out of the logs', async () => {
    const { ip, code, state } = await codeFor(t, { email: 'quiet@example.test' });
    await loginWithBinance(t, { code, state }, ip);
    const logs = t.logs.join('\n');
    expect(logs).not.toContain(code);
    expect(logs).not.toContain(state);
    expect(logs).not.toContain(SECRET);
  });
});

describe('OAUTH_PROVIDER=none', () => {
  let t: IdentityTestApp;
  beforeAll(async () => {
    t = await createIdentityTestApp({ OAUTH_PROVIDER: 'none' });
  });
  afterAll(() => t.app.close());

  it('hides the button, refuses the calls, and serves no sandbox provider', async () => {
    expect((await call(t.app, 'GET', PATHS.oauthConfig)).body.data).toEqual({ enabled: false, displayName: null });
    const ticket = (await call(t.app, 'GET', PATHS.oauthTimeoutTicket)).body.data.ticket as string;
    const started = await call(t.app, 'POST', PATHS.oauthAuthorizeUrl, { body: { ticket, browserSecret: SECRET, redirectUri: REDIRECT } });
    expect(started.statusCode).toBe(503);
    expect(started.body.code).toBe('OAU0000001');
    expect((await loginWithBinance(t, { code: 'x', state: ticket }, nextIp())).body.code).toBe('OAU0000001');
    expect(t.app.hasRoute({ method: 'GET', url: '/sandbox/oauth/authorize' })).toBe(false);
  });
});

describe('with PUBLIC_URL', () => {
  let t: IdentityTestApp;
  beforeAll(async () => {
    t = await createIdentityTestApp({ PUBLIC_URL: 'https://pay.example.test' });
  });
  afterAll(() => t.app.close());

  it("sends the person to the sandbox provider on PUBLIC_URL, and takes only PUBLIC_URL's callback page", async () => {
    const ticket = (await call(t.app, 'GET', PATHS.oauthTimeoutTicket)).body.data.ticket as string;
    const ours = await call(t.app, 'POST', PATHS.oauthAuthorizeUrl, {
      body: { ticket, browserSecret: SECRET, redirectUri: 'https://pay.example.test/zh/oauth-callback' },
    });
    expect(ours.body.data.url).toMatch(/^https:\/\/pay\.example\.test\/sandbox\/oauth\/authorize\?/);
    expect(new URL(ours.body.data.url).searchParams.get('redirect_uri')).toBe('https://pay.example.test/zh/oauth-callback');
    const theirs = await call(t.app, 'POST', PATHS.oauthAuthorizeUrl, {
      body: { ticket, browserSecret: SECRET, redirectUri: 'https://evil.example.test/en/oauth-callback' },
    });
    expect(theirs.body.code).toBe('OAU0000005');
  });
});
