import { validateWalletAddress } from '@causeway/wallet-address';
import { describe, expect, it } from 'vitest';
import { createBitgoChain } from './bitgo.ts';
import { ChainUnavailableError, ChainWebhookRefusedError } from './chain.ts';
import { bitgoFixture, createFakeBitgo } from './fixtures/bitgo/fake-bitgo.ts';
import { signWebhookBody, WEBHOOK_SIGNATURE_HEADER } from './webhook-signature.ts';

// BitGo deposits through their documented shapes (fixtures/bitgo): Create address and List addresses,
// List transfers of type receive, and a transfer notification signed with X-Signature-SHA256.
const TOKEN = 'v2x8d4f1c16326815f94b0dbcf1c990d34fd669a082f8195813f13ed08338fd71dd';
const WEBHOOK_SECRET = 'bitgo-enterprise-webhook-secret-7f3c';
const WALLETS = {
  BTC: '5a7d9f52ba1923b107b80baabe0c3574',
  ETH: '59cd72485007a239fb00282ed480da1f',
  TRX: '62c5ae8174ac860007aff138a2d74df7',
  SOL: '585a0860c5a04c696edd2c331ce2f346',
  XRP: '590b73478c8fc40727b0c3d421ec909c',
};

function setup(webhookSecret: string | null = WEBHOOK_SECRET) {
  const fake = createFakeBitgo({ accessToken: TOKEN, walletIds: WALLETS });
  const chain = createBitgoChain({
    accessToken: TOKEN,
    baseUrl: 'http://127.0.0.1:3080',
    walletPassphrase: 'passphrase',
    walletIds: WALLETS,
    webhookSecret: webhookSecret ?? undefined,
    fetchImpl: fake.fetchImpl,
  });
  return { fake, chain };
}
const route = (request: { method: string; url: URL } | undefined) => `${request?.method} ${request?.url.pathname}`;

describe('BitGo createDepositAddress (v2.wallet.addresses, v2.wallet.newaddress)', () => {
  it('looks the reference up by an anchored, escaped label first, then creates it labelled with the reference', async () => {
    const { fake, chain } = setup();
    const made = await chain.createDepositAddress({ reference: 'ord.7f3c-2a91', asset: 'BTC', network: 'BTC' });
    expect(fake.requests.map(route)).toEqual([
      `GET /api/v2/btc/wallet/${WALLETS.BTC}/addresses`,
      `POST /api/v2/btc/wallet/${WALLETS.BTC}/address`,
    ]);
    expect(fake.requests[0]?.url.searchParams.get('labelContains')).toBe('^ord\\.7f3c-2a91$');
    expect(fake.requests[1]?.body).toEqual({ label: 'ord.7f3c-2a91' });
    expect(made).toMatchObject({ memo: null, asset: 'BTC', network: 'BTC' });
    expect(validateWalletAddress({ network: 'BTC', address: made.address })).toMatchObject({ ok: true });
  });

  it('answers the same address for the same reference on a network, for every asset of it, and makes one', async () => {
    const { fake, chain } = setup();
    const first = await chain.createDepositAddress({ reference: 'ord-1', asset: 'USDT', network: 'ETH' });
    const again = await chain.createDepositAddress({ reference: 'ord-1', asset: 'ETH', network: 'ETH' });
    const racing = await Promise.all(
      Array.from({ length: 4 }, () => chain.createDepositAddress({ reference: 'ord-2', asset: 'USDC', network: 'ETH' })),
    );
    expect(again.address).toBe(first.address);
    expect(new Set(racing.map((deposit) => deposit.address)).size).toBe(1);
    expect(fake.addressCount()).toBe(2);
    // Made under the chain's own coin (tokens live on the ETH wallet), answered in EIP-55.
    expect(fake.requests.filter((request) => request.method === 'POST').map((request) => request.url.pathname)).toEqual([
      `/api/v2/eth/wallet/${WALLETS.ETH}/address`,
      `/api/v2/eth/wallet/${WALLETS.ETH}/address`,
    ]);
    expect(validateWalletAddress({ network: 'ETH', address: first.address.toLowerCase() })).toMatchObject({
      ok: true,
      address: first.address,
    });
  });

  it('reads an XRP address as the account and its destination tag, choosing the exact label among the regex’s matches', async () => {
    const { fake, chain } = setup();
    fake.answerNext({ body: bitgoFixture('addresses-by-label') });
    expect(await chain.createDepositAddress({ reference: 'ord-7f3c2a91', asset: 'XRP', network: 'XRP' })).toEqual({
      address: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh',
      memo: '2718281',
      asset: 'XRP',
      network: 'XRP',
    });
    expect(fake.requests).toHaveLength(1);
  });

  it('treats an ETH address still initialising on chain as unavailable: the label finds it next time', async () => {
    const { fake, chain } = setup();
    fake.answerNext({ body: { coin: 'eth', addresses: [] } });
    fake.answerNext({ body: bitgoFixture('address-created.eth-pending') });
    await expect(chain.createDepositAddress({ reference: 'ord-3', asset: 'ETH', network: 'ETH' })).rejects.toBeInstanceOf(
      ChainUnavailableError,
    );
  });

  it('refuses an asset BitGo has no wallet for, and a malformed reference, before asking', async () => {
    const { fake, chain } = setup();
    await expect(chain.createDepositAddress({ reference: 'ord-4', asset: 'DOGE', network: 'DOGE' })).rejects.toMatchObject({
      reason: 'UNSUPPORTED_ASSET',
    });
    await expect(chain.createDepositAddress({ reference: 'ord 4/..', asset: 'BTC', network: 'BTC' })).rejects.toThrow('reference');
    expect(fake.requests).toEqual([]);
  });
});

