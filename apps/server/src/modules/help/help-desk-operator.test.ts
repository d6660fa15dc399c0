import { HELP_DESK_URLS, PATHS } from '@causeway/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { call, signUp } from '../../../test/identity-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { loadConfig } from '../../config.ts';
import { rateLimitBuckets } from '../../db/schema/index.ts';
import { createManualClock } from '../../platform/clock.ts';
import { OPERATOR_LOCK_POLICY } from '../../platform/operator-password.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.app.close();
  t = undefined;
});

const basic = (password: string) => ({ authorization: `Basic ${Buffer.from(`operator:${password}`).toString('base64')}` });

describe("who sees the built-in desk's tickets", () => {
  it('on an install with real mail (not a sandbox) there is no operator page without HELP_DESK_OPERATOR_PASSWORD', async () => {
    t = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:9' });
    expect((await t.app.inject({ method: 'GET', url: '/sandbox/help-desk?format=json' })).statusCode).toBe(404);
    // The help site itself stays: it is the public help centre.
    expect((await t.app.inject({ method: 'GET', url: '/help-centre/en-us' })).statusCode).toBe(200);
  });

  it('with HELP_DESK_OPERATOR_PASSWORD the page and its downloads ask for it (HTTP Basic)', async () => {
    t = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:9', HELP_DESK_OPERATOR_PASSWORD: 'correct horse battery' });
    const refused = await t.app.inject({ method: 'GET', url: '/sandbox/help-desk' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['www-authenticate']).toMatch(/^Basic /);
    expect((await t.app.inject({ method: 'GET', url: '/sandbox/help-desk', headers: basic('wrong password!') })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/sandbox/help-desk/requests/1/attachments/abc', headers: basic('wrong password!') }))
        .statusCode,
    ).toBe(401);
    const page = await t.app.inject({ method: 'GET', url: '/sandbox/help-desk?format=json', headers: basic('correct horse battery') });
    expect([page.statusCode, page.json()]).toEqual([200, { requests: [] }]);
  });

  it('never writes HELP_DESK_OPERATOR_PASSWORD to the logs or a configuration error (docs/trust.md: secrets never reach logs)', async () => {
    expect(() => loadConfig({ HELP_DESK_OPERATOR_PASSWORD: 'short-pw' })).toThrow(/HELP_DESK_OPERATOR_PASSWORD=\(value hidden\)/);
    expect(() => loadConfig({ HELP_DESK_OPERATOR_PASSWORD: 'short-pw' })).not.toThrow(/short-pw/);
    t = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:9', HELP_DESK_OPERATOR_PASSWORD: 'correct horse battery' });
    expect((await t.app.inject({ method: 'GET', url: '/sandbox/help-desk', headers: basic('correct horse battery') })).statusCode).toBe(
      200,
    );
    expect(
      (await t.app.inject({ method: 'GET', url: '/sandbox/help-desk/requests/1/attachments/abc', headers: basic('correct horse battery') }))
        .statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/sandbox/help-desk', headers: basic('correct horse battery!') })).statusCode).toBe(
      401,
    );
    const written = t.logs.join('');
    expect(written).toContain('/sandbox/help-desk');
    expect(written).not.toContain('correct horse battery');
    expect(written).not.toContain(Buffer.from('operator:correct horse battery').toString('base64'));
  });
});

describe('rate limits', () => {
  it('takes 10 tickets an hour from one person, then answers REQ0000429 and stores nothing', async () => {
    t = await createTestApp();
    const headers = { token: await signUp(t.app, 'busy-writer@example.com') };
    const body = {
      url: HELP_DESK_URLS.createRequest,
      requestType: 'post',
      params: {
        request: {
          comment: { body: 'Please help me with my order, it has been pending for quite a while now.' },
          requester: { email: 'busy@example.com' },
          custom_fields: [{ id: 'source', value: 'tickets_from_widget' }],
        },
      },
    };
    for (let i = 0; i < 10; i += 1) expect((await call(t.app, 'POST', PATHS.helpDeskRequest, { headers, body })).statusCode).toBe(200);
    const eleventh = await call(t.app, 'POST', PATHS.helpDeskRequest, { headers, body });
    expect([eleventh.statusCode, eleventh.body.code]).toEqual([429, 'REQ0000429']);
    const again = await t.app.inject({ method: 'POST', url: `/prod-api${PATHS.helpDeskRequest}`, headers, payload: body });
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    expect((await t.app.inject({ method: 'GET', url: '/sandbox/help-desk?format=json' })).json().requests).toHaveLength(10);
    // Reading is not limited.
    expect(
      (await call(t.app, 'POST', PATHS.helpDeskRequest, { headers, body: { url: HELP_DESK_URLS.sections('en-us'), requestType: 'get' } }))
        .statusCode,
    ).toBe(200);
  });

  it("with Zendesk, limits reads to 120 a minute per person (each may spend the account's API quota); an outage answers HLP0000005", async () => {
    t = await createTestApp({
      HELP_DESK: 'zendesk',
      ZENDESK_URL: 'http://127.0.0.1:9',
      ZENDESK_EMAIL: 'agent@example.com',
      ZENDESK_API_TOKEN: 'zd-secret-token',
      ZENDESK_SOURCE_FIELD_ID: '360001',
    });
    const headers = { token: await signUp(t.app, 'zendesk-reader@example.com') };
    const read = (query: string) =>
      call(t!.app, 'POST', PATHS.helpDeskRequest, {
        headers,
        body: { url: HELP_DESK_URLS.search, requestType: 'get', params: { query, locale: 'en-us' } },
      });
    const first = await read('card 0');
    expect([first.statusCode, first.body.code]).toEqual([503, 'HLP0000005']);
    for (let i = 1; i < 120; i += 1) await read(`card ${i}`);
    const over = await read('card 120');
    expect([over.statusCode, over.body.code]).toEqual([429, 'REQ0000429']);
    expect(t.logs.join('')).not.toContain('zd-secret-token');
  });
});

describe('the operator password is limited like a sign-in (issue 13)', () => {
  const PASSWORD = 'correct horse battery';
  const page = (password: string, ip: string) =>
    t!.app.inject({ method: 'GET', url: '/sandbox/help-desk?format=json', headers: basic(password), remoteAddress: ip });

  it('checks at most 5 of 100 parallel wrong passwords from an address, then locks that address for an hour, the right password included', async () => {
    const clock = createManualClock();
    t = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:9', HELP_DESK_OPERATOR_PASSWORD: PASSWORD }, undefined, { clock });
    const guesses = await Promise.all(Array.from({ length: 100 }, (_, i) => page(`wrong password ${i}`, '198.51.100.7')));
    expect(guesses.filter((answer) => answer.statusCode === 401)).toHaveLength(OPERATOR_LOCK_POLICY.maxFailuresPerAddress);
    expect(guesses.filter((answer) => answer.statusCode === 429)).toHaveLength(100 - OPERATOR_LOCK_POLICY.maxFailuresPerAddress);

    const right = await page(PASSWORD, '198.51.100.7');
    expect(right.statusCode).toBe(429);
    expect(right.json()).toMatchObject({ code: 'REQ0000429' });
    expect(Number(right.headers['retry-after'])).toBe(3600);
    // The lock is the address's: the operator elsewhere is not shut out.
    expect((await page(PASSWORD, '203.0.113.20')).statusCode).toBe(200);

    clock.advance(OPERATOR_LOCK_POLICY.lockMs - 1000);
    expect((await page(PASSWORD, '198.51.100.7')).statusCode).toBe(429);
    clock.advance(1000);
    expect((await page(PASSWORD, '198.51.100.7')).statusCode).toBe(200);
  });

  it('does not count the right password: an operator who opens the page all day is never locked', async () => {
    t = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:9', HELP_DESK_OPERATOR_PASSWORD: PASSWORD });
    for (let i = 0; i < 4; i += 1) expect((await page('a typo in it', '198.51.100.8')).statusCode).toBe(401);
    for (let i = 0; i < 20; i += 1) expect((await page(PASSWORD, '198.51.100.8')).statusCode).toBe(200);
    // The four typos still count: one more locks.
    expect((await page('a typo in it', '198.51.100.8')).statusCode).toBe(401);
    expect((await page(PASSWORD, '198.51.100.8')).statusCode).toBe(429);
  });

  it('stops every check for the rest of the hour once all addresses together failed the overall ceiling', async () => {
    const clock = createManualClock();
    t = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:9', HELP_DESK_OPERATOR_PASSWORD: PASSWORD }, undefined, { clock });
    await t.db
      .insert(rateLimitBuckets)
      .values({ key: 'help-desk-operator:all', count: OPERATOR_LOCK_POLICY.maxFailuresOverall, windowStartedAt: clock.now() });
    const refused = await page(PASSWORD, '203.0.113.30');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    clock.advance(OPERATOR_LOCK_POLICY.lockMs);
    expect((await page(PASSWORD, '203.0.113.30')).statusCode).toBe(200);
  });
});
