import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../platform/clock.ts';
import { totpAt } from '../../../test/identity-helpers.ts';
import { createTestApp, readLatestCode, type TestApp } from '../../../test/test-app.ts';

const clock = createManualClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, undefined, { clock });
});
afterAll(() => t.app.close());

const api = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url: `/prod-api${url}`, headers: { token }, ...(payload ? { payload } : {}) });

async function signInDemo(): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/prod-api/capi/v1/login/common/password',
    payload: { email: 'demo@causeway.test', password: 'Causeway-demo-2026!' },
  });
  return response.json().data.token.token;
}

const totp = (secret: string, offsetSteps = 0) => totpAt(clock, secret, offsetSteps);

describe('binding the authenticator', () => {
  let token: string;
  let otherToken: string;
  let secret: string;

  it('starts with no authenticator: no modal for most scenarios, the bind modal before a sell', async () => {
    token = await signInDemo();
    otherToken = await signInDemo();
    const status = await api('GET', '/capi/v1/customer/otp/check-google-authenticator-binding-status?scenario=BUY', token);
    expect(status.json().data).toEqual({ bindStatus: 'NONE', otpStep: 'skip-otp', email: 'demo@causeway.test' });
    const sell = await api('GET', '/capi/v1/customer/otp/check-google-authenticator-binding-status?scenario=SELL', token);
    expect(sell.json().data.otpStep).toBe('bind-otp');
  });

  it('gives a setup key and a 100 px QR code of it', async () => {
    const response = await api('POST', '/capi/v1/customer/otp/generate-google-authenticator-qr-code', token, {
      qrCodeWidth: 100,
      qrCodeHeight: 100,
    });
    const { googleAuthenticatorToken, qrCode } = response.json().data;
    expect(googleAuthenticatorToken).toMatch(/^[A-Z2-7]{16,}$/);
    expect(qrCode).toMatch(/^data:image\/png;base64,/);
    secret = googleAuthenticatorToken;
  });

  it('needs the emailed GA_BIND code and a right app code', async () => {
    const send = await api('POST', '/capi/v1/login/common/verification/send-code', token, {
      verifyBusiness: 'GA_BIND',
      email: 'demo@causeway.test',
    });
    expect(send.statusCode).toBe(200);
    const emailCode = await readLatestCode(t.app, 'demo@causeway.test');

    const wrongApp = await api('POST', '/capi/v1/customer/otp/bind-google-authenticator', token, {
      newGaVerifyCode: '000000',
      emailVerifyCode: emailCode,
    });
    expect(wrongApp.json().code).toBe('USE003000011');

    clock.advance(60_000);
    await api('POST', '/capi/v1/login/common/verification/send-code', token, { verifyBusiness: 'GA_BIND', email: 'demo@causeway.test' });
    const freshEmailCode = await readLatestCode(t.app, 'demo@causeway.test');
    const wrongEmail = await api('POST', '/capi/v1/customer/otp/bind-google-authenticator', token, {
      newGaVerifyCode: await totp(secret),
      emailVerifyCode: freshEmailCode === '000000' ? '111111' : '000000',
    });
    expect(wrongEmail.json().code).toBe('USE003000002');

    const bound = await api('POST', '/capi/v1/customer/otp/bind-google-authenticator', token, {
      newGaVerifyCode: await totp(secret),
      emailVerifyCode: freshEmailCode,
    });
    expect(bound.json().data).toEqual({ bindStatus: 'SUCCESS' });
  });

  it('ends the other sessions but suspends nothing: a first binding is no change (the 24 h follow a change)', async () => {
    const status = await api('GET', '/capi/v1/customer/otp/check-google-authenticator-binding-status?scenario=SELL', token);
    expect(status.json().data).toMatchObject({ bindStatus: 'BINDED', otpStep: 'verify-otp' });
    const other = await api('GET', '/capi/v1/customer/user/refresh-token', otherToken);
    expect(other.json().code).toBe('USER0000001');
  });

  it('refuses a second binding', async () => {
    const response = await api('GET', '/capi/v1/common/otp/get-google-authenticator', token);
    expect(response.json().code).toBe('USE000000003');
  });

  it('asks for the authenticator at the next sign-in, and verify-otp accepts each code once', async () => {
    clock.advance(24 * 60 * 60 * 1000);
    const login = await t.app.inject({
      method: 'POST',
      url: '/prod-api/capi/v1/login/common/password',
      payload: { email: 'demo@causeway.test', password: 'Causeway-demo-2026!' },
    });
    expect(login.json().data).toMatchObject({ status: 'NEED_GA', token: null });
    const second = await t.app.inject({
      method: 'POST',
      url: '/prod-api/capi/v1/login/common/verification/verify-ga-code',
      payload: { processToken: login.json().data.processToken, verifyCode: await totp(secret) },
    });
    expect(second.json().data, JSON.stringify(second.json())).toMatchObject({ status: 'SUCCESS' });
    const signedIn = second.json().data.token.token as string;

    clock.advance(30_000);
    const code = await totp(secret);
    const first = await api('GET', `/capi/v1/customer/otp/verify-otp?verifyOtpType=GA_OTP&verifyCode=${code}&scenario=SELL`, signedIn);
    expect(first.json().data).toMatchObject({ status: 'SUCCESS', tokenVo: { validTime: 300 } });
    const replay = await api('GET', `/capi/v1/customer/otp/verify-otp?verifyOtpType=GA_OTP&verifyCode=${code}&scenario=SELL`, signedIn);
    expect(replay.json().data).toEqual({ status: 'FAILED', tokenVo: null });
  });
});

describe('the Download App modal', () => {
  it('answers the store QR code as a list whose first item is URL-encoded', async () => {
    const token = await t.app
      .inject({
        method: 'POST',
        url: '/prod-api/capi/v1/login/common/password',
        payload: { email: 'business@causeway.test', password: 'Causeway-demo-2026!', loginMode: 'business' },
      })
      .then((r) => r.json().data.token.token as string);
    const response = await t.app.inject({
      method: 'POST',
      url: '/prod-api/capi/v1/customer/otp/generate-download-app-qr-code',
      headers: { 'business-token': token },
      payload: { clientType: 'IOS', qrCodeWidth: 180, qrCodeHeight: 180 },
    });
    const [first] = response.json().data;
    expect(first.clientType).toBe('IOS');
    expect(decodeURIComponent(first.qrCode)).toMatch(/^data:image\/png;base64,/);
  });
});
