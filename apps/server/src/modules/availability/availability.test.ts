import { LOGIN_MODES, PATHS } from '@causeway/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { countries, credentialFailures, mailingListMembers, serviceModes, sessions, users } from '../../db/schema/index.ts';
import {
  call,
  createIdentityTestApp,
  GOOD_PASSWORD,
  type IdentityTestApp,
  loginWithCode,
  nextIp,
  sendCode,
  signUp,
  signUpWithPassword,
  tokenHeaders,
} from '../../../test/identity-helpers.ts';
import { accountOf, newIndividual, profileOf, submitSandboxVerification } from '../../../test/kyc-helpers.ts';
import { newBusiness } from '../../../test/kyb-helpers.ts';
import { readLatestCode } from '../../../test/test-app.ts';
import { COUNTRY_FLAGS_CACHE_TTL_MS, UK_LIST_JOINS_PER_IP_PER_HOUR, UK_LIST_TICKET_TTL_MS } from './availability.service.ts';

let t: IdentityTestApp;
beforeAll(async () => {
  t = await createIdentityTestApp();
});
afterAll(() => t.app.close());

/** A UK address in the sandbox geo provider (docs/sandbox.md "IP countries"); local addresses are DE. */
const UK_IP = '192.0.2.44';

let counter = 0;
const nextEmail = () => `availability-${(counter += 1)}@example.test`;

/** The sandbox tool, as docs/sandbox.md "Maintenance and the UK" promises it (JSON). */
const switchMode = (body: object) => t.app.inject({ method: 'POST', url: '/sandbox/service-modes', payload: body });

/** Every mode served and closed to the UK again, whatever a test switched. */
afterEach(async () => {
  for (const mode of LOGIN_MODES) expect((await switchMode({ mode, maintenance: false, ukOpen: false })).statusCode).toBe(200);
});

const passwordLogin = (email: string, options: { ip?: string; loginMode?: string; password?: string } = {}) =>
  call(t.app, 'POST', PATHS.passwordLogin, {
    body: { email, password: options.password ?? GOOD_PASSWORD, loginMode: options.loginMode ?? 'individual' },
    ip: options.ip ?? nextIp(),
  });

const userIdOf = async (email: string) => (await t.db.select().from(users).where(eq(users.emailNormalized, email)))[0]?.id;
const sessionsOf = async (userId: string) => (await t.db.select().from(sessions).where(eq(sessions.userId, userId))).length;
const joinList = (options: { ticket?: string; token?: string; ip?: string }) =>
  call(t.app, 'POST', PATHS.joinUkEmailList, {
    ...(options.ticket ? { body: { ticket: options.ticket } } : {}),
    headers: options.token ? tokenHeaders(options.token) : {},
    ip: options.ip ?? nextIp(),
  });

