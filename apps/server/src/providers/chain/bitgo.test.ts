import { describe, expect, it } from 'vitest';
import { type BitgoChainOptions, createBitgoChain, parseBitgoWalletIds } from './bitgo.ts';
import { ChainRefusedError, ChainUnavailableError, type SendInput } from './chain.ts';
import { bitgoFixture, createFakeBitgo } from './fixtures/bitgo/fake-bitgo.ts';
import { createChainProvider } from './index.ts';

// BitGo through its documented shapes (fixtures/bitgo): the send result of the "Send Transactions"
// guide, transfers in the states of the Get transfer reference, the API's and Express's error bodies.
const TOKEN = 'v2x8d4f1c16326815f94b0dbcf1c990d34fd669a082f8195813f13ed08338fd71dd';
const PASSPHRASE = 'correct horse battery staple 2026';
const WALLETS = {
  BTC: '5a7d9f52ba1923b107b80baabe0c3574',
  ETH: '59cd72485007a239fb00282ed480da1f',
  TRX: '62c5ae8174ac860007aff138a2d74df7',
  SOL: '585a0860c5a04c696edd2c331ce2f346',
  XRP: '590b73478c8fc40727b0c3d421ec909c',
};

function setup(overrides: Partial<BitgoChainOptions> = {}) {
  const fake = createFakeBitgo({ accessToken: TOKEN, walletIds: WALLETS });
  const chain = createBitgoChain({
    accessToken: TOKEN,
    baseUrl: 'http://127.0.0.1:3080/',
    walletPassphrase: PASSPHRASE,
    walletIds: WALLETS,
    fetchImpl: fake.fetchImpl,
    ...overrides,
  });
  return { fake, chain };
}
const payout = (overrides: Partial<SendInput> = {}): SendInput => ({
  idempotencyKey: 'payout-ord-7f3c2a91',
  asset: 'BTC',
  network: 'BTC',
  address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  memo: null,
  amount: '0.015',
  ...overrides,
});
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error as Error,
  );

