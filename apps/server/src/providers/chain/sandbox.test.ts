import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { sandboxChainTransfers } from '../../db/schema/index.ts';
import { createManualClock } from '../../platform/clock.ts';
import type { SendInput } from './chain.ts';
import { createChainProvider } from './index.ts';
import { createSandboxChain, SANDBOX_NETWORK_FEES } from './sandbox.ts';
import { createSandboxChainBook } from './sandbox-chain.repository.ts';
import { sandboxTxHash } from './tx-hashes.ts';

// The sandbox chain of docs/sandbox.md ("Blockchain"): hash at once, confirmed SANDBOX_CHAIN_CONFIRM_MS later.
let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

function setup(confirmMs?: number) {
  const clock = createManualClock();
  const chain = createSandboxChain({ book: createSandboxChainBook(database.db), clock, ...(confirmMs !== undefined ? { confirmMs } : {}) });
  return { clock, chain };
}

let counter = 0;
const btc = (overrides: Partial<SendInput> = {}): SendInput => ({
  idempotencyKey: `sandbox-test-${(counter += 1)}`,
  asset: 'BTC',
  network: 'BTC',
  address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  memo: null,
  amount: '0.015',
  ...overrides,
});
const rowsOf = (key: string) => database.db.select().from(sandboxChainTransfers).where(eq(sandboxChainTransfers.idempotencyKey, key));

describe('sandbox chain: timing', () => {
  it('is PENDING until the default 3000 ms have passed, then CONFIRMED', async () => {
    const { clock, chain } = setup();
    const sent = await chain.send(btc());
    expect(sent).toMatchObject({ status: 'PENDING', confirmations: 0 });
    clock.advance(2_999);
    expect(await chain.getTransfer(sent.transferId)).toMatchObject({ status: 'PENDING', confirmations: 0 });
    clock.advance(1);
    expect(await chain.getTransfer(sent.transferId)).toEqual({ ...sent, status: 'CONFIRMED', confirmations: 1 });
  });

  it('adds confirmations at the network’s block time (BTC ten minutes, ETH twelve seconds)', async () => {
    const { clock, chain } = setup(0);
    const bitcoin = await chain.send(btc());
    const ether = await chain.send(
      btc({ asset: 'ETH', network: 'ETH', address: '0x52908400098527886E0F7030069857D2E4169EE7', amount: '1.5' }),
    );
    clock.advance(599_999);
    expect((await chain.getTransfer(bitcoin.transferId)).confirmations).toBe(1);
    expect((await chain.getTransfer(ether.transferId)).confirmations).toBe(50);
    clock.advance(1);
    expect((await chain.getTransfer(bitcoin.transferId)).confirmations).toBe(2);
  });

  it('reports the network fee in the network’s own coin (gas in ETH for an ERC-20 token), the same from send to confirmation', async () => {
    const { clock, chain } = setup(0);
    const bitcoin = await chain.send(btc());
    const token = await chain.send(
      btc({ asset: 'USDT', network: 'ETH', address: '0x52908400098527886E0F7030069857D2E4169EE7', amount: '25' }),
    );
    expect(bitcoin.fee).toEqual({ asset: 'BTC', amount: SANDBOX_NETWORK_FEES.BTC });
    expect(token.fee).toEqual({ asset: 'ETH', amount: SANDBOX_NETWORK_FEES.ETH });
    clock.advance(1);
    expect(await chain.getTransfer(token.transferId)).toMatchObject({
      status: 'CONFIRMED',
      fee: { asset: 'ETH', amount: SANDBOX_NETWORK_FEES.ETH },
    });
  });

  it('takes SANDBOX_CHAIN_CONFIRM_MS through the factory and refuses a bad one by name', async () => {
    const clock = createManualClock();
    const chain = createChainProvider({ kind: 'sandbox', db: database.db, clock, sandboxConfirmMs: 10_000 });
    const sent = await chain.send(btc());
    clock.advance(9_999);
    expect((await chain.getTransfer(sent.transferId)).status).toBe('PENDING');
    for (const confirmMs of [-1, 1.5, 86_400_001]) expect(() => setup(confirmMs)).toThrow('SANDBOX_CHAIN_CONFIRM_MS');
    expect(() => createChainProvider({ kind: 'nope' as 'sandbox', db: database.db, clock })).toThrow(
      'CHAIN_PROVIDER must be one of sandbox, bitgo',
    );
  });
});