describe('maintenance per mode (10000047), a switch kept as data', () => {
  it("refuses the mode's sign-ins before any credential is checked, and its signed-in calls but sign-out, until it ends", async () => {
    const email = nextEmail();
    const token = await signUpWithPassword(t.app, email);
    const business = await signUp(t.app, nextEmail(), { loginMode: 'business' });

    const switched = await switchMode({ mode: 'individual', maintenance: true });
    expect(switched.json().modes).toContainEqual(
      expect.objectContaining({ mode: 'individual', maintenance: true, ukOpen: false, updatedBy: 'sandbox' }),
    );

    // A wrong password is not even checked: no failure is counted against the person.
    const wrong = await passwordLogin(email, { password: 'Not-the-password-1!' });
    expect(wrong).toMatchObject({ statusCode: 503, body: { code: '10000047', data: null } });
    expect(
      await t.db
        .select()
        .from(credentialFailures)
        .where(eq(credentialFailures.userId, (await userIdOf(email))!)),
    ).toEqual([]);
    expect((await passwordLogin(email)).body.code).toBe('10000047');
    const overview = await call(t.app, 'GET', PATHS.overview, { headers: tokenHeaders(token) });
    expect(overview).toMatchObject({ statusCode: 503, body: { code: '10000047' } });
    // Another mode is served meanwhile.
    expect((await call(t.app, 'GET', PATHS.overview, { headers: tokenHeaders(business, 'business') })).statusCode).toBe(200);

    await switchMode({ mode: 'individual', maintenance: false });
    expect((await passwordLogin(email)).body.data.status).toBe('SUCCESS');
    expect((await call(t.app, 'GET', PATHS.overview, { headers: tokenHeaders(token) })).statusCode).toBe(200);
  });

  it('lets a session of the closed mode sign out', async () => {
    const token = await signUp(t.app, nextEmail());
    await switchMode({ mode: 'individual', maintenance: true });
    expect((await call(t.app, 'POST', PATHS.logout, { headers: tokenHeaders(token) })).statusCode).toBe(200);
    await switchMode({ mode: 'individual', maintenance: false });
    expect((await call(t.app, 'GET', PATHS.overview, { headers: tokenHeaders(token) })).statusCode).toBe(401);
  });

  it('keeps an emailed code unused for after the maintenance', async () => {
    const email = nextEmail();
    const ip = nextIp();
    expect((await sendCode(t.app, email, { ip })).statusCode).toBe(200);
    const code = await readLatestCode(t.app, email);
    await switchMode({ mode: 'independent', maintenance: true });
    const refused = await loginWithCode(t.app, { email, code, termsAccepted: true, loginMode: 'independent' }, ip);
    expect(refused.body.code).toBe('10000047');
    expect(await userIdOf(email)).toBeUndefined();
    await switchMode({ mode: 'independent', maintenance: false });
    const signedIn = await loginWithCode(t.app, { email, code, termsAccepted: true, loginMode: 'independent' }, ip);
    expect(signedIn.body.data.status).toBe('SUCCESS');
  });

  it('follows a row changed by hand within its cache life, on every process', async () => {
    const email = nextEmail();
    await signUpWithPassword(t.app, email);
    await t.db
      .insert(serviceModes)
      .values({ mode: 'individual', maintenance: true, updatedBy: 'by hand' })
      .onConflictDoUpdate({ target: serviceModes.mode, set: { maintenance: true, updatedBy: 'by hand' } });
    t.clock.advance(2_001);
    expect((await passwordLogin(email)).body.code).toBe('10000047');
  });

  it('the sandbox tool: a page, JSON, and a clear 400 that changes nothing', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/sandbox/service-modes' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Maintenance and the UK');
    const json = await t.app.inject({ method: 'GET', url: '/sandbox/service-modes?format=json' });
    expect(json.json().modes.map((mode: { mode: string }) => mode.mode)).toEqual([...LOGIN_MODES]);

    for (const body of [{ mode: 'everyone', maintenance: true }, { mode: 'individual' }, { mode: 'individual', maintenance: 'yes' }]) {
      const refused = await switchMode(body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().message).toBeTruthy();
    }
    expect((await t.app.inject({ method: 'GET', url: '/sandbox/service-modes?format=json' })).json().modes).toEqual(json.json().modes);

    const form = await t.app.inject({
      method: 'POST',
      url: '/sandbox/service-modes',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'mode=business&maintenance=true',
    });
    expect(form.statusCode).toBe(303);
    expect(form.headers.location).toContain('/sandbox/service-modes?changed=');
    expect((await t.app.inject({ method: 'GET', url: form.headers.location! })).body).toContain('business under maintenance');
  });
});