describe('BitGo listIncoming (v2.wallet.listtransfers)', () => {
  it('asks for receive transfers at the address under the asset’s coin, and reads the recorded page oldest first', async () => {
    const { fake, chain } = setup();
    fake.answerNext({ body: bitgoFixture('transfers-receive') });
    const address = '0x52908400098527886E0F7030069857D2E4169EE7';
    const incoming = await chain.listIncoming({ asset: 'USDT', network: 'ETH', address, memo: null });
    expect(route(fake.requests[0])).toBe(`GET /api/v2/usdt/wallet/${WALLETS.ETH}/transfer`);
    expect(Object.fromEntries(fake.requests[0]!.url.searchParams)).toEqual({
      type: 'receive',
      address: address.toLowerCase(),
      limit: '500',
    });
    expect(incoming).toEqual([
      {
        transferId: 'usdt:6b1e2f3a4c5d6e7f8091a2b3c4d5e6f6',
        asset: 'USDT',
        network: 'ETH',
        address,
        memo: null,
        // Only what reached this address: the same transaction paid another address of the wallet too.
        amount: '200.5',
        fromAddress: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045',
        txHash: '0x9a7c5e3b1d2f4a6c8e0b2d4f6a8c0e2b4d6f8a0c2e4b6d8f0a2c4e6b8d0f2a4c',
        confirmations: 14,
        status: 'CONFIRMED',
        seenAt: new Date('2026-11-21T12:02:11.000Z'),
      },
      {
        transferId: 'usdt:6b1e2f3a4c5d6e7f8091a2b3c4d5e6f7',
        asset: 'USDT',
        network: 'ETH',
        address,
        memo: null,
        amount: '50',
        fromAddress: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045',
        txHash: '0x4d8fe2b9c1a37f6e0b9d2c5a8e7f1b3d6c9a2e5f8b1d4c7a0e3f6b9c2d5a8e1f',
        confirmations: 0,
        status: 'PENDING',
        seenAt: new Date('2026-11-21T12:07:40.000Z'),
      },
    ]);
  });

  it('follows a deposit from unconfirmed to confirmations growing', async () => {
    const { fake, chain } = setup();
    const deposit = await chain.createDepositAddress({ reference: 'ord-5', asset: 'BTC', network: 'BTC' });
    fake.receive({ coin: 'btc', address: deposit.address, valueString: '1500000', from: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4' });
    const read = () => chain.listIncoming({ asset: 'BTC', network: 'BTC', address: deposit.address, memo: null });
    expect(await read()).toMatchObject([{ amount: '0.015', status: 'PENDING', confirmations: 0 }]);
    fake.confirmAll(1);
    expect(await read()).toMatchObject([{ status: 'CONFIRMED', confirmations: 1 }]);
    fake.confirmAll(3);
    expect(await read()).toMatchObject([{ status: 'CONFIRMED', confirmations: 3 }]);
  });

  it('tells XRP deposits apart by destination tag', async () => {
    const { fake, chain } = setup();
    const one = await chain.createDepositAddress({ reference: 'ord-6', asset: 'XRP', network: 'XRP' });
    const two = await chain.createDepositAddress({ reference: 'ord-7', asset: 'XRP', network: 'XRP' });
    expect(one.address).toBe(two.address);
    expect(one.memo).not.toBe(two.memo);
    fake.receive({
      coin: 'xrp',
      address: `${two.address}?dt=${two.memo}`,
      valueString: '42500000',
      from: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh',
    });
    expect(await chain.listIncoming({ asset: 'XRP', network: 'XRP', address: one.address, memo: one.memo })).toEqual([]);
    expect(await chain.listIncoming({ asset: 'XRP', network: 'XRP', address: two.address, memo: two.memo })).toMatchObject([
      { amount: '42.5', memo: two.memo, fromAddress: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh' },
    ]);
    expect(fake.requests.at(-1)?.url.searchParams.get('address')).toBe(`${two.address}?dt=${two.memo}`);
  });

  it('treats an answer that is not a transfer list as unavailable, and refuses an invalid address before asking', async () => {
    const { fake, chain } = setup();
    fake.answerNext({ status: 503, text: 'unavailable' });
    await expect(
      chain.listIncoming({ asset: 'BTC', network: 'BTC', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', memo: null }),
    ).rejects.toBeInstanceOf(ChainUnavailableError);
    await expect(
      chain.listIncoming({ asset: 'BTC', network: 'BTC', address: '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3', memo: null }),
    ).rejects.toMatchObject({ reason: 'INVALID_ADDRESS', detail: 'CHECKSUM' });
    expect(fake.requests).toHaveLength(1);
  });
});

describe('BitGo readWebhook (X-Signature-SHA256)', () => {
  const body = () => Buffer.from(JSON.stringify(bitgoFixture('webhook-transfer')));
  const signed = (rawBody: Buffer, secret = WEBHOOK_SECRET) => ({ [WEBHOOK_SIGNATURE_HEADER]: signWebhookBody(rawBody, secret) });

  it('answers which deposit address changed for the documented notification', async () => {
    const { chain } = setup();
    const rawBody = body();
    expect(await chain.readWebhook({ headers: signed(rawBody), rawBody })).toEqual({
      asset: 'USDT',
      network: 'ETH',
      address: '0x52908400098527886E0F7030069857D2E4169EE7',
    });
  });

  it.each([
    ['no signature', () => ({}) as Record<string, string>],
    ['another secret’s signature', (rawBody: Buffer) => signed(rawBody, 'someone-else')],
    ['a signature of another body', () => signed(Buffer.from('{}'))],
    ['a truncated signature', (rawBody: Buffer) => ({ [WEBHOOK_SIGNATURE_HEADER]: signWebhookBody(rawBody, WEBHOOK_SECRET).slice(0, 63) })],
    ['not hex', () => ({ [WEBHOOK_SIGNATURE_HEADER]: 'z'.repeat(64) })],
  ])('refuses %s', async (_name, headersOf) => {
    const { chain } = setup();
    const rawBody = body();
    await expect(chain.readWebhook({ headers: headersOf(rawBody), rawBody })).rejects.toBeInstanceOf(ChainWebhookRefusedError);
  });

  it('refuses every delivery when no BITGO_WEBHOOK_SECRET is set', async () => {
    const { chain } = setup(null);
    const rawBody = body();
    await expect(chain.readWebhook({ headers: signed(rawBody), rawBody })).rejects.toBeInstanceOf(ChainWebhookRefusedError);
  });

  it.each([
    ['a send (one of our payouts)', { transferType: 'send' }],
    ['another event type', { type: 'pendingapproval' }],
    ['a coin we do not carry', { coin: 'doge' }],
    ['a wallet that is not ours', { wallet: 'ffffffffffffffffffffffffffffffff' }],
  ])('answers null for %s, signed or not our concern', async (_name, change) => {
    const { chain } = setup();
    const rawBody = Buffer.from(JSON.stringify({ ...bitgoFixture('webhook-transfer'), ...change }));
    expect(await chain.readWebhook({ headers: signed(rawBody), rawBody })).toBeNull();
  });

  it('answers a null address when the notification names no receiver: every open deposit of the asset is read again', async () => {
    const { chain } = setup();
    const { receiver: _receiver, ...rest } = bitgoFixture<Record<string, unknown>>('webhook-transfer');
    const rawBody = Buffer.from(JSON.stringify(rest));
    expect(await chain.readWebhook({ headers: signed(rawBody), rawBody })).toEqual({ asset: 'USDT', network: 'ETH', address: null });
  });
});
