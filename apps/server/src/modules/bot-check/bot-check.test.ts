import { PATHS } from '@causeway/contracts';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app.ts';

const url = `/prod-api${PATHS.botCheckConfig}`;

describe('GET bot-check config', () => {
  it('tells the browser the sandbox runs, with no site key, when RECAPTCHA_SECRET is unset', async () => {
    const { app } = await createTestApp();
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 200, data: { provider: 'sandbox', siteKey: null } });
    await app.close();
  });

  it('tells the browser reCAPTCHA runs, with its site key, when the pair is set', async () => {
    const { app } = await createTestApp({ RECAPTCHA_SECRET: 'server-half', RECAPTCHA_SITE_KEY: 'site-key-1' });
    const response = await app.inject({ method: 'GET', url });
    expect(response.json()).toMatchObject({ data: { provider: 'recaptcha', siteKey: 'site-key-1' } });
    // The secret stays on the server.
    expect(response.body).not.toContain('server-half');
    await app.close();
  });
});