describe('BitGo send (express.wallet.sendcoins)', () => {
  it('posts the documented request: Bearer token, JSON body in base units, the key as sequenceId', async () => {
    const { fake, chain } = setup();
    await chain.send(payout());
    const [request] = fake.requests;
    expect(request?.method).toBe('POST');
    expect(request?.url.href).toBe(`http://127.0.0.1:3080/api/v2/btc/wallet/${WALLETS.BTC}/sendcoins`);
    expect(request?.headers).toMatchObject({
      authorization: `Bearer ${TOKEN}`,
      'content-type': 'application/json',
      accept: 'application/json',
    });
    expect(request?.body).toEqual({
      address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      amount: '1500000',
      walletPassphrase: PASSPHRASE,
      sequenceId: 'payout-ord-7f3c2a91',
    });
  });

  it.each([
    [
      'ETH',
      { asset: 'ETH', network: 'ETH', address: '0x52908400098527886e0f7030069857d2e4169ee7', amount: '1.000000000000000001' },
      'eth',
      WALLETS.ETH,
      '0x52908400098527886E0F7030069857D2E4169EE7',
      '1000000000000000001',
    ],
    [
      'ERC-20 USDC',
      { asset: 'USDC', network: 'ETH', address: '0x52908400098527886E0F7030069857D2E4169EE7', amount: '250.5' },
      'usdc',
      WALLETS.ETH,
      '0x52908400098527886E0F7030069857D2E4169EE7',
      '250500000',
    ],
    [
      'TRC-20 USDT',
      { asset: 'USDT', network: 'TRX', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', amount: '12.5' },
      'trx:usdt',
      WALLETS.TRX,
      'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      '12500000',
    ],
    [
      'SPL USDC',
      { asset: 'USDC', network: 'SOL', address: '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T', amount: '0.000001' },
      'sol:usdc',
      WALLETS.SOL,
      '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T',
      '1',
    ],
    [
      'XRP with its tag',
      { asset: 'XRP', network: 'XRP', address: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh', memo: '00012345', amount: '42.5' },
      'xrp',
      WALLETS.XRP,
      'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh?dt=12345',
      '42500000',
    ],
  ] as const)(
    'sends %s under its BitGo coin, from its chain’s wallet, canonical address, exact base units',
    async (_name, input, coin, walletId, address, amount) => {
      const { fake, chain } = setup();
      const sent = await chain.send(payout(input));
      expect(fake.requests[0]?.url.pathname).toBe(`/api/v2/${coin}/wallet/${walletId}/sendcoins`);
      expect(fake.requests[0]?.body).toMatchObject({ address, amount });
      expect(sent.transferId).toMatch(new RegExp(`^${coin}:[0-9a-f]{32}$`));
    },
  );

  it('reads the documentation’s send result (its transfer is already confirmed there)', async () => {
    const { fake, chain } = setup();
    fake.answerNext({ body: bitgoFixture('send-coins.docs-example') });
    expect(await chain.send(payout())).toEqual({
      transferId: 'btc:59cd72485007a239fb00282ed480da1f',
      txHash: 'b8a828b98dbf32d9fd1875cbace9640ceb8c82626716b4a64203fdc79bb46d26',
      status: 'CONFIRMED',
      confirmations: 1,
    });
  });

  it('answers a retry with the key’s first transfer: BitGo refuses the second sequenceId, the lookup finds the first', async () => {
    const { fake, chain } = setup();
    const first = await chain.send(payout());
    expect(await chain.send(payout())).toEqual(first);
    expect(fake.transferCount()).toBe(1);
    expect(fake.requests.map((request) => `${request.method} ${request.url.pathname}`)).toEqual([
      `POST /api/v2/btc/wallet/${WALLETS.BTC}/sendcoins`,
      `POST /api/v2/btc/wallet/${WALLETS.BTC}/sendcoins`,
      `GET /api/v2/btc/wallet/${WALLETS.BTC}/transfer/sequenceId/payout-ord-7f3c2a91`,
    ]);
  });

  it('URL-encodes the key in the lookup path', async () => {
    const { fake, chain } = setup();
    fake.answerNext({ status: 400, body: bitgoFixture('error-express') });
    fake.answerNext({ body: bitgoFixture('transfer-signed') });
    await chain.send(payout({ idempotencyKey: 'order/42?#x' }));
    expect(fake.requests[1]?.url.pathname).toBe(`/api/v2/btc/wallet/${WALLETS.BTC}/transfer/sequenceId/order%2F42%3F%23x`);
  });

  it('refuses for good when BitGo refuses and the key has no earlier transfer, with BitGo’s own words', async () => {
    const { fake, chain } = setup();
    fake.answerNext({ status: 400, body: bitgoFixture('error-express') });
    const error = await failure(chain.send(payout()));
    expect(error).toBeInstanceOf(ChainRefusedError);
    expect(error).toMatchObject({ reason: 'REJECTED' });
    expect(error.message).toBe('BitGo sendcoins failed: HTTP 400 — Error: insufficient balance');
  });

  it('holds a send a policy awaits approval for as retryable, and finds it once BitGo made the transfer', async () => {
    const { fake, chain } = setup();
    fake.answerNext({ status: 202, body: bitgoFixture('send-coins.pending-approval') });
    expect(await failure(chain.send(payout()))).toBeInstanceOf(ChainUnavailableError);
    fake.answerNext({ status: 202, body: bitgoFixture('send-coins.pending-approval') });
    fake.answerNext({ body: bitgoFixture('transfer-signed') });
    expect(await chain.send(payout())).toMatchObject({ transferId: 'btc:59cd72485007a239fb00282ed480da1f', status: 'PENDING' });
  });

  it.each([
    ['a refused token (401)', { status: 401, body: { error: 'unauthorized', name: 'Unauthorized', requestId: 'r1' } }, 'HTTP 401'],
    [
      'a wallet BitGo does not know (404)',
      { status: 404, body: bitgoFixture('error-invalid-wallet-id') },
      'InvalidWalletId: invalid wallet id: requestId cjo7uw7si0buzttlmazmvthay',
    ],
    ['a rate limit (429)', { status: 429, text: 'Too Many Requests' }, 'no error body'],
    ['an outage (503)', { status: 503, text: '<html>503</html>' }, 'HTTP 503'],
    ['a network failure', { networkError: true as const }, 'could not be reached'],
    ['an answer that is no transfer', { status: 200, body: { status: 'signed' } }, 'no transfer for it yet'],
  ])('treats %s as unavailable (retry with the same key)', async (_name, answer, message) => {
    const { fake, chain } = setup();
    fake.answerNext(answer);
    if ('status' in answer && answer.status === 200) fake.answerNext({ status: 404, body: { error: 'not found', name: 'NotFound' } });
    const error = await failure(chain.send(payout()));
    expect(error).toBeInstanceOf(ChainUnavailableError);
    expect(error.message).toContain(message);
  });

  it('gives up after its timeout', async () => {
    const { fake, chain } = setup({ timeoutMs: 30 });
    fake.answerNext({ hang: true });
    const error = await failure(chain.send(payout()));
    expect(error).toBeInstanceOf(ChainUnavailableError);
    expect(error.message).toBe('BitGo sendcoins did not answer within 30 ms');
  });

  it('never puts the token or the passphrase in an error', async () => {
    const { fake, chain } = setup();
    fake.answerNext({ status: 400, body: { error: `bad passphrase ${PASSPHRASE} for ${TOKEN}`, name: 'Unauthorized' } });
    fake.answerNext({ status: 404, body: {} });
    const error = await failure(chain.send(payout()));
    expect(error.message).not.toContain(PASSPHRASE);
    expect(error.message).not.toContain(TOKEN);
    expect(error.message).toContain('[redacted]');
  });

  it('refuses invalid input before asking BitGo, and a network without a wallet', async () => {
    const { fake, chain } = setup({ walletIds: { BTC: WALLETS.BTC } });
    await expect(chain.send(payout({ address: '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3' }))).rejects.toMatchObject({
      reason: 'INVALID_ADDRESS',
      detail: 'CHECKSUM',
    });
    await expect(
      chain.send(payout({ asset: 'ETH', network: 'ETH', address: '0x52908400098527886E0F7030069857D2E4169EE7' })),
    ).rejects.toMatchObject({ reason: 'UNSUPPORTED_ASSET' });
    expect(fake.requests).toEqual([]);
  });
});

describe('BitGo getTransfer (v2.wallet.gettransfer)', () => {
  it.each([
    ['transfer-signed', 'PENDING', 0],
    ['transfer-removed', 'PENDING', 0],
    ['transfer-confirmed', 'CONFIRMED', 3],
    ['transfer-failed', 'FAILED', 0],
  ] as const)('reads %s as %s with %i confirmations', async (fixture, status, confirmations) => {
    const { fake, chain } = setup();
    fake.answerNext({ body: bitgoFixture(fixture) });
    expect(await chain.getTransfer('trx:usdt:59cd72485007a239fb00282ed480da1f')).toEqual({
      transferId: 'trx:usdt:59cd72485007a239fb00282ed480da1f',
      txHash: 'b8a828b98dbf32d9fd1875cbace9640ceb8c82626716b4a64203fdc79bb46d26',
      status,
      confirmations,
    });
    expect(fake.requests[0]).toMatchObject({ method: 'GET', body: undefined, headers: { authorization: `Bearer ${TOKEN}` } });
    expect(fake.requests[0]?.url.href).toBe(
      `http://127.0.0.1:3080/api/v2/trx:usdt/wallet/${WALLETS.TRX}/transfer/59cd72485007a239fb00282ed480da1f`,
    );
  });

  it.each([
    ['a BTC transfer: satoshi', 'btc', '4520', { asset: 'BTC', amount: '0.0000452' }],
    ['an ERC-20 token: gas in wei, paid in ETH', 'usdt', '1260000000000000', { asset: 'ETH', amount: '0.00126' }],
    ['a TRC-20 token: energy burnt in sun, paid in TRX', 'trx:usdt', '13450000', { asset: 'TRX', amount: '13.45' }],
    ['an XRP payment: drops', 'xrp', '12', { asset: 'XRP', amount: '0.000012' }],
  ] as const)('reads the network fee (feeString) of %s', async (_name, coin, feeString, fee) => {
    const { fake, chain } = setup();
    fake.answerNext({ body: { ...bitgoFixture<Record<string, unknown>>('transfer-confirmed'), coin, feeString } });
    expect((await chain.getTransfer(`${coin}:59cd72485007a239fb00282ed480da1f`)).fee).toEqual(fee);
  });

  it.each([
    ['missing', undefined],
    ['the documentation’s placeholder', 'string'],
    ['zero', '0'],
    ['negative', '-5'],
  ])('reports no fee when feeString is %s', async (_name, feeString) => {
    const { fake, chain } = setup();
    fake.answerNext({ body: { ...bitgoFixture<Record<string, unknown>>('transfer-confirmed'), feeString } });
    expect((await chain.getTransfer('btc:59cd72485007a239fb00282ed480da1f')).fee).toBeUndefined();
  });

  it('answers an unknown or foreign id as UNKNOWN_TRANSFER, asking BitGo only about ids of ours', async () => {
    const { fake, chain } = setup();
    for (const id of ['ctx_abc', 'doge:59cd72485007a239fb00282ed480da1f', 'btc:../../wallet', 'btc:']) {
      await expect(chain.getTransfer(id)).rejects.toMatchObject({ reason: 'UNKNOWN_TRANSFER' });
    }
    expect(fake.requests).toEqual([]);
    await expect(chain.getTransfer('btc:ffffffffffffffffffffffffffffffff')).rejects.toMatchObject({ reason: 'UNKNOWN_TRANSFER' });
  });

  it('links real hashes to the public explorers, and nothing else', () => {
    const { chain } = setup();
    const hex = 'b8a828b98dbf32d9fd1875cbace9640ceb8c82626716b4a64203fdc79bb46d26';
    expect(chain.explorerUrl('BTC', hex)).toBe(`https://mempool.space/tx/${hex}`);
    expect(chain.explorerUrl('ETH', `0x${hex}`)).toBe(`https://etherscan.io/tx/0x${hex}`);
    expect(chain.explorerUrl('TRX', hex)).toBe(`https://tronscan.org/#/transaction/${hex}`);
    expect(chain.explorerUrl('XRP', hex.toUpperCase())).toBe(`https://xrpscan.com/tx/${hex.toUpperCase()}`);
    const signature = '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW';
    expect(chain.explorerUrl('SOL', signature)).toBe(`https://solscan.io/tx/${signature}`);
    expect(chain.explorerUrl('ETH', '0x1234"><script>')).toBeNull();
    expect(chain.explorerUrl('DOGE', hex)).toBeNull();
  });
});

describe('BitGo options', () => {
  it('names the variable at fault', () => {
    const valid = { accessToken: TOKEN, baseUrl: 'http://127.0.0.1:3080', walletPassphrase: PASSPHRASE, walletIds: WALLETS };
    expect(() => createBitgoChain({ ...valid, accessToken: '' })).toThrow('BITGO_ACCESS_TOKEN');
    expect(() => createBitgoChain({ ...valid, walletPassphrase: '' })).toThrow('BITGO_WALLET_PASSPHRASE');
    expect(() => createBitgoChain({ ...valid, baseUrl: 'not a url' })).toThrow('BITGO_EXPRESS_URL');
    expect(() => createBitgoChain({ ...valid, baseUrl: 'ftp://127.0.0.1' })).toThrow('BITGO_EXPRESS_URL');
    expect(() => createBitgoChain({ ...valid, walletIds: {} })).toThrow('BITGO_WALLET_IDS must name at least one wallet');
    expect(() => createBitgoChain({ ...valid, walletIds: { DOGE: WALLETS.BTC } })).toThrow('unknown network "DOGE"');
    expect(() => createBitgoChain({ ...valid, walletIds: { BTC: 'XYZ' } })).toThrow('BITGO_WALLET_IDS: the BTC wallet id');
    expect(() => createChainProvider({ kind: 'bitgo', db: undefined as never, clock: { now: () => new Date() } })).toThrow(
      'BITGO_ACCESS_TOKEN',
    );
    expect(createChainProvider({ kind: 'bitgo', db: undefined as never, clock: { now: () => new Date() }, bitgo: valid }).kind).toBe(
      'bitgo',
    );
  });

  it('reads BITGO_WALLET_IDS as NETWORK=walletId pairs', () => {
    expect(parseBitgoWalletIds(` BTC=${WALLETS.BTC}, ETH=${WALLETS.ETH} ,`)).toEqual({ BTC: WALLETS.BTC, ETH: WALLETS.ETH });
    expect(parseBitgoWalletIds('')).toEqual({});
    expect(() => parseBitgoWalletIds('BTC:abc')).toThrow('BITGO_WALLET_IDS: "BTC:abc" is not NETWORK=walletId');
  });
});
