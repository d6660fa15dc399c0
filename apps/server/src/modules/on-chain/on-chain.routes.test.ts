import { PATHS, type VaspInfo } from '@causeway/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUp, tokenHeaders } from '../../../test/identity-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createManualClock } from '../../platform/clock.ts';
import { type AddressScreeningProvider, createAddressScreening, ScreeningUnavailableError } from '../../providers/address-screening/index.ts';
import { type AuthGuard, createAuthGuard } from '../identity/auth-guard.ts';
import { createIdentityRepository } from '../identity/identity.repository.ts';
import { createSessionService } from '../identity/session.service.ts';
import { type OnChainRouteDeps, registerOnChainRoutes } from './on-chain.routes.ts';

/**
 * The routes on the whole app (app.ts does not wire them yet): registered through test-app's
 * `extend` hook, with a session guard over the app's own database, bound once the app exists.
 */
async function createOnChainApp(deps: Omit<OnChainRouteDeps, 'identity'>): Promise<TestApp> {
  const clock = createManualClock();
  const bound: { guard?: AuthGuard } = {};
  const identity: OnChainRouteDeps['identity'] = {
    guard: { requireSession: (request) => bound.guard!.requireSession(request), optionalSession: (request) => bound.guard!.optionalSession(request) },
  };
  const t = await createTestApp({}, (app: FastifyInstance) => registerOnChainRoutes(app, { ...deps, identity }), { clock });
  bound.guard = createAuthGuard(t.app, createSessionService(createIdentityRepository(t.db), clock));
  return t;
}

/** The sandbox screening, or an outage when switched off. */
let screeningDown = false;
const sandbox = createAddressScreening({ kind: 'sandbox' });
const screening: AddressScreeningProvider = {
  kind: 'sandbox',
  screen: (input) => (screeningDown ? Promise.reject(new ScreeningUnavailableError('Chainalysis answered HTTP 503')) : sandbox.screen(input)),
};

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await createOnChainApp({ screening, gtrEnabled: false, vasps: [] });
  headers = tokenHeaders(await signUp(t.app, 'on-chain.person@example.test'));
});
afterAll(() => t.app.close());

const analyze = (query: Record<string, string>, requestHeaders = headers) =>
  call(t.app, 'GET', `${PATHS.analyzeOnChainAddress}?${new URLSearchParams(query).toString()}`, { headers: requestHeaders });

describe('GET analyze-on-chain-address', () => {
  it('needs a session', async () => {
    const { statusCode, body } = await analyze({ network: 'ETH', address: '0x52908400098527886E0F7030069857D2E4169EE7' }, {});
    expect(statusCode).toBe(401);
    expect(body.code).toBe('USER0000001');
  });

  it('answers a clear address as valid, in canonical form, screened LOW', async () => {
    const { statusCode, body } = await analyze({ network: 'ETH', address: ' 0x52908400098527886e0f7030069857d2e4169ee7 ', cryptoCurrency: 'USDT' });
    expect(statusCode).toBe(200);
    expect(body.data).toEqual({
      valid: true, reason: null, field: null, detectedNetwork: null,
      normalizedAddress: '0x52908400098527886E0F7030069857D2E4169EE7', normalizedMemo: null,
      riskLevel: 'LOW', flagged: false, category: null,
    });
  });

  it('answers a sanctioned address as SCREENING_FLAGGED, SEVERE, sanctions', async () => {
    const { body } = await analyze({ network: 'BTC', address: '149w62rY42aZBox8fGcmqNsXUzSStKeq8C' });
    expect(body.data).toMatchObject({ valid: false, reason: 'SCREENING_FLAGGED', field: 'address', normalizedAddress: '149w62rY42aZBox8fGcmqNsXUzSStKeq8C', riskLevel: 'SEVERE', flagged: true, category: 'sanctions' });
  });

  it.each([
    ['a Tron address given for ERC-20', { network: 'ETH', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' }, { reason: 'WRONG_NETWORK', field: 'address', detectedNetwork: 'TRX' }],
    ['a typo (EIP-55 checksum)', { network: 'ETH', address: '0x52908400098527886E0F7030069857D2E4169Ee7' }, { reason: 'CHECKSUM', field: 'address', detectedNetwork: null }],
    ['an XRP address without its tag', { network: 'XRP', address: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh' }, { reason: 'MEMO_REQUIRED', field: 'memo' }],
    ['a memo where the network has none', { network: 'BTC', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', memo: '1' }, { reason: 'MEMO_NOT_ALLOWED', field: 'memo' }],
    ['a network we do not pay out on', { network: 'DOGE', address: 'DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L' }, { reason: 'NETWORK_UNSUPPORTED', field: 'network' }],
    ['no address', { network: 'SOL', address: '' }, { reason: 'EMPTY', field: 'address' }],
  ])('answers %s as invalid, unscreened', async (_name, query, expected) => {
    const { statusCode, body } = await analyze(query);
    expect(statusCode).toBe(200);
    expect(body.data).toMatchObject({ valid: false, normalizedAddress: null, riskLevel: null, flagged: false, category: null, ...expected });
  });

  it('answers the canonical tag of a valid XRP payout', async () => {
    const { body } = await analyze({ network: 'XRP', address: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh', memo: '0042' });
    expect(body.data).toMatchObject({ valid: true, normalizedAddress: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh', normalizedMemo: '42', riskLevel: 'LOW' });
  });

  it('fails closed with a 503 when screening has no verdict, and keeps the address out of the logs', async () => {
    screeningDown = true;
    try {
      const { statusCode, body } = await analyze({ network: 'TRX', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' });
      expect(statusCode).toBe(503);
      expect(body).toMatchObject({ status: 503, code: 'ODR00001003', msg: 'Address screening is unavailable right now: try again in a moment.', data: null });
    } finally {
      screeningDown = false;
    }
    const logs = t.logs.join('');
    expect(logs).toContain('address screening unavailable');
    expect(logs).not.toContain('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
  });

  it('refuses junk as a bad request', async () => {
    expect((await analyze({ network: 'ETH', address: 'x'.repeat(513) })).body.code).toBe('REQ0000400');
    expect((await analyze({ network: 'ETH' })).body.code).toBe('REQ0000400');
    expect((await analyze({ network: 'ETH', address: '0x52908400098527886E0F7030069857D2E4169EE7', cryptoCurrency: 'usdt' })).statusCode).toBe(400);
  });
});

describe('GET list-vasp-info and gtr-enabled', () => {
  it('answer the defaults (spec §3: the VASP list defaults empty; GTR off), with or without a session', async () => {
    for (const requestHeaders of [headers, {}]) {
      expect((await call(t.app, 'GET', PATHS.listVaspInfo, { headers: requestHeaders })).body).toEqual({ status: 200, code: '000000', msg: '', data: { list: [] } });
      expect((await call(t.app, 'GET', PATHS.gtrEnabled, { headers: requestHeaders })).body.data).toEqual({ enabled: false });
    }
  });

  it('answer what the operator configured', async () => {
    const vasps: VaspInfo[] = [{ vaspId: 'vasp_bitstamp', name: 'Bitstamp', country: 'LU', website: 'https://www.bitstamp.net' }];
    const configured = await createOnChainApp({ screening, gtrEnabled: true, vasps });
    try {
      expect((await call(configured.app, 'GET', PATHS.listVaspInfo)).body.data).toEqual({ list: vasps });
      expect((await call(configured.app, 'GET', PATHS.gtrEnabled)).body.data).toEqual({ enabled: true });
    } finally {
      await configured.app.close();
    }
  });
});