describe('the UK rules at sign-in (10000041)', () => {
  it('refuses a sign-in from a UK address with the notice and no session while the mode is closed to the UK', async () => {
    const email = nextEmail();
    await signUpWithPassword(t.app, email);
    const userId = (await userIdOf(email))!;
    const before = await sessionsOf(userId);

    const refused = await passwordLogin(email, { ip: UK_IP });
    expect(refused).toMatchObject({ statusCode: 403, body: { code: '10000041', data: { ukListTicket: expect.any(String) } } });
    expect(await sessionsOf(userId)).toBe(before);
    // The same account from elsewhere signs in.
    expect((await passwordLogin(email)).body.data.status).toBe('SUCCESS');

    await switchMode({ mode: 'individual', ukOpen: true });
    expect((await passwordLogin(email, { ip: UK_IP })).body.data.status).toBe('SUCCESS');
    // Opening is per mode: the independent sign-in of the same person is still closed to the UK.
    expect((await passwordLogin(email, { ip: UK_IP, loginMode: 'independent' })).body.code).toBe('10000041');
  });

  it('refuses a UK resident (verified residence GB) from any address', async () => {
    const email = nextEmail();
    const token = await signUpWithPassword(t.app, email);
    const userId = (await userIdOf(email))!;
    expect((await submitSandboxVerification(t, token, { lastName: 'Jones', nationality: 'DE', residenceCountry: 'GB' })).statusCode).toBe(
      303,
    );
    await t.app.jobs.drain();
    t.clock.advance(2000);
    await t.app.jobs.drain();
    expect(await profileOf(t.db, userId)).toMatchObject({ kycStatus: 'Pass', ukFlag: true });

    expect((await passwordLogin(email)).body.code).toBe('10000041');
    await switchMode({ mode: 'individual', ukOpen: true });
    expect((await passwordLogin(email)).body.data.status).toBe('SUCCESS');
  });

  it('answers a blocked account as blocked, not with the notice', async () => {
    const email = nextEmail();
    await signUpWithPassword(t.app, email);
    await t.db.update(users).set({ accountStatus: 'Blocked', accountStatusReasonCode: 'AC100002' }).where(eq(users.emailNormalized, email));
    expect((await passwordLogin(email, { ip: UK_IP })).body.data).toMatchObject({ status: 'BLOCKED', token: null });
  });

  it('creates the account of a sign-up from a UK address, tells it the same, and its ticket joins the UK list', async () => {
    const email = nextEmail();
    expect((await sendCode(t.app, email, { ip: UK_IP })).statusCode).toBe(200);
    const code = await readLatestCode(t.app, email);
    const refused = await loginWithCode(t.app, { email, code, termsAccepted: true }, UK_IP);
    expect(refused.body.code).toBe('10000041');
    const userId = (await userIdOf(email))!;
    expect(userId).toBeDefined();
    expect(await sessionsOf(userId)).toBe(0);

    const { ukListTicket } = refused.body.data as { ukListTicket: string };
    expect((await joinList({ ticket: ukListTicket, ip: UK_IP })).body.data).toEqual({ joined: true, alreadyJoined: false });
    expect((await joinList({ ticket: ukListTicket, ip: UK_IP })).body.data).toEqual({ joined: true, alreadyJoined: true });
    expect(await t.db.select().from(mailingListMembers).where(eq(mailingListMembers.userId, userId))).toEqual([
      expect.objectContaining({ list: 'UK_LAUNCH', email }),
    ]);
  });
});

describe('join-uk-email-list: a session or the notice ticket, bounded', () => {
  it('refuses a forged or expired ticket, and a call with neither, changing nothing', async () => {
    const email = nextEmail();
    await signUpWithPassword(t.app, email);
    const { ukListTicket } = (await passwordLogin(email, { ip: UK_IP })).body.data as { ukListTicket: string };
    const [body, signature] = ukListTicket.split('.');
    const claims = JSON.parse(Buffer.from(body!, 'base64url').toString('utf8')) as { userId: string; expiresAt: number };
    const someoneElse = Buffer.from(JSON.stringify({ ...claims, userId: 'usr_someone_else' })).toString('base64url');

    for (const ticket of [`${someoneElse}.${signature}`, `${body}.${'0'.repeat(64)}`]) {
      expect(await joinList({ ticket })).toMatchObject({ statusCode: 401, body: { code: 'USER0000001' } });
    }
    expect(await joinList({})).toMatchObject({ statusCode: 401, body: { code: 'USER0000001' } });
    t.clock.advance(UK_LIST_TICKET_TTL_MS + 1);
    expect((await joinList({ ticket: ukListTicket })).statusCode).toBe(401);
    expect(await t.db.select().from(mailingListMembers).where(eq(mailingListMembers.email, email))).toEqual([]);
  });

  it("puts a session's account on the list", async () => {
    const { token, userId } = await newIndividual(t, nextEmail());
    expect((await joinList({ token })).body.data).toEqual({ joined: true, alreadyJoined: false });
    expect(await t.db.select().from(mailingListMembers).where(eq(mailingListMembers.userId, userId))).toHaveLength(1);
  });

  it(`counts joins per address: ${UK_LIST_JOINS_PER_IP_PER_HOUR} an hour`, async () => {
    const { token } = await newIndividual(t, nextEmail());
    const ip = nextIp();
    for (let i = 0; i < UK_LIST_JOINS_PER_IP_PER_HOUR; i += 1) expect((await joinList({ token, ip })).statusCode).toBe(200);
    const limited = await joinList({ token, ip });
    expect(limited).toMatchObject({ statusCode: 429, body: { code: 'REQ0000429' } });
  });
});

