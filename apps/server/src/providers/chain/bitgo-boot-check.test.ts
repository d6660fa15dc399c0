import { describe, expect, it } from 'vitest';
import { fakeVendor, leaks, runCheck, silentVendor } from '../boot-check.test-support.ts';
import { bitgoBootCheck } from './bitgo-boot-check.ts';

const TOKEN = 'v2x8d5e3c2b1a0f9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d9c8b7a6f5e4';
const EXPRESS = 'http://127.0.0.1:3080';
const WALLETS = { BTC: '59cd72485007a239fb00282ed480da1f', ETH: '5a7d4c8e2b1f3a6d9c0e8b7a6f5d4c3b' };
const check = () => bitgoBootCheck({ accessToken: TOKEN, baseUrl: EXPRESS, walletIds: WALLETS });
const PING = { status: 'service is ok!', environment: 'BitGo Testnet', configEnv: 'testnet' };

describe("BitGo's boot check, through BitGo Express", () => {
  it('pings Express, then reads each paying wallet with the access token', async () => {
    const vendor = fakeVendor(({ url }) =>
      url.pathname === '/api/v2/ping' ? { status: 200, json: PING } : { status: 200, json: { id: 'w' } },
    );
    const result = await runCheck(check(), vendor.fetch);
    expect(result).toEqual({
      vendor: 'BitGo',
      ok: true,
      message: 'BitGo: BITGO_ACCESS_TOKEN accepted (BitGo Testnet); wallets BTC, ETH readable',
    });
    expect(vendor.seen.map((request) => `${request.method} ${request.url.href}`)).toEqual([
      `GET ${EXPRESS}/api/v2/ping`,
      `GET ${EXPRESS}/api/v2/btc/wallet/${WALLETS.BTC}`,
      `GET ${EXPRESS}/api/v2/eth/wallet/${WALLETS.ETH}`,
    ]);
    expect(vendor.seen[1]?.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
  });

  it('401: names the token and the environment Express runs in, never the token', async () => {
    const vendor = fakeVendor(({ url }) =>
      url.pathname === '/api/v2/ping'
        ? { status: 200, json: PING }
        : { status: 401, json: { error: 'unauthorized', name: 'Unauthorized' } },
    );
    const result = await runCheck(check(), vendor.fetch);
    expect(result.ok).toBe(false);
    expect(result.message).toMatch(/^BitGo refused BITGO_ACCESS_TOKEN \(HTTP 401\)/);
    expect(result.message).toContain('BitGo Testnet');
    expect(leaks(result.message, [TOKEN])).toEqual([]);
  });

  it('a wallet the token cannot see names BITGO_WALLET_IDS', async () => {
    const vendor = fakeVendor(({ url }) =>
      url.pathname === '/api/v2/ping'
        ? { status: 200, json: PING }
        : { status: 404, json: { error: 'wallet not found', name: 'WalletNotFound' } },
    );
    const result = await runCheck(check(), vendor.fetch);
    expect(result.message).toContain(`BitGo has no BTC wallet ${WALLETS.BTC}`);
    expect(result.message).toContain('BITGO_WALLET_IDS');
  });

  it('no answer from Express: stops at the deadline, naming BITGO_EXPRESS_URL', async () => {
    const vendor = silentVendor();
    const result = await runCheck(check(), vendor.fetch, 50);
    expect(result.message).toMatch(/^BitGo did not answer within .* at BITGO_EXPRESS_URL \(http:\/\/127\.0\.0\.1:3080\)/);
    expect(vendor.state.aborted).toBe(1);
  });
});
