import { validateWalletAddress } from '@causeway/wallet-address';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { createManualClock } from '../../platform/clock.ts';
import { createBitgoChain } from './bitgo.ts';
import { bitgoAddressOf } from './bitgo-deposits.ts';
import { BITGO_COINS } from './bitgo-transfers.ts';
import {
  type ChainProvider,
  ChainRefusedError,
  ChainWebhookRefusedError,
  type DepositAddress,
  type IncomingTransfer,
  type SendInput,
} from './chain.ts';
import { createFakeBitgo } from './fixtures/bitgo/fake-bitgo.ts';
import { CHAIN_ASSETS, ExactDecimal, toBaseUnits } from './payout-input.ts';
import { createSandboxChain } from './sandbox.ts';
import { createSandboxChainBook } from './sandbox-chain.repository.ts';
import { sandboxChainNotice } from './sandbox-deposits.ts';
import { isTxHashOf } from './tx-hashes.ts';
import { signWebhookBody, WEBHOOK_SIGNATURE_HEADER } from './webhook-signature.ts';

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
  /** Moves the world on by more blocks: confirmed transfers gain confirmations. */
  addBlocks(): void;
  /** Someone outside sends `amount` to a deposit address. */
  receive(deposit: DepositAddress, amount: string): Promise<void>;
  /** The vendor's signed webhook about an arrival, exactly as it would deliver it. */
  notice(transfer: IncomingTransfer): { headers: Record<string, string>; rawBody: Buffer };
}

