import { validateWalletAddress } from '@causeway/wallet-address';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { createManualClock } from '../../platform/clock.ts';
import { SANDBOX_DENY_LIST } from '../address-screening/sandbox.ts';
import { ChainWebhookRefusedError } from './chain.ts';
import { CHAIN_ASSETS } from './payout-input.ts';
import { createSandboxChain } from './sandbox.ts';
import { SANDBOX_SENDERS, SANDBOX_XRP_DEPOSIT_ADDRESS } from './sandbox-addresses.ts';
import { createSandboxChainBook } from './sandbox-chain.repository.ts';
import { sandboxChainNotice } from './sandbox-deposits.ts';
import { isTxHashOf } from './tx-hashes.ts';

// The sandbox chain's deposits (docs/sandbox.md "Chain"): addresses made and kept per reference,
// arrivals sent by its page or call, confirmations on the clock like its payouts.
let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

function setup(confirmMs = 3_000) {
  const clock = createManualClock();
  return { clock, chain: createSandboxChain({ book: createSandboxChainBook(database.db), clock, confirmMs }) };
}
let counter = 0;
const reference = () => `ord-sandbox-${(counter += 1)}`;

describe('sandbox deposit addresses', () => {
  it.each(CHAIN_ASSETS.map((entry) => [`${entry.asset} on ${entry.network}`, entry] as const))(
    'makes a %s address that passes the address validation, checksum included',
    async (_name, { asset, network }) => {
      const { chain } = setup();
      const deposit = await chain.createDepositAddress({ reference: reference(), asset, network });
      expect(deposit).toMatchObject({ asset, network });
      expect(validateWalletAddress({ network, address: deposit.address, memo: deposit.memo })).toMatchObject({
        ok: true,
        address: deposit.address,
        memo: deposit.memo,
      });
      expect(deposit.memo === null).toBe(network !== 'XRP');
    },
  );

  it('answers one address per reference and network, whatever the asset, across restarts and racing calls', async () => {
    const ref = reference();
    const first = await setup().chain.createDepositAddress({ reference: ref, asset: 'USDT', network: 'ETH' });
    const restarted = setup().chain;
    expect(await restarted.createDepositAddress({ reference: ref, asset: 'ETH', network: 'ETH' })).toEqual({ ...first, asset: 'ETH' });
    const racing = await Promise.all(
      Array.from({ length: 8 }, () => restarted.createDepositAddress({ reference: 'ord-racing', asset: 'BTC', network: 'BTC' })),
    );
    expect(new Set(racing.map((deposit) => deposit.address)).size).toBe(1);
    const other = await restarted.createDepositAddress({ reference: reference(), asset: 'USDT', network: 'ETH' });
    expect(other.address).not.toBe(first.address);
  });

  it('gives XRP deposits one shared account and a tag per reference', async () => {
    const { chain } = setup();
    const deposits = await Promise.all(
      [1, 2, 3].map(() => chain.createDepositAddress({ reference: reference(), asset: 'XRP', network: 'XRP' })),
    );
    expect(new Set(deposits.map((deposit) => deposit.address))).toEqual(new Set([SANDBOX_XRP_DEPOSIT_ADDRESS]));
    expect(new Set(deposits.map((deposit) => deposit.memo)).size).toBe(3);
    for (const { memo } of deposits) expect(Number(memo)).toBeGreaterThan(0);
  });

  it('refuses an asset the network does not carry, and a malformed reference', async () => {
    const { chain } = setup();
    await expect(chain.createDepositAddress({ reference: reference(), asset: 'USDC', network: 'TRX' })).rejects.toMatchObject({
      reason: 'UNSUPPORTED_ASSET',
    });
    for (const bad of ['', 'x'.repeat(129), 'ord 1', 'ord/1'])
      await expect(chain.createDepositAddress({ reference: bad, asset: 'BTC', network: 'BTC' })).rejects.toThrow('reference');
  });
});

