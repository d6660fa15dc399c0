import { PATHS, walletSchema } from '@causeway/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createIdentityTestApp, type IdentityTestApp, signUp, tokenHeaders } from '../../../test/identity-helpers.ts';
import { BTC_ADDRESS } from '../../../test/order-helpers.ts';
import { SANDBOX_DENY_LIST } from '../../providers/address-screening/sandbox.ts';

let t: IdentityTestApp;
beforeAll(async () => {
  t = await createIdentityTestApp();
});
afterAll(() => t.app.close());

type Headers = Record<string, string>;
const BTC_OTHER = '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa';
const BTC_THIRD = '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy';
const ETH_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const XRP_ADDRESS = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh';

const person = async (email: string): Promise<Headers> => tokenHeaders(await signUp(t.app, email));
const addWallet = (headers: Headers, body: Record<string, unknown>) =>
  call(t.app, 'POST', PATHS.addWallet, { headers, body: { cryptoCurrency: 'BTC', network: 'BTC', ...body } });
const listWallets = async (headers: Headers, body: Record<string, unknown> = {}) => {
  const response = await call(t.app, 'POST', PATHS.listWallet, { headers, body });
  expect(response.statusCode).toBe(200);
  return response.body.data.list as Array<{
    walletId: string;
    address: string;
    isDefault: boolean;
    cryptoCurrency: string;
    network: string;
    memo: string | null;
    label: string | null;
    holder: unknown;
  }>;
};
const deleteWallet = (headers: Headers, walletId: string) => call(t.app, 'POST', PATHS.deleteWallet, { headers, body: { walletId } });
const setDefault = (headers: Headers, walletId: string) => call(t.app, 'POST', PATHS.setDefaultWallet, { headers, body: { walletId } });

