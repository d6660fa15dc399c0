import { PATHS } from '@causeway/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createIdentityTestApp, type IdentityTestApp, nextIp, signUp, tokenHeaders } from '../../../test/identity-helpers.ts';
import { promotionEmailSubscriptions, users } from '../../db/schema/index.ts';
import { ONE_CLICK_UNSUBSCRIBE_PATH, UNSUBSCRIBE_REFUSALS_PER_ADDRESS_PER_HOUR } from './promotion-email.service.ts';

interface MailboxMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

let t: IdentityTestApp;
beforeAll(async () => {
  t = await createIdentityTestApp();
});
afterAll(() => t.app.close());

let people = 0;
/** A new signed-in person: their address and session headers. */
async function person() {
  people += 1;
  const email = `promo-${people}@causeway.test`;
  return { email, headers: tokenHeaders(await signUp(t.app, email)) };
}

const choice = (headers: Record<string, string>, body?: object) =>
  call(t.app, 'POST', PATHS.promotionEmailSubscription, { headers, ...(body ? { body } : {}) });

/** The mailbox of one address, newest first, once the outbox's jobs have run. */
async function mailbox(email: string): Promise<MailboxMessage[]> {
  await t.app.jobs.drain();
  const response = await t.app.inject({ method: 'GET', url: `/sandbox/mailbox?to=${encodeURIComponent(email)}` });
  return response.json().messages;
}
const promotionsIn = async (email: string) => (await mailbox(email)).filter((m) => m.headers['List-Unsubscribe']);

/** Says yes and answers the unsubscribe token of the welcome email it brings. */
async function subscribe(who: { email: string; headers: Record<string, string> }, lang?: 'en' | 'zh') {
  const { body } = await choice(who.headers, { subscribed: true, ...(lang ? { lang } : {}) });
  expect(body.data).toEqual({ subscribed: true, email: who.email });
  const [latest] = await promotionsIn(who.email);
  const token = /\/unsubscribe#([\w.-]+)/.exec(latest?.text ?? '')?.[1];
  if (!token) throw new Error(`no unsubscribe link in ${JSON.stringify(latest)}`);
  return token;
}

const details = (token: string, ip = nextIp()) => call(t.app, 'POST', PATHS.promotionEmailUnsubscribeDetails, { body: { token }, ip });
const unsubscribe = (token: string, ip = nextIp()) => call(t.app, 'POST', PATHS.promotionEmailUnsubscribe, { body: { token }, ip });
const oneClick = (token: string, payload: string, contentType: string, ip = nextIp()) =>
  t.app.inject({
    method: 'POST',
    url: `${ONE_CLICK_UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`,
    headers: { 'content-type': contentType },
    payload,
    remoteAddress: ip,
  });
const FORM = 'application/x-www-form-urlencoded';
const ONE_CLICK_BODY = 'List-Unsubscribe=One-Click';

/** The token with its signature's last digit changed: what a forger or a mangled link sends. */
const altered = (token: string) => token.slice(0, -1) + (token.endsWith('0') ? '1' : '0');