describe('the UK launch list is told when its mode opens to the UK', () => {
  const mailboxOf = async (email: string) =>
    (await t.app.inject({ method: 'GET', url: `/sandbox/mailbox?to=${encodeURIComponent(email)}` })).json().messages as Array<{
      subject: string;
      text: string;
    }>;
  const launchMails = async (email: string) =>
    (await mailboxOf(email)).filter((message) => /sign in to Causeway again|现在可以登录 Causeway/.test(message.subject));

  it("emails each member of the opened mode's kind once, in the language they joined in; a repeat or a reopening sends nothing more", async () => {
    // Openings by earlier tests queued their emails already: sent before these members join.
    await t.app.jobs.drain();
    const [englishEmail, chineseEmail, company] = [nextEmail(), nextEmail(), nextEmail()];
    const english = await newIndividual(t, englishEmail);
    const chinese = await newIndividual(t, chineseEmail);
    const companyHeaders = await newBusiness(t, company);
    await joinList({ token: english.token });
    await call(t.app, 'POST', PATHS.joinUkEmailList, {
      headers: { ...tokenHeaders(chinese.token), 'accept-language': 'zh-CN,zh;q=0.9' },
      ip: nextIp(),
    });
    await call(t.app, 'POST', PATHS.joinUkEmailList, { headers: companyHeaders, ip: nextIp() });

    // Opening only the sign-in inside a merchant's site tells nobody: "you can sign in" must hold on our own pages.
    await switchMode({ mode: 'independent', ukOpen: true });
    await t.app.jobs.drain();
    expect(await launchMails(englishEmail)).toEqual([]);

    expect((await switchMode({ mode: 'individual', ukOpen: true })).statusCode).toBe(200);
    await t.app.jobs.drain();

    const [toEnglish] = await launchMails(englishEmail);
    expect(toEnglish?.subject).toBe('You can sign in to Causeway again');
    expect(await launchMails(englishEmail)).toHaveLength(1);
    expect((await launchMails(chineseEmail)).map((message) => message.subject)).toEqual(['您现在可以登录 Causeway 了']);
    // A business signs in with the business modes: still closed to the UK, it is not told.
    expect(await launchMails(company)).toEqual([]);
    const told = await t.db.select().from(mailingListMembers).where(eq(mailingListMembers.userId, english.userId));
    expect(told[0]?.notifiedAt).toBeInstanceOf(Date);

    // Opened again while open, then closed and reopened: each member was told once, and is not told again.
    await switchMode({ mode: 'individual', ukOpen: true });
    await switchMode({ mode: 'individual', ukOpen: false });
    await switchMode({ mode: 'individual', ukOpen: true });
    await t.app.jobs.drain();
    expect(await launchMails(englishEmail)).toHaveLength(1);
    expect(await launchMails(chineseEmail)).toHaveLength(1);

    // The business modes opening tells the business.
    await switchMode({ mode: 'business', ukOpen: true });
    await t.app.jobs.drain();
    expect(await launchMails(company)).toHaveLength(1);
  });
});

