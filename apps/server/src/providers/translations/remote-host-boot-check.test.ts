import { HEADER, SUCCESS_CODE } from '@causeway/contracts';
import { describe, expect, it } from 'vitest';
import { fakeVendor, leaks, runCheck, silentVendor } from '../boot-check.test-support.ts';
import { remoteTranslationsBootCheck } from './remote-host-boot-check.ts';

const HOST = 'https://i18n.example.test';
const API_KEY = 'i18n-host-key-2c9d';
const check = () => remoteTranslationsBootCheck({ host: HOST, apiKey: API_KEY });

describe("The i18n host's boot check", () => {
  it('reads the English texts with the API key', async () => {
    const vendor = fakeVendor(() => ({ status: 200, json: { code: SUCCESS_CODE, data: { texts: { common: { ok: 'OK' } } } } }));
    const result = await runCheck(check(), vendor.fetch);
    expect(result).toEqual({ vendor: 'i18n host', ok: true, message: 'i18n host: I18N_API_KEY accepted (English texts read)' });
    expect(vendor.seen[0]?.url.searchParams.get('lang')).toBe('en');
    expect(vendor.seen[0]?.headers.get(HEADER.translationsApiKey)).toBe(API_KEY);
  });

  it('401: names I18N_API_KEY, never shows it', async () => {
    const result = await runCheck(check(), fakeVendor(() => ({ status: 401, json: { code: '401', msg: 'bad key' } })).fetch);
    expect(result.ok).toBe(false);
    expect(result.message).toMatch(/^The i18n host refused I18N_API_KEY \(HTTP 401\)/);
    expect(leaks(result.message, [API_KEY])).toEqual([]);
  });

  it('no answer: stops at the deadline and aborts the request', async () => {
    const vendor = silentVendor();
    const result = await runCheck(check(), vendor.fetch, 50);
    expect(result.message).toMatch(/^i18n host did not answer within .* at I18N_HOST \(https:\/\/i18n\.example\.test\)/);
    expect(vendor.state.aborted).toBe(1);
  });
});
