import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { createManualClock } from '../../platform/clock.ts';
import { createBitgoChain } from './bitgo.ts';
import { type ChainProvider, ChainRefusedError, type SendInput } from './chain.ts';
import { createFakeBitgo } from './fixtures/bitgo/fake-bitgo.ts';
import { createSandboxChain } from './sandbox.ts';
import { createSandboxChainBook } from './sandbox-chain.repository.ts';
import { isTxHashOf } from './tx-hashes.ts';

// One suite, every adapter (docs/house-style.md): the sandbox on a real database, BitGo against its stand-in.
let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

interface Subject {
  chain: ChainProvider;
  /** Moves the world on until sent transfers are confirmed. */
  settle(): void;
}

const WALLETS = {
  BTC: '5a7d9f52ba1923b107b80baabe0c3574',
  ETH: '59cd72485007a239fb00282ed480da1f',
  TRX: '62c5ae8174ac860007aff138a2d74df7',
  SOL: '585a0860c5a04c696edd2c331ce2f346',
  XRP: '590b73478c8fc40727b0c3d421ec909c',
};
const adapters: Array<[string, () => Subject]> = [
  [
    'sandbox',
    () => {
      const clock = createManualClock();
      return {
        chain: createSandboxChain({ book: createSandboxChainBook(database.db), clock, confirmMs: 3_000 }),
        settle: () => clock.advance(3_000),
      };
    },
  ],
  [
    'bitgo',
    () => {
      const fake = createFakeBitgo({ accessToken: 'v2x-contract-token', walletIds: WALLETS });
      const chain = createBitgoChain({
        accessToken: 'v2x-contract-token',
        baseUrl: 'http://127.0.0.1:3080',
        walletPassphrase: 'contract passphrase',
        walletIds: WALLETS,
        fetchImpl: fake.fetchImpl,
      });
      return { chain, settle: () => fake.confirmAll(1) };
    },
  ],
];

const PAYOUTS: SendInput[] = [
  { idempotencyKey: '', asset: 'BTC', network: 'BTC', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', memo: null, amount: '0.015' },
  { idempotencyKey: '', asset: 'USDT', network: 'ETH', address: '0x52908400098527886E0F7030069857D2E4169EE7', memo: null, amount: '250.5' },
  { idempotencyKey: '', asset: 'USDT', network: 'TRX', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', memo: null, amount: '99' },
  {
    idempotencyKey: '',
    asset: 'SOL',
    network: 'SOL',
    address: '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T',
    memo: null,
    amount: '1.000000001',
  },
  { idempotencyKey: '', asset: 'XRP', network: 'XRP', address: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh', memo: '12345', amount: '42.5' },
];

let keyCounter = 0;
const keyed = (payout: SendInput, name: string): SendInput => ({ ...payout, idempotencyKey: `contract-${name}-${(keyCounter += 1)}` });

describe.each(adapters)('ChainProvider: %s', (_name, create) => {
  it.each(PAYOUTS.map((payout) => [`${payout.asset} on ${payout.network}`, payout] as const))(
    'sends %s at once, PENDING, with a hash in the network’s own format',
    async (_label, payout) => {
      const { chain } = create();
      const transfer = await chain.send(keyed(payout, 'format'));
      expect(transfer.status).toBe('PENDING');
      expect(transfer.confirmations).toBe(0);
      expect(transfer.transferId.length).toBeLessThanOrEqual(64);
      expect(isTxHashOf(payout.network, transfer.txHash ?? ''), transfer.txHash ?? 'no hash').toBe(true);
    },
  );

  it('answers a retried or racing send with the same transfer, never a second one', async () => {
    const { chain } = create();
    const input = keyed(PAYOUTS[0]!, 'retry');
    const first = await chain.send(input);
    const racing = await Promise.all(Array.from({ length: 8 }, () => chain.send(input)));
    for (const transfer of racing) expect(transfer).toEqual(first);
  });

  it('follows a transfer to CONFIRMED with at least one confirmation', async () => {
    const { chain, settle } = create();
    const sent = await chain.send(keyed(PAYOUTS[1]!, 'confirm'));
    expect(await chain.getTransfer(sent.transferId)).toMatchObject({ status: 'PENDING', txHash: sent.txHash });
    settle();
    const confirmed = await chain.getTransfer(sent.transferId);
    expect(confirmed.status).toBe('CONFIRMED');
    expect(confirmed.confirmations).toBeGreaterThanOrEqual(1);
  });

  it('refuses what a chain would refuse, naming why', async () => {
    const { chain } = create();
    const refusal = (input: SendInput) =>
      chain.send(input).then(
        () => undefined,
        (error: unknown) => error,
      );
    // One character changed: the EIP-55 checksum no longer matches.
    expect(await refusal(keyed({ ...PAYOUTS[1]!, address: '0x52908400098527886E0F7030069857D2E4169Ee7' }, 'bad'))).toMatchObject({
      reason: 'INVALID_ADDRESS',
      detail: 'CHECKSUM',
    });
    expect(await refusal(keyed({ ...PAYOUTS[4]!, memo: null }, 'bad'))).toMatchObject({
      reason: 'INVALID_ADDRESS',
      detail: 'MEMO_REQUIRED',
    });
    expect(await refusal(keyed({ ...PAYOUTS[2]!, asset: 'USDC' }, 'bad'))).toMatchObject({ reason: 'UNSUPPORTED_ASSET' });
    expect(await refusal(keyed({ ...PAYOUTS[0]!, amount: '0.000000001' }, 'bad'))).toMatchObject({ reason: 'INVALID_AMOUNT' });
    expect(await refusal(keyed({ ...PAYOUTS[0]!, amount: '0' }, 'bad'))).toMatchObject({ reason: 'INVALID_AMOUNT' });
    expect(await refusal(keyed({ ...PAYOUTS[0]!, amount: '-1' }, 'bad'))).toBeInstanceOf(ChainRefusedError);
  });

  it('does not know a transfer it never made', async () => {
    const { chain } = create();
    await expect(chain.getTransfer('btc:ffffffffffffffffffffffffffffffff')).rejects.toMatchObject({ reason: 'UNKNOWN_TRANSFER' });
    await expect(chain.getTransfer('ctx_nosuchtransfer')).rejects.toMatchObject({ reason: 'UNKNOWN_TRANSFER' });
  });
});
