import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { renderHelpDeskPage } from '../modules/help/help-desk.page.ts';
import { renderOperatorReviewPage } from '../modules/orders/operator-review.page.ts';
import { renderMessagePage, renderVerificationForm } from '../modules/sandbox/kyc-verification.page.ts';
import { renderUnlockPage } from '../modules/identity/unlock.page.ts';

let t: TestApp;
beforeAll(async () => {
  // As in every test: no built web app (WEB_DIST names no folder), so the icon cannot come from there.
  t = await createTestApp();
});
afterAll(() => t.app.close());

const ICON_LINK = '<link rel="icon" href="/favicon.ico" type="image/svg+xml">';

// Issue 14: the browser's /favicon.ico was a 404 on every server-rendered page.
describe('the site icon', () => {
  it("/favicon.ico answers the web app's icon, an image, cacheable", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/favicon.ico' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\//);
    expect(response.headers['cache-control']).toContain('max-age=');
    expect(response.body).toContain('<svg');
    expect((await t.app.inject({ method: 'HEAD', url: '/favicon.ico' })).statusCode).toBe(200);
  });

  it.each([
    ['the sandbox KYC page', '/sandbox/kyc/verify?token=made-up'],
    ['the sandbox 3DS page', '/sandbox/3ds/pay_unknown'],
    ['the sandbox Klarna widget', '/sandbox/klarna/0b1d9815-165e-42e2-8867-35bc03789e00'],
    ['the help centre', '/help-centre/en-us'],
    ['the help centre in Chinese', '/help-centre/zh-cn'],
    ['the sandbox mailbox', '/sandbox/mailbox'],
  ])('%s links it', async (_page, url) => {
    const response = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain(ICON_LINK);
  });

  it('every other server-rendered page links it too', () => {
    const values = { firstName: '', lastName: '', dob: '', nationality: '', residenceCountry: '' };
    expect(renderVerificationForm({ token: 't', returnUrl: '/en/account-status', values, errors: [], countries: [] })).toContain(ICON_LINK);
    expect(renderMessagePage('Done', 'Thanks', '/en/account-status')).toContain(ICON_LINK);
    expect(renderHelpDeskPage([])).toContain(ICON_LINK);
    expect(renderOperatorReviewPage([])).toContain(ICON_LINK);
    expect(renderUnlockPage('gone', 'en')).toContain(ICON_LINK);
  });
});