describe('countries not accepted (AC100001, AC100011), judged as a review records them', () => {
  /** A new person verified through the sandbox vendor, its decision (after its delay) applied. */
  async function verified(person: Parameters<typeof submitSandboxVerification>[2]) {
    const { token, userId } = await newIndividual(t, nextEmail());
    expect((await submitSandboxVerification(t, token, person)).statusCode).toBe(303);
    await t.app.jobs.drain();
    t.clock.advance(2000);
    await t.app.jobs.drain();
    return { token, userId };
  }

  it.each([
    ['a residence whose residents are not accepted', { residenceCountry: 'IR', nationality: 'DE' }, 'AC100001'],
    ['a nationality whose nationals are not accepted', { residenceCountry: 'DE', nationality: 'KP' }, 'AC100011'],
    ['both: the residence is said', { residenceCountry: 'SY', nationality: 'SY' }, 'AC100001'],
  ])('%s blocks the account with %s, and the verification fails', async (_what, countriesOf, code) => {
    const { token, userId } = await verified({ lastName: 'Smith', ...countriesOf });
    expect(await profileOf(t.db, userId)).toMatchObject({ kycStatus: 'Fail', kycLevel: 0 });
    expect(await accountOf(t.db, userId)).toMatchObject({ accountStatus: 'Blocked', accountStatusReasonCode: code });
    // What the web app reads to send the person to user-blocked?code=...
    const overview = await call(t.app, 'GET', PATHS.overview, { headers: tokenHeaders(token) });
    expect(overview.body.data).toMatchObject({ accountStatus: 'Blocked', accountStatusReasonCode: code });
  });

  it('judges the data as it arrives, while the review is still pending', async () => {
    const { token, userId } = await newIndividual(t, nextEmail());
    await submitSandboxVerification(t, token, { lastName: 'Pendington', residenceCountry: 'DE', nationality: 'KP' });
    await t.app.jobs.drain();
    expect(await profileOf(t.db, userId)).toMatchObject({ kycStatus: 'Fail', nationality: 'KP' });
    expect(await accountOf(t.db, userId)).toMatchObject({ accountStatus: 'Blocked', accountStatusReasonCode: 'AC100011' });
  });

  it("keeps the vendor's own block first", async () => {
    const { userId } = await verified({ lastName: 'Sanctioned', residenceCountry: 'IR' });
    expect((await accountOf(t.db, userId)).accountStatusReasonCode).toBe('AC100002');
  });

  it('reads the flags from the countries table (data, not code), an edit applying within the cache life', async () => {
    const accepted = await verified({ lastName: 'Smith', residenceCountry: 'FR', nationality: 'PT' });
    expect(await profileOf(t.db, accepted.userId)).toMatchObject({ kycStatus: 'Pass' });
    expect((await call(t.app, 'GET', PATHS.inRegister, { ip: '203.0.113.9' })).body.data).toMatchObject({
      ipCountry: 'US',
      canRegister: true,
    });

    await t.db.update(countries).set({ nationalityAccepted: false }).where(eq(countries.code, 'PT'));
    await t.db
      .update(countries)
      .set({ residenceAccepted: false })
      .where(inArray(countries.code, ['US']));
    t.clock.advance(COUNTRY_FLAGS_CACHE_TTL_MS + 1);
    try {
      const refused = await verified({ lastName: 'Smith', residenceCountry: 'FR', nationality: 'PT' });
      expect(await accountOf(t.db, refused.userId)).toMatchObject({ accountStatus: 'Blocked', accountStatusReasonCode: 'AC100011' });
      expect((await call(t.app, 'GET', PATHS.inRegister, { ip: '203.0.113.9' })).body.data).toEqual({
        ipCountry: 'US',
        isUk: false,
        blocked: true,
        canRegister: false,
      });
      // A decision already applied stays as it was: only a review arriving is judged.
      expect((await accountOf(t.db, accepted.userId)).accountStatus).toBe('Active');
    } finally {
      await t.db
        .update(countries)
        .set({ nationalityAccepted: true, residenceAccepted: true })
        .where(and(inArray(countries.code, ['PT', 'US'])));
      t.clock.advance(COUNTRY_FLAGS_CACHE_TTL_MS + 1);
    }
  });
});