describe('sandbox incoming transfers', () => {
  it('shows an arrival at once, PENDING, then CONFIRMED with confirmations growing one per block time', async () => {
    const { clock, chain } = setup();
    const deposit = await chain.createDepositAddress({ reference: reference(), asset: 'BTC', network: 'BTC' });
    const sent = await chain.simulateIncoming({ ...deposit, amount: '0.0150' });
    expect(sent).toMatchObject({
      amount: '0.015',
      status: 'PENDING',
      confirmations: 0,
      seenAt: clock.now(),
      fromAddress: SANDBOX_SENDERS.BTC,
    });
    expect(isTxHashOf('BTC', sent.txHash)).toBe(true);
    const read = () => chain.listIncoming({ ...deposit });
    expect(await read()).toEqual([sent]);
    clock.advance(2_999);
    expect(await read()).toMatchObject([{ status: 'PENDING', confirmations: 0 }]);
    clock.advance(1);
    expect(await read()).toMatchObject([{ status: 'CONFIRMED', confirmations: 1 }]);
    clock.advance(600_000 * 5);
    expect(await read()).toEqual([{ ...sent, status: 'CONFIRMED', confirmations: 6 }]);
  });

  it('lists every arrival at the address, oldest first, and only in the asked asset', async () => {
    const { clock, chain } = setup(0);
    const deposit = await chain.createDepositAddress({ reference: reference(), asset: 'USDT', network: 'ETH' });
    const first = await chain.simulateIncoming({ ...deposit, amount: '10' });
    const second = await chain.simulateIncoming({ ...deposit, amount: '15.25' });
    await chain.simulateIncoming({ ...deposit, asset: 'ETH', amount: '0.1' });
    clock.advance(12_000);
    expect((await chain.listIncoming(deposit)).map((transfer) => [transfer.transferId, transfer.amount, transfer.confirmations])).toEqual([
      [first.transferId, '10', 2],
      [second.transferId, '15.25', 2],
    ]);
  });

  it('records a transfer to an address it never made, and to a tag it never gave, apart from the deposits', async () => {
    const { chain } = setup();
    const deposit = await chain.createDepositAddress({ reference: reference(), asset: 'XRP', network: 'XRP' });
    const wrongTag = String(Number(deposit.memo) === 1 ? 2 : Number(deposit.memo) - 1);
    await chain.simulateIncoming({ ...deposit, memo: wrongTag, amount: '42.5' });
    const stranger = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh';
    await chain.simulateIncoming({ asset: 'XRP', network: 'XRP', address: stranger, memo: '7', amount: '1' });
    expect(await chain.listIncoming(deposit)).toEqual([]);
    expect(await chain.listIncoming({ ...deposit, memo: wrongTag })).toMatchObject([{ amount: '42.5' }]);
    expect(await chain.listIncoming({ asset: 'XRP', network: 'XRP', address: stranger, memo: '007' })).toMatchObject([{ memo: '7' }]);
  });

  it('takes any valid sender, a screened one included, and reads addresses in any valid spelling', async () => {
    const { chain } = setup();
    const deposit = await chain.createDepositAddress({ reference: reference(), asset: 'ETH', network: 'ETH' });
    const screened = SANDBOX_DENY_LIST.find((entry) => entry.network === 'ETH')!.address;
    const sent = await chain.simulateIncoming({ ...deposit, address: deposit.address.toLowerCase(), amount: '1', fromAddress: screened });
    expect(sent).toMatchObject({ address: deposit.address, fromAddress: screened });
    expect(await chain.listIncoming({ ...deposit, address: deposit.address.toLowerCase() })).toHaveLength(1);
  });

  it('refuses what a chain would refuse, naming why', async () => {
    const { chain } = setup();
    const deposit = await chain.createDepositAddress({ reference: reference(), asset: 'BTC', network: 'BTC' });
    const refusal = (change: Record<string, unknown>) =>
      chain.simulateIncoming({ ...deposit, amount: '1', ...change }).then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(await refusal({ address: '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3' })).toMatchObject({
      reason: 'INVALID_ADDRESS',
      detail: 'CHECKSUM',
    });
    expect(await refusal({ fromAddress: '0x52908400098527886E0F7030069857D2E4169EE7' })).toMatchObject({ reason: 'INVALID_ADDRESS' });
    expect(await refusal({ amount: '0.000000001' })).toMatchObject({ reason: 'INVALID_AMOUNT' });
    expect(await refusal({ amount: '0' })).toMatchObject({ reason: 'INVALID_AMOUNT' });
    expect(await refusal({ amount: '1e3' })).toMatchObject({ reason: 'INVALID_AMOUNT' });
    expect(await refusal({ asset: 'USDT' })).toMatchObject({ reason: 'UNSUPPORTED_ASSET' });
    expect(await refusal({ asset: 'XRP', network: 'XRP', address: SANDBOX_XRP_DEPOSIT_ADDRESS, memo: null })).toMatchObject({
      reason: 'INVALID_ADDRESS',
      detail: 'MEMO_REQUIRED',
    });
  });

  it('answers the latest arrivals anywhere, newest first', async () => {
    const { clock, chain } = setup();
    const deposit = await chain.createDepositAddress({ reference: reference(), asset: 'SOL', network: 'SOL' });
    await chain.simulateIncoming({ ...deposit, amount: '1' });
    clock.advance(1);
    const latest = await chain.simulateIncoming({ ...deposit, amount: '2' });
    const recent = await chain.recentIncoming(2);
    expect(recent.map((transfer) => transfer.transferId)[0]).toBe(latest.transferId);
    expect(recent).toHaveLength(2);
  });

  it('has a clean sender per network, valid there and on no deny list', () => {
    for (const [network, address] of Object.entries(SANDBOX_SENDERS)) {
      expect(validateWalletAddress({ network, address, memo: network === 'XRP' ? '1' : null })).toMatchObject({ ok: true, address });
      expect(SANDBOX_DENY_LIST.map((entry) => entry.address)).not.toContain(address);
    }
  });
});

describe('sandbox chain webhooks', () => {
  it('reads its own signed notice, and refuses one whose signature does not hold', async () => {
    const { chain } = setup();
    const deposit = await chain.createDepositAddress({ reference: reference(), asset: 'USDT', network: 'TRX' });
    const notice = sandboxChainNotice(await chain.simulateIncoming({ ...deposit, amount: '99' }));
    expect(await chain.readWebhook(notice)).toEqual({ asset: 'USDT', network: 'TRX', address: deposit.address });
    const tampered = Buffer.from(notice.rawBody.toString().replace('"receive"', '"send"'));
    await expect(chain.readWebhook({ ...notice, rawBody: tampered })).rejects.toBeInstanceOf(ChainWebhookRefusedError);
    await expect(chain.readWebhook({ headers: {}, rawBody: notice.rawBody })).rejects.toBeInstanceOf(ChainWebhookRefusedError);
  });
});
