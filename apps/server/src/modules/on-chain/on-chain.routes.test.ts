import { API_BASE, PATHS, type VaspInfo } from '@causeway/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUp, tokenHeaders } from '../../../test/identity-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
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
    const { statusCode, body } = await analyze({
      network: 'ETH',
      address: ' 0x52908400098527886e0f7030069857d2e4169ee7 ',
      cryptoCurrency: 'USDT',
    });
    expect(statusCode).toBe(200);
    expect(body.data).toEqual({
      valid: true,
      reason: null,
      field: null,
      detectedNetwork: null,
      normalizedAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
      normalizedMemo: null,
      riskLevel: 'LOW',
      flagged: false,
      category: null,
    });
  });

  it('answers a sanctioned address as SCREENING_FLAGGED, SEVERE, sanctions', async () => {
    const { body } = await analyze({ network: 'BTC', address: '149w62rY42aZBox8fGcmqNsXUzSStKeq8C' });
    expect(body.data).toMatchObject({
      valid: false,
      reason: 'SCREENING_FLAGGED',
      field: 'address',
      normalizedAddress: '149w62rY42aZBox8fGcmqNsXUzSStKeq8C',
      riskLevel: 'SEVERE',
      flagged: true,
      category: 'sanctions',
    });
  });

  it.each([
    [
      'a Tron address given for ERC-20',
      { network: 'ETH', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' },
      { reason: 'WRONG_NETWORK', field: 'address', detectedNetwork: 'TRX' },
    ],
    [
      'a typo (EIP-55 checksum)',
      { network: 'ETH', address: '0x52908400098527886E0F7030069857D2E4169Ee7' },
      { reason: 'CHECKSUM', field: 'address', detectedNetwork: null },
    ],
    [
      'an XRP address without its tag',
      { network: 'XRP', address: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh' },
      { reason: 'MEMO_REQUIRED', field: 'memo' },
    ],
    [
      'a memo where the network has none',
      { network: 'BTC', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', memo: '1' },
      { reason: 'MEMO_NOT_ALLOWED', field: 'memo' },
    ],
    [
      'a network we do not pay out on',
      { network: 'DOGE', address: 'DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L' },
      { reason: 'NETWORK_UNSUPPORTED', field: 'network' },
    ],
    ['no address', { network: 'SOL', address: '' }, { reason: 'EMPTY', field: 'address' }],
  ])('answers %s as invalid, unscreened', async (_name, query, expected) => {
    const { statusCode, body } = await analyze(query);
    expect(statusCode).toBe(200);
    expect(body.data).toMatchObject({
      valid: false,
      normalizedAddress: null,
      riskLevel: null,
      flagged: false,
      category: null,
      ...expected,
    });
  });

  it('answers the canonical tag of a valid XRP payout', async () => {
    const { body } = await analyze({ network: 'XRP', address: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh', memo: '0042' });
    expect(body.data).toMatchObject({
      valid: true,
      normalizedAddress: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh',
      normalizedMemo: '42',
      riskLevel: 'LOW',
    });
  });

  it('fails closed with a 503 when screening has no verdict, and keeps the address out of the logs', async () => {
    // The real vendor's adapter pointed at a port nobody listens on: an outage.
    const down = await createTestApp({
      ADDRESS_SCREENING: 'chainalysis',
      CHAINALYSIS_API_KEY: 'test-key',
      CHAINALYSIS_API_URL: 'http://127.0.0.1:9',
    });
    try {
      const downHeaders = tokenHeaders(await signUp(down.app, 'on-chain.outage@example.test'));
      const { statusCode, body } = await call(
        down.app,
        'GET',
        `${PATHS.analyzeOnChainAddress}?${new URLSearchParams({ network: 'TRX', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' }).toString()}`,
        { headers: downHeaders },
      );
      expect(statusCode).toBe(503);
      expect(body).toMatchObject({
        status: 503,
        code: 'ODR00001014',
        msg: 'Address screening is unavailable right now: try again in a moment.',
        data: null,
      });
    } finally {
      await down.app.close();
    }
    const logs = down.logs.join('');
    expect(logs).toContain('address screening unavailable');
    expect(logs).not.toContain('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
  });

  it('refuses junk as a bad request', async () => {
    expect((await analyze({ network: 'ETH', address: 'x'.repeat(513) })).body.code).toBe('REQ0000400');
    expect((await analyze({ network: 'ETH' })).body.code).toBe('REQ0000400');
    expect(
      (await analyze({ network: 'ETH', address: '0x52908400098527886E0F7030069857D2E4169EE7', cryptoCurrency: 'usdt' })).statusCode,
    ).toBe(400);
  });
});

describe('OpenAPI', () => {
  it('documents the three calls from their zod schemas', async () => {
    const document = (await t.app.inject({ method: 'GET', url: `${API_BASE}${PATHS.docs}/json` })).json() as {
      paths: Record<string, { get?: { parameters?: Array<{ name: string }> } }>;
    };
    for (const path of [PATHS.analyzeOnChainAddress, PATHS.listVaspInfo, PATHS.gtrEnabled])
      expect(document.paths[`${API_BASE}${path}`]?.get, path).toBeDefined();
    const names = document.paths[`${API_BASE}${PATHS.analyzeOnChainAddress}`]?.get?.parameters?.map((parameter) => parameter.name);
    expect(names).toEqual(expect.arrayContaining(['network', 'address', 'memo', 'cryptoCurrency']));
  });
});

describe('GET list-vasp-info and gtr-enabled', () => {
  it('answer the defaults (docs/rules/entities.md: the VASP list defaults empty; GTR off), with or without a session', async () => {
    for (const requestHeaders of [headers, {}]) {
      expect((await call(t.app, 'GET', PATHS.listVaspInfo, { headers: requestHeaders })).body).toEqual({
        status: 200,
        code: '000000',
        msg: '',
        data: { list: [] },
      });
      expect((await call(t.app, 'GET', PATHS.gtrEnabled, { headers: requestHeaders })).body.data).toEqual({ enabled: false });
    }
  });

  it('answer what the operator configured', async () => {
    const vasps: VaspInfo[] = [{ vaspId: 'vasp_bitstamp', name: 'Bitstamp', country: 'LU', website: 'https://www.bitstamp.net' }];
    const configured = await createTestApp({ GTR_ENABLED: 'true', TRAVEL_RULE_VASPS: JSON.stringify(vasps) });
    try {
      expect((await call(configured.app, 'GET', PATHS.listVaspInfo)).body.data).toEqual({ list: vasps });
      expect((await call(configured.app, 'GET', PATHS.gtrEnabled)).body.data).toEqual({ enabled: true });
    } finally {
      await configured.app.close();
    }
  });
});