describe('promotion-email-subscription (Settings)', () => {
  it('answers no for a new account, with or without a body, and changes nothing by reading', async () => {
    const ana = await person();
    for (const body of [undefined, {}])
      expect((await choice(ana.headers, body)).body.data).toEqual({ subscribed: false, email: ana.email });
    expect(await promotionsIn(ana.email)).toEqual([]);
  });

  it('a yes sends the welcome email: its unsubscribe link in the text and HTML, and the RFC 8058 headers', async () => {
    const ana = await person();
    const token = await subscribe(ana);
    const [welcome, ...others] = await promotionsIn(ana.email);
    expect(others).toEqual([]);
    expect(welcome!.subject).toBe("You're subscribed to Causeway news and offers");
    expect(welcome!.text).toContain(`Unsubscribe: http://localhost:80/en/unsubscribe#${token}`);
    expect(welcome!.html).toContain(`<a href="http://localhost:80/en/unsubscribe#${token}">Unsubscribe</a>`);
    expect(welcome!.headers).toEqual({
      'List-Unsubscribe': `<http://localhost:80${ONE_CLICK_UNSUBSCRIBE_PATH}?token=${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect((await choice(ana.headers)).body.data).toEqual({ subscribed: true, email: ana.email });
  });

  it('writes the emails in the language the person said yes in', async () => {
    const li = await person();
    await subscribe(li, 'zh');
    const [welcome] = await promotionsIn(li.email);
    expect(welcome!.subject).toBe('您已订阅 Causeway 的新闻与优惠');
    expect(welcome!.text).toMatch(/退订: http:\/\/localhost:80\/zh\/unsubscribe#/);
  });

  it('a second yes changes nothing and sends nothing; a no turns the emails off', async () => {
    const ana = await person();
    const token = await subscribe(ana);
    expect((await choice(ana.headers, { subscribed: true })).body.data.subscribed).toBe(true);
    expect(await promotionsIn(ana.email)).toHaveLength(1);
    // The earlier yes's link still works: a repeated yes is no new choice.
    expect((await details(token)).body.data.subscribed).toBe(true);
    expect((await choice(ana.headers, { subscribed: false })).body.data).toEqual({ subscribed: false, email: ana.email });
    expect((await choice(ana.headers)).body.data.subscribed).toBe(false);
  });

  it('a no before the welcome goes out means it never does', async () => {
    const ana = await person();
    await choice(ana.headers, { subscribed: true });
    await choice(ana.headers, { subscribed: false });
    expect(await promotionsIn(ana.email)).toEqual([]);
  });

  it('sends at most 3 welcome emails a day, however often the person says yes again', async () => {
    const ana = await person();
    for (let round = 0; round < 5; round += 1) {
      await choice(ana.headers, { subscribed: true });
      await t.app.jobs.drain();
      await choice(ana.headers, { subscribed: false });
    }
    expect(await promotionsIn(ana.email)).toHaveLength(3);
    // The choice itself is never held back: the fifth yes stands.
    expect((await choice(ana.headers, { subscribed: true })).body.data.subscribed).toBe(true);
    // A day later, a yes brings its welcome again.
    await choice(ana.headers, { subscribed: false });
    t.clock.advance(24 * 60 * 60 * 1000 + 1);
    // The session of a day ago has lapsed: sign in again.
    const again = tokenHeaders(await signUp(t.app, ana.email));
    await choice(again, { subscribed: true });
    expect(await promotionsIn(ana.email)).toHaveLength(4);
  });

  it('sends nothing to a blocked account, whatever it chose', async () => {
    const ana = await person();
    await choice(ana.headers, { subscribed: true });
    await t.db.update(users).set({ accountStatus: 'Blocked' }).where(eq(users.email, ana.email));
    expect(await promotionsIn(ana.email)).toEqual([]);
  });

  it('refuses a value that is not a yes or a no, and changes nothing', async () => {
    const ana = await person();
    const { statusCode, body } = await choice(ana.headers, { subscribed: 'yes' });
    expect(statusCode).toBe(400);
    expect(body.code).toBe('REQ0000400');
    expect((await choice(ana.headers)).body.data.subscribed).toBe(false);
  });
});

describe('the unsubscribe screen (a link of the email)', () => {
  it('shows the address and list without changing anything; confirming takes the address off; twice is as once', async () => {
    const ana = await person();
    const token = await subscribe(ana);
    for (let look = 0; look < 2; look += 1)
      expect((await details(token)).body.data).toEqual({ email: ana.email, list: 'promotions', subscribed: true });
    expect((await choice(ana.headers)).body.data.subscribed).toBe(true);

    const first = await unsubscribe(token);
    expect(first.body.data).toEqual({ email: ana.email, list: 'promotions', alreadyUnsubscribed: false });
    expect((await choice(ana.headers)).body.data.subscribed).toBe(false);
    expect((await unsubscribe(token)).body.data.alreadyUnsubscribed).toBe(true);
    expect((await details(token)).body.data.subscribed).toBe(false);
    const [row] = await t.db
      .select()
      .from(promotionEmailSubscriptions)
      .innerJoin(users, eq(users.id, promotionEmailSubscriptions.userId))
      .where(eq(users.email, ana.email));
    expect(row!.promotion_email_subscriptions).toMatchObject({ subscribed: false, changedVia: 'link' });
  });

  it('refuses a forged or altered link (403, PRM0000001) and changes nothing', async () => {
    const ana = await person();
    const token = await subscribe(ana);
    const [body] = token.split('.');
    const otherPerson = Buffer.from(JSON.stringify({ u: 'usr_someoneelse', l: 'promotions', g: 1 })).toString('base64url');
    for (const forged of [altered(token), `${otherPerson}.${token.split('.')[1]}`, `${body}.${'0'.repeat(64)}`]) {
      for (const answer of [await details(forged), await unsubscribe(forged)]) {
        expect(answer.statusCode).toBe(403);
        expect(answer.body.code).toBe('PRM0000001');
      }
    }
    expect((await choice(ana.headers)).body.data.subscribed).toBe(true);
  });

  it('refuses what is no link at all before checking anything (400)', async () => {
    for (const token of ['', 'not-a-token', `${'a'.repeat(20)}.${'g'.repeat(64)}`]) {
      const answer = await unsubscribe(token);
      expect(answer.statusCode).toBe(400);
      expect(answer.body.code).toBe('REQ0000400');
    }
  });

  it('counts forged links per client address: past the limit even a good link from there waits, others are not held up', async () => {
    const ana = await person();
    const token = await subscribe(ana);
    const ip = nextIp();
    for (let n = 0; n < UNSUBSCRIBE_REFUSALS_PER_ADDRESS_PER_HOUR; n += 1) expect((await details(altered(token), ip)).statusCode).toBe(403);
    const held = await unsubscribe(token, ip);
    expect(held.statusCode).toBe(429);
    expect((await choice(ana.headers)).body.data.subscribed).toBe(true);
    // Good links are not counted: from another address, the same link works.
    expect((await unsubscribe(token)).body.data.alreadyUnsubscribed).toBe(false);
    // And an hour later the address may try again.
    t.clock.advance(60 * 60 * 1000 + 1);
    expect((await details(token, ip)).statusCode).toBe(200);
  });

  it('saying yes again in Settings replaces the links of earlier emails (410, PRM0000002); the new email’s link works', async () => {
    const ana = await person();
    const old = await subscribe(ana);
    await choice(ana.headers, { subscribed: false });
    const fresh = await subscribe(ana);
    expect(fresh).not.toBe(old);
    for (const answer of [await details(old), await unsubscribe(old)]) {
      expect(answer.statusCode).toBe(410);
      expect(answer.body.code).toBe('PRM0000002');
    }
    const clicked = await oneClick(old, ONE_CLICK_BODY, FORM);
    expect(clicked.statusCode).toBe(410);
    expect(clicked.json().code).toBe('PRM0000002');
    expect((await choice(ana.headers)).body.data.subscribed).toBe(true);
    expect((await unsubscribe(fresh)).body.data.alreadyUnsubscribed).toBe(false);
  });
});

describe('one-click unsubscribe from the mail client (RFC 8058)', () => {
  it('a POST of List-Unsubscribe=One-Click (form) unsubscribes at once, with no redirect and no session', async () => {
    const ana = await person();
    const token = await subscribe(ana);
    const response = await oneClick(token, ONE_CLICK_BODY, FORM);
    expect(response.statusCode).toBe(200);
    expect(response.headers.location).toBeUndefined();
    expect(response.json().data).toEqual({ email: ana.email, list: 'promotions', alreadyUnsubscribed: false });
    expect((await choice(ana.headers)).body.data.subscribed).toBe(false);
    const [row] = await t.db
      .select()
      .from(promotionEmailSubscriptions)
      .innerJoin(users, eq(users.id, promotionEmailSubscriptions.userId))
      .where(eq(users.email, ana.email));
    expect(row!.promotion_email_subscriptions.changedVia).toBe('one-click');
  });

  it('takes the multipart/form-data form of the same POST', async () => {
    const ana = await person();
    const token = await subscribe(ana);
    const boundary = '----causeway-test-boundary';
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`;
    const response = await oneClick(token, body, `multipart/form-data; boundary=${boundary}`);
    expect(response.statusCode).toBe(200);
    expect((await choice(ana.headers)).body.data.subscribed).toBe(false);
  });

  it('refuses a POST without the one-click body, and keeps the person on the list', async () => {
    const ana = await person();
    const token = await subscribe(ana);
    for (const [payload, type] of [
      ['', FORM],
      ['List-Unsubscribe=Yes', FORM],
      ['{"List-Unsubscribe":"Two-Clicks"}', 'application/json'],
    ] as const) {
      expect((await oneClick(token, payload, type)).statusCode).toBe(400);
    }
    expect((await choice(ana.headers)).body.data.subscribed).toBe(true);
  });

  it('a forged one-click link is refused (403) and counted like the screen’s', async () => {
    const ana = await person();
    const token = await subscribe(ana);
    const response = await oneClick(altered(token), ONE_CLICK_BODY, FORM);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('PRM0000001');
    const ip = nextIp();
    for (let n = 0; n < UNSUBSCRIBE_REFUSALS_PER_ADDRESS_PER_HOUR; n += 1) await oneClick(altered(token), ONE_CLICK_BODY, FORM, ip);
    expect((await details(token, ip)).statusCode).toBe(429);
    expect((await choice(ana.headers)).body.data.subscribed).toBe(true);
  });

  it('a GET of the same URI (a scanner, or a person following the header) changes nothing: 303 to the screen, the token in the fragment', async () => {
    const ana = await person();
    const token = await subscribe(ana);
    for (const lang of ['en', 'zh']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `${ONE_CLICK_UNSUBSCRIBE_PATH}?token=${token}`,
        headers: { 'accept-language': lang === 'zh' ? 'zh-CN,zh;q=0.9' : 'en-GB' },
      });
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe(`/${lang}/unsubscribe#${token}`);
      expect(response.headers['cache-control']).toBe('no-store');
    }
    expect((await choice(ana.headers)).body.data.subscribed).toBe(true);
  });

  it('the logs never hold a token', async () => {
    const ana = await person();
    const token = await subscribe(ana);
    await oneClick(token, ONE_CLICK_BODY, FORM);
    await t.app.inject({ method: 'GET', url: `${ONE_CLICK_UNSUBSCRIBE_PATH}?token=${token}` });
    await unsubscribe(token);
    const [, signature] = token.split('.');
    expect(t.logs.join('')).not.toContain(signature);
  });
});
