import { HELP_DESK_URLS, PATHS } from '@causeway/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { call, signUp } from '../../../test/identity-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { loadConfig } from '../../config.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.app.close();
  t = undefined;
});

const basic = (password: string) => ({ authorization: `Basic ${Buffer.from(`operator:${password}`).toString('base64')}` });

describe('who sees the built-in desk\'s tickets', () => {
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
    expect((await t.app.inject({ method: 'GET', url: '/sandbox/help-desk/requests/1/attachments/abc', headers: basic('wrong password!') })).statusCode).toBe(401);
    const page = await t.app.inject({ method: 'GET', url: '/sandbox/help-desk?format=json', headers: basic('correct horse battery') });
    expect([page.statusCode, page.json()]).toEqual([200, { requests: [] }]);
  });

  it('never writes HELP_DESK_OPERATOR_PASSWORD to the logs or a configuration error (trust.md: secrets never reach logs)', async () => {
    expect(() => loadConfig({ HELP_DESK_OPERATOR_PASSWORD: 'short-pw' })).toThrow(/HELP_DESK_OPERATOR_PASSWORD=\(value hidden\)/);
    expect(() => loadConfig({ HELP_DESK_OPERATOR_PASSWORD: 'short-pw' })).not.toThrow(/short-pw/);
    t = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:9', HELP_DESK_OPERATOR_PASSWORD: 'correct horse battery' });
    expect((await t.app.inject({ method: 'GET', url: '/sandbox/help-desk', headers: basic('correct horse battery') })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/sandbox/help-desk/requests/1/attachments/abc', headers: basic('correct horse battery') })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/sandbox/help-desk', headers: basic('correct horse battery!') })).statusCode).toBe(401);
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
      params: { request: { comment: { body: 'Please help me with my order, it has been pending for quite a while now.' }, requester: { email: 'busy@example.com' }, custom_fields: [{ id: 'source', value: 'tickets_from_widget' }] } },
    };
    for (let i = 0; i < 10; i += 1) expect((await call(t.app, 'POST', PATHS.helpDeskRequest, { headers, body })).statusCode).toBe(200);
    const eleventh = await call(t.app, 'POST', PATHS.helpDeskRequest, { headers, body });
    expect([eleventh.statusCode, eleventh.body.code]).toEqual([429, 'REQ0000429']);
    expect((await t.app.inject({ method: 'GET', url: '/sandbox/help-desk?format=json' })).json().requests).toHaveLength(10);
    // Reading is not limited.
    expect((await call(t.app, 'POST', PATHS.helpDeskRequest, { headers, body: { url: HELP_DESK_URLS.sections('en-us'), requestType: 'get' } })).statusCode).toBe(200);
  });

  it('with Zendesk, limits reads to 120 a minute per person (each may spend the account\'s API quota); an outage answers HLP0000005', async () => {
    t = await createTestApp({ HELP_DESK: 'zendesk', ZENDESK_URL: 'http://127.0.0.1:9', ZENDESK_EMAIL: 'agent@example.com', ZENDESK_API_TOKEN: 'zd-secret-token', ZENDESK_SOURCE_FIELD_ID: '360001' });
    const headers = { token: await signUp(t.app, 'zendesk-reader@example.com') };
    const read = (query: string) => call(t!.app, 'POST', PATHS.helpDeskRequest, { headers, body: { url: HELP_DESK_URLS.search, requestType: 'get', params: { query, locale: 'en-us' } } });
    const first = await read('card 0');
    expect([first.statusCode, first.body.code]).toEqual([503, 'HLP0000005']);
    for (let i = 1; i < 120; i += 1) await read(`card ${i}`);
    const over = await read('card 120');
    expect([over.statusCode, over.body.code]).toEqual([429, 'REQ0000429']);
    expect(t.logs.join('')).not.toContain('zd-secret-token');
  });
});
