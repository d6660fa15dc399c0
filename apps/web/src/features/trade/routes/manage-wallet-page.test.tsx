import { PATHS } from '@causeway/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/http-errors';
import { renderPage } from '@/test/render';
import { businessError, type Responder, routedHttpClient } from '@/test/routed-http-client';
import { captureToasts } from '@/test/toasts';
import type { Wallet } from '../api/trade-api';
import { CURRENCIES, wallet } from '../trade-test-kit';
import { ManageWalletPage } from './manage-wallet-page';

const toasts = captureToasts();

const BTC_DEFAULT = wallet({ walletId: 'wal_1', label: 'Ledger', isDefault: true });
const BTC_OTHER = wallet({ walletId: 'wal_2', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', isDefault: false });
const XRP_DEFAULT = wallet({
  walletId: 'wal_3',
  cryptoCurrency: 'XRP',
  network: 'XRP',
  address: 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY',
  memo: '12345',
  isDefault: true,
});

/**
 * The page as the server would answer it: list-wallet lists `wallets` (defaults first, as the server
 * sorts them), set-default and delete-wallet change them.
 */
function openManageWallets(start: Wallet[], routes: Record<string, Responder> = {}) {
  let wallets = [...start];
  const fake = routedHttpClient({
    [PATHS.listCurrency]: () => CURRENCIES,
    [PATHS.listWallet]: () => ({ list: [...wallets].sort((a, b) => Number(b.isDefault) - Number(a.isDefault)) }),
    [PATHS.setDefaultWallet]: (body: { walletId: string }) => {
      const chosen = wallets.find((item) => item.walletId === body.walletId)!;
      wallets = wallets.map((item) =>
        item.cryptoCurrency === chosen.cryptoCurrency && item.network === chosen.network
          ? { ...item, isDefault: item.walletId === chosen.walletId }
          : item,
      );
      return { ...chosen, isDefault: true };
    },
    [PATHS.deleteWallet]: (body: { walletId: string }) => {
      wallets = wallets.filter((item) => item.walletId !== body.walletId);
      return null;
    },
    ...routes,
  });
  const view = renderPage(<ManageWalletPage />, { path: '/:lng/manage-wallet', url: '/en/manage-wallet', client: fake.client });
  return { ...view, ...fake, user: userEvent.setup() };
}

const group = async (name: string) => screen.findByRole('region', { name });

describe('manage-wallet', () => {
  it('lists every saved address by coin and network, names the network as the catalogue does, and marks the default', async () => {
    const { bodiesOf } = openManageWallets([BTC_OTHER, XRP_DEFAULT, BTC_DEFAULT]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Saved addresses' })).toBeInTheDocument();
    const btc = await group('BTC on Bitcoin');
    expect(
      within(btc)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([`LedgerDefault${BTC_DEFAULT.address}`, `${BTC_OTHER.address}Make defaultDelete`]);
    const xrp = await group('XRP on XRP Ledger');
    expect(within(xrp).getByRole('listitem')).toHaveTextContent(`Default${XRP_DEFAULT.address}Memo or tag: 12345`);
    // The default offers neither action: it is changed by making another one the default.
    expect(within(xrp).queryByRole('button')).toBeNull();
    expect(bodiesOf(PATHS.listWallet)).toEqual([{}]);
  });

  it('Make default makes that address the default of its coin and network, and says so', async () => {
    const { user, bodiesOf } = openManageWallets([BTC_DEFAULT, BTC_OTHER]);
    await user.click(await screen.findByRole('button', { name: 'Make bc1qar…5mdq the default address' }));
    await waitFor(() =>
      expect(within(screen.getByRole('region', { name: 'BTC on Bitcoin' })).getAllByRole('listitem')[0]).toHaveTextContent(
        `Default${BTC_OTHER.address}`,
      ),
    );
    expect(bodiesOf(PATHS.setDefaultWallet)).toEqual([{ walletId: 'wal_2' }]);
    expect(screen.getByRole('button', { name: 'Delete the address Ledger' })).toBeInTheDocument();
    expect(toasts).toEqual([{ message: 'Default address changed', kind: 'success' }]);
  });

  it('Delete asks first, then deletes and refreshes the list; Cancel keeps the address', async () => {
    const { user, bodiesOf } = openManageWallets([BTC_DEFAULT, BTC_OTHER]);
    await user.click(await screen.findByRole('button', { name: 'Delete the address bc1qar…5mdq' }));
    let confirm = await screen.findByRole('dialog', { name: 'Delete this address?' });
    expect(confirm).toHaveTextContent(`${BTC_OTHER.address} will no longer be offered when you buy.`);
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(bodiesOf(PATHS.deleteWallet)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete the address bc1qar…5mdq' }));
    confirm = await screen.findByRole('dialog', { name: 'Delete this address?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(screen.getByRole('region', { name: 'BTC on Bitcoin' })).getAllByRole('listitem')).toHaveLength(1));
    expect(bodiesOf(PATHS.deleteWallet)).toEqual([{ walletId: 'wal_2' }]);
    expect(toasts).toEqual([{ message: 'Address deleted', kind: 'success' }]);
  });

  it('leaves a refusal to the client (it toasts wallet refusals) and reads the list again', async () => {
    const { user, calls, bodiesOf } = openManageWallets([BTC_DEFAULT, BTC_OTHER], {
      [PATHS.deleteWallet]: () => {
        throw businessError(PATHS.deleteWallet, 'WAL0000002');
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete the address bc1qar…5mdq' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete this address?' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(bodiesOf(PATHS.listWallet)).toHaveLength(2));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.find((call) => call.path === PATHS.deleteWallet)?.options).toBeUndefined();
    expect(toasts).toEqual([]);
  });

  it('says so itself when a change got no answer, which no reaction of the client covers', async () => {
    const { user } = openManageWallets([BTC_DEFAULT, BTC_OTHER], {
      [PATHS.setDefaultWallet]: () => {
        throw new ApiError({ kind: 'network', path: PATHS.setDefaultWallet, msg: 'Network error' });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Make bc1qar…5mdq the default address' }));
    await waitFor(() =>
      expect(toasts).toEqual([{ message: 'No response from server, check the order at the history page', kind: 'error' }]),
    );
  });

  it('with no saved address, says how one is saved and leads to the trade page', async () => {
    const { user, router } = openManageWallets([]);
    expect(await screen.findByText(/You have no saved addresses yet/)).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Buy crypto' }));
    expect(router.state.location.pathname).toBe('/en/card-buy-sell');
  });

  it('offers Try again when the list cannot be read', async () => {
    let fail = true;
    const { user } = openManageWallets([BTC_DEFAULT], {
      [PATHS.listWallet]: () => {
        if (fail) throw businessError(PATHS.listWallet, '999999');
        return { list: [BTC_DEFAULT] };
      },
    });
    const retry = await screen.findByRole('button', { name: /try again/i });
    fail = false;
    await user.click(retry);
    expect(await group('BTC on Bitcoin')).toBeInTheDocument();
  });
});