const WALLETS = {
  BTC: '5a7d9f52ba1923b107b80baabe0c3574',
  ETH: '59cd72485007a239fb00282ed480da1f',
  TRX: '62c5ae8174ac860007aff138a2d74df7',
  SOL: '585a0860c5a04c696edd2c331ce2f346',
  XRP: '590b73478c8fc40727b0c3d421ec909c',
};
const BITGO_WEBHOOK_SECRET = 'contract-webhook-secret';
/** Someone's own wallets, sending to our deposit addresses. */
const SENDERS: Record<string, string> = {
  BTC: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
  ETH: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045',
  TRX: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  SOL: '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T',
  XRP: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh',
};
const adapters: Array<[string, () => Subject]> = [
  [
    'sandbox',
    () => {
      const clock = createManualClock();
      const chain = createSandboxChain({ book: createSandboxChainBook(database.db), clock, confirmMs: 3_000 });
      return {
        chain,
        settle: () => clock.advance(3_000),
        addBlocks: () => clock.advance(600_000),
        receive: async (deposit, amount) => void (await chain.simulateIncoming({ ...deposit, amount })),
        notice: sandboxChainNotice,
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
        webhookSecret: BITGO_WEBHOOK_SECRET,
        fetchImpl: fake.fetchImpl,
      });
      let blocks = 1;
      return {
        chain,
        settle: () => fake.confirmAll(1),
        addBlocks: () => fake.confirmAll((blocks += 6)),
        receive: async (deposit, amount) => {
          const asset = CHAIN_ASSETS.find((entry) => entry.asset === deposit.asset && entry.network === deposit.network)!;
          fake.receive({
            coin: BITGO_COINS[`${deposit.asset}/${deposit.network}`]!,
            address: bitgoAddressOf(deposit.network, deposit.address, deposit.memo),
            valueString: toBaseUnits({ asset, amount: new ExactDecimal(amount) }),
            from: SENDERS[deposit.network]!,
          });
        },
        notice: (transfer) => {
          const rawBody = Buffer.from(
            JSON.stringify({
              type: 'transfer',
              transferType: 'receive',
              coin: BITGO_COINS[`${transfer.asset}/${transfer.network}`],
              wallet: WALLETS[transfer.network as keyof typeof WALLETS],
              transfer: transfer.transferId.split(':').at(-1),
              hash: transfer.txHash,
              receiver: bitgoAddressOf(transfer.network, transfer.address, transfer.memo),
            }),
          );
          return { rawBody, headers: { [WEBHOOK_SIGNATURE_HEADER]: signWebhookBody(rawBody, BITGO_WEBHOOK_SECRET) } };
        },
      };
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

const DEPOSITS = [
  { asset: 'BTC', network: 'BTC', amount: '0.015' },
  { asset: 'USDT', network: 'ETH', amount: '250.5' },
  { asset: 'USDT', network: 'TRX', amount: '99' },
  { asset: 'SOL', network: 'SOL', amount: '1.000000001' },
  { asset: 'XRP', network: 'XRP', amount: '42.5' },
];
let referenceCounter = 0;
const newReference = () => `contract-ord-${(referenceCounter += 1)}`;

describe.each(adapters)('ChainProvider deposits: %s', (_name, create) => {
  it.each(DEPOSITS.map((deposit) => [`${deposit.asset} on ${deposit.network}`, deposit] as const))(
    'makes one valid %s address per reference',
    async (_label, { asset, network }) => {
      const { chain } = create();
      const reference = newReference();
      const deposit = await chain.createDepositAddress({ reference, asset, network });
      expect(deposit).toMatchObject({ asset, network });
      expect(validateWalletAddress({ network, address: deposit.address, memo: deposit.memo })).toMatchObject({
        ok: true,
        address: deposit.address,
        memo: deposit.memo,
      });
      expect(await chain.createDepositAddress({ reference, asset, network })).toEqual(deposit);
      const other = await chain.createDepositAddress({ reference: newReference(), asset, network });
      expect([other.address, other.memo]).not.toEqual([deposit.address, deposit.memo]);
    },
  );

  it.each(DEPOSITS.map((deposit) => [`${deposit.asset} on ${deposit.network}`, deposit] as const))(
    'lists a %s arrival with its amount, then its growing confirmations',
    async (_label, { asset, network, amount }) => {
      const { chain, settle, addBlocks, receive } = create();
      const deposit = await chain.createDepositAddress({ reference: newReference(), asset, network });
      const read = () => chain.listIncoming(deposit);
      expect(await read()).toEqual([]);
      await receive(deposit, amount);
      const [arrived, ...more] = await read();
      expect(more).toEqual([]);
      expect(arrived).toMatchObject({
        asset,
        network,
        address: deposit.address,
        memo: deposit.memo,
        amount,
        status: 'PENDING',
        confirmations: 0,
      });
      expect(isTxHashOf(network, arrived!.txHash), arrived!.txHash).toBe(true);
      expect(arrived!.transferId.length).toBeLessThanOrEqual(64);
      expect(arrived!.seenAt).toBeInstanceOf(Date);
      settle();
      const confirmed = (await read())[0]!;
      expect(confirmed).toMatchObject({ transferId: arrived!.transferId, status: 'CONFIRMED' });
      expect(confirmed.confirmations).toBeGreaterThanOrEqual(1);
      addBlocks();
      expect((await read())[0]!.confirmations).toBeGreaterThan(confirmed.confirmations);
    },
  );

  it('reads its vendor’s signed webhook as the address to read again, and refuses a missing or bad signature', async () => {
    const { chain, receive, notice } = create();
    const deposit = await chain.createDepositAddress({ reference: newReference(), asset: 'USDT', network: 'ETH' });
    await receive(deposit, '10');
    const [arrived] = await chain.listIncoming(deposit);
    const delivery = notice(arrived!);
    expect(await chain.readWebhook(delivery)).toEqual({ asset: 'USDT', network: 'ETH', address: deposit.address });
    await expect(chain.readWebhook({ headers: {}, rawBody: delivery.rawBody })).rejects.toBeInstanceOf(ChainWebhookRefusedError);
    const forged = Buffer.from(delivery.rawBody.toString().replace('"usdt"', '"usdc"'));
    await expect(chain.readWebhook({ headers: delivery.headers, rawBody: forged })).rejects.toBeInstanceOf(ChainWebhookRefusedError);
  });
});