describe('sandbox chain: idempotency', () => {
  it('keeps one row for eight concurrent sends of one key, all answered alike', async () => {
    const { chain } = setup();
    const input = btc();
    const answers = await Promise.all(Array.from({ length: 8 }, () => chain.send(input)));
    expect(new Set(answers.map((answer) => answer.transferId)).size).toBe(1);
    expect(await rowsOf(input.idempotencyKey)).toHaveLength(1);
  });

  it('derives the hash from the key alone: a retry, later or after a restart, answers the same hash', async () => {
    const first = setup();
    const input = btc();
    const sent = await first.chain.send(input);
    expect(sent.txHash).toBe(sandboxTxHash('BTC', input.idempotencyKey));
    const restarted = setup();
    restarted.clock.advance(3_600_000);
    expect(await restarted.chain.send(input)).toMatchObject({ transferId: sent.transferId, txHash: sent.txHash });
  });

  it('treats an equal amount in another spelling as the same payout, and refuses another payout under the key', async () => {
    const { chain } = setup();
    const input = btc({ amount: '0.0150' });
    const sent = await chain.send(input);
    expect((await chain.send({ ...input, amount: '0.015' })).transferId).toBe(sent.transferId);
    for (const other of [
      { amount: '0.016' },
      { address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4' },
      { asset: 'ETH', network: 'ETH', address: '0x52908400098527886E0F7030069857D2E4169EE7' },
    ]) {
      await expect(chain.send({ ...input, ...other })).rejects.toMatchObject({ reason: 'IDEMPOTENCY_CONFLICT' });
    }
    expect(await rowsOf(input.idempotencyKey)).toHaveLength(1);
  });
});

describe('sandbox chain: what it stores', () => {
  it('stores the canonical address and tag and the exact amount, and links to no explorer', async () => {
    const { chain } = setup();
    const input: SendInput = {
      idempotencyKey: 'sandbox-xrp-1',
      asset: 'XRP',
      network: 'XRP',
      address: ' rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh ',
      memo: '007',
      amount: '12.000001',
    };
    const sent = await chain.send(input);
    const [row] = await rowsOf('sandbox-xrp-1');
    expect(row).toMatchObject({ address: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh', memo: '7', asset: 'XRP', network: 'XRP' });
    expect(Number(row?.amount)).toBe(12.000001);
    expect(row?.amount.startsWith('12.000001')).toBe(true);
    expect(sent.txHash).toMatch(/^[0-9A-F]{64}$/);
    expect(chain.explorerUrl('XRP', sent.txHash!)).toBeNull();
  });

  it('keeps 18 decimals of ETH exact', async () => {
    const { chain } = setup();
    await chain.send(
      btc({
        idempotencyKey: 'sandbox-wei',
        asset: 'ETH',
        network: 'ETH',
        address: '0x52908400098527886E0F7030069857D2E4169EE7',
        amount: '12345678901234567890.123456789012345678',
      }),
    );
    const [row] = await rowsOf('sandbox-wei');
    expect(row?.amount).toBe('12345678901234567890.123456789012345678');
  });

  it('writes nothing for a refused send', async () => {
    const { chain } = setup();
    const input = btc({ address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdz' });
    await expect(chain.send(input)).rejects.toMatchObject({ reason: 'INVALID_ADDRESS', detail: 'CHECKSUM' });
    expect(await rowsOf(input.idempotencyKey)).toHaveLength(0);
  });
});