describe('the wallet address book', () => {
  it('answers 401 USER0000001 without a session', async () => {
    for (const [path, body] of [
      [PATHS.listWallet, {}],
      [PATHS.addWallet, { cryptoCurrency: 'BTC', network: 'BTC', address: BTC_ADDRESS }],
      [PATHS.deleteWallet, { walletId: 'wal_x' }],
      [PATHS.setDefaultWallet, { walletId: 'wal_x' }],
    ] as const) {
      const response = await call(t.app, 'POST', path, { body });
      expect(response.statusCode, path).toBe(401);
      expect(response.body.code, path).toBe('USER0000001');
    }
  });

  it('makes the first wallet of an asset and network its default, lists the default first, and set-default moves it', async () => {
    const headers = await person('wallets-default@example.com');
    const first = await addWallet(headers, { address: BTC_ADDRESS, label: 'Cold storage' });
    expect(first.statusCode).toBe(200);
    expect(walletSchema.parse(first.body.data)).toMatchObject({
      cryptoCurrency: 'BTC',
      network: 'BTC',
      address: BTC_ADDRESS,
      memo: null,
      label: 'Cold storage',
      isDefault: true,
    });
    const second = (await addWallet(headers, { address: BTC_OTHER })).body.data;
    expect(second).toMatchObject({ isDefault: false, label: null });
    t.clock.advance(1000);
    const third = (await addWallet(headers, { address: BTC_THIRD })).body.data;
    expect(third.isDefault).toBe(false);
    // The first ETH wallet is the default of ETH, whatever BTC has.
    const eth = (await addWallet(headers, { cryptoCurrency: 'ETH', network: 'ETH', address: ETH_ADDRESS.toLowerCase() })).body.data;
    expect(eth).toMatchObject({ isDefault: true, address: ETH_ADDRESS });

    const btc = await listWallets(headers, { cryptoCurrency: 'BTC' });
    expect(btc.map((wallet) => wallet.walletId)).toEqual([first.body.data.walletId, second.walletId, third.walletId]);
    expect(btc.map((wallet) => wallet.isDefault)).toEqual([true, false, false]);
    expect((await listWallets(headers, { network: 'ETH' })).map((wallet) => wallet.walletId)).toEqual([eth.walletId]);
    expect(await listWallets(headers)).toHaveLength(4);

    const moved = await setDefault(headers, third.walletId);
    expect(moved.statusCode).toBe(200);
    expect(moved.body.data).toMatchObject({ walletId: third.walletId, isDefault: true });
    const after = await listWallets(headers, { cryptoCurrency: 'BTC' });
    expect(after[0]).toMatchObject({ walletId: third.walletId, isDefault: true });
    expect(after.filter((wallet) => wallet.isDefault)).toHaveLength(1);
    // The ETH default is untouched.
    expect((await listWallets(headers, { network: 'ETH' }))[0]!.isDefault).toBe(true);
  });

  it('adding with isDefault moves the default to the new wallet', async () => {
    const headers = await person('wallets-add-default@example.com');
    const first = (await addWallet(headers, { address: BTC_ADDRESS })).body.data;
    const second = (await addWallet(headers, { address: BTC_OTHER, isDefault: true })).body.data;
    expect(second.isDefault).toBe(true);
    const list = await listWallets(headers);
    expect(list.map((wallet) => [wallet.walletId, wallet.isDefault])).toEqual([
      [second.walletId, true],
      [first.walletId, false],
    ]);
  });

  it('refuses to delete the default wallet with WAL0000002 and deletes another one', async () => {
    const headers = await person('wallets-delete@example.com');
    const chosen = (await addWallet(headers, { address: BTC_ADDRESS })).body.data;
    const spare = (await addWallet(headers, { address: BTC_OTHER })).body.data;
    const refused = await deleteWallet(headers, chosen.walletId);
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toMatchObject({ code: 'WAL0000002', data: null });
    const deleted = await deleteWallet(headers, spare.walletId);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.body).toMatchObject({ code: '000000', data: null });
    expect((await listWallets(headers)).map((wallet) => wallet.walletId)).toEqual([chosen.walletId]);
    // Gone is gone: a second delete or a set-default finds nothing.
    expect((await deleteWallet(headers, spare.walletId)).body.code).toBe('WAL0000001');
    expect((await setDefault(headers, spare.walletId)).body.code).toBe('WAL0000001');
    // A deleted address may be saved again.
    expect((await addWallet(headers, { address: BTC_OTHER })).statusCode).toBe(200);
  });

  it('refuses the same address twice with WAL0000003, however it is spelled', async () => {
    const headers = await person('wallets-duplicate@example.com');
    expect((await addWallet(headers, { address: BTC_ADDRESS })).statusCode).toBe(200);
    expect((await addWallet(headers, { cryptoCurrency: 'ETH', network: 'ETH', address: ETH_ADDRESS })).statusCode).toBe(200);
    expect((await addWallet(headers, { cryptoCurrency: 'XRP', network: 'XRP', address: XRP_ADDRESS, memo: '42' })).statusCode).toBe(200);
    for (const body of [
      { address: BTC_ADDRESS },
      { address: BTC_ADDRESS.toUpperCase() },
      { address: ` ${BTC_ADDRESS} ` },
      { cryptoCurrency: 'ETH', network: 'ETH', address: ETH_ADDRESS.toLowerCase() },
      { cryptoCurrency: 'XRP', network: 'XRP', address: XRP_ADDRESS, memo: '42' },
    ]) {
      const response = await addWallet(headers, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(409);
      expect(response.body.code, JSON.stringify(body)).toBe('WAL0000003');
    }
    // The same XRP address with another destination tag is another wallet.
    expect((await addWallet(headers, { cryptoCurrency: 'XRP', network: 'XRP', address: XRP_ADDRESS, memo: '43' })).statusCode).toBe(200);
    expect(await listWallets(headers)).toHaveLength(4);
  });

  it('refuses an invalid address with ODR00001005 and the reason, and saves nothing', async () => {
    const headers = await person('wallets-invalid@example.com');
    const cases = [
      { body: { address: 'not-an-address' }, reason: 'FORMAT' },
      { body: { cryptoCurrency: 'ETH', network: 'ETH', address: `${ETH_ADDRESS.slice(0, -1)}D` }, reason: 'CHECKSUM' },
      { body: { cryptoCurrency: 'ETH', network: 'ETH', address: BTC_ADDRESS }, reason: 'WRONG_NETWORK' },
      { body: { cryptoCurrency: 'XRP', network: 'XRP', address: XRP_ADDRESS }, reason: 'MEMO_REQUIRED' },
      { body: { address: BTC_ADDRESS, memo: '42' }, reason: 'MEMO_NOT_ALLOWED' },
    ];
    for (const { body, reason } of cases) {
      const response = await addWallet(headers, body);
      expect(response.statusCode, reason).toBe(400);
      expect(response.body.code, reason).toBe('ODR00001005');
      expect(response.body.data.reason, reason).toBe(reason);
    }
    expect(await listWallets(headers)).toEqual([]);
  });

  it('refuses every sanctioned address of the sandbox deny list with ODR00001006', async () => {
    const headers = await person('wallets-sanctioned@example.com');
    for (const entry of SANDBOX_DENY_LIST) {
      const body = {
        cryptoCurrency: entry.network,
        network: entry.network,
        address: entry.address,
        ...(entry.network === 'XRP' ? { memo: '1' } : {}),
      };
      const response = await addWallet(headers, body);
      expect(response.statusCode, entry.address).toBe(403);
      expect(response.body, entry.address).toMatchObject({ code: 'ODR00001006', data: { reason: 'SCREENING_FLAGGED' } });
    }
    // Another spelling of a listed address is the same address.
    const lower = await addWallet(headers, { cryptoCurrency: 'ETH', network: 'ETH', address: SANDBOX_DENY_LIST[0]!.address.toLowerCase() });
    expect(lower.body.code).toBe('ODR00001006');
    expect(await listWallets(headers)).toEqual([]);
  });

  it("cannot see, delete or change another person's wallets (WAL0000001)", async () => {
    const owner = await person('wallets-owner@example.com');
    const other = await person('wallets-intruder@example.com');
    const chosen = (await addWallet(owner, { address: BTC_ADDRESS })).body.data;
    const spare = (await addWallet(owner, { address: BTC_OTHER })).body.data;
    expect(await listWallets(other)).toEqual([]);
    for (const response of [await deleteWallet(other, spare.walletId), await setDefault(other, spare.walletId)]) {
      expect(response.statusCode).toBe(404);
      expect(response.body).toMatchObject({ code: 'WAL0000001', data: null });
    }
    const list = await listWallets(owner);
    expect(list.map((wallet) => [wallet.walletId, wallet.isDefault])).toEqual([
      [chosen.walletId, true],
      [spare.walletId, false],
    ]);
    // The same address in two address books is two wallets.
    expect((await addWallet(other, { address: BTC_ADDRESS })).body.data.isDefault).toBe(true);
  });

  it('keeps who holds the wallet when told (self-hosted, or a VASP of list-vasp-info), and refuses a VASP not in the list', async () => {
    const headers = await person('wallets-holder@example.com');
    const unknown = await addWallet(headers, { address: BTC_THIRD, holder: { walletType: 'VASP', vaspId: 'vasp-nobody' } });
    expect(unknown.body.code).toBe('ODR00001020');
    expect(await listWallets(headers)).toEqual([]);
    const saved = await addWallet(headers, { address: BTC_THIRD, holder: { walletType: 'SELF_HOSTED' } });
    expect(saved.body.data.holder).toEqual({ walletType: 'SELF_HOSTED', vaspId: null, vaspName: null });
    const plain = await addWallet(headers, { address: BTC_OTHER });
    expect(plain.body.data.holder).toBeNull();
    expect((await listWallets(headers)).map((wallet) => wallet.holder)).toEqual([
      { walletType: 'SELF_HOSTED', vaspId: null, vaspName: null },
      null,
    ]);
  });
});
