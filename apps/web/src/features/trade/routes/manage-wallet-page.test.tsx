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
    [PATHS.gtrEnabled]: () => ({ enabled: false }),
    [PATHS.listVaspInfo]: () => ({ list: [{ vaspId: 'vasp-kraken', name: 'Kraken', country: 'US', website: null }] }),
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

  describe('Add an address', () => {
    const XRP_ADDRESS = 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY';
    /** add-wallet as the server answers it: the new address joins the list (the default of its group when asked). */
    const adding = (start: Wallet[], answer?: (body: Record<string, unknown>) => Wallet) => {
      const view = openManageWallets(start, {
        [PATHS.addWallet]: (body: Record<string, unknown>) => answer?.(body) ?? wallet({ walletId: 'wal_new', ...body }),
      });
      return view;
    };

    it("checks the address with the server's own rules before asking, then saves it with its tag, name and default", async () => {
      let saved: Wallet[] = [];
      const view = openManageWallets([], {
        [PATHS.listWallet]: () => ({ list: saved }),
        [PATHS.addWallet]: (body: Wallet) => {
          saved = [wallet({ ...body, walletId: 'wal_new', label: body.label ?? null, memo: body.memo ?? null })];
          return saved[0];
        },
      });
      const { user, bodiesOf } = view;
      await user.click(await screen.findByRole('button', { name: 'Add an address' }));
      const form = await screen.findByRole('form', { name: 'New address' });
      // The keyboard is moved into the form.
      expect(within(form).getByRole('combobox', { name: 'Coin and network' })).toHaveFocus();
      await user.selectOptions(within(form).getByRole('combobox', { name: 'Coin and network' }), 'XRP on XRP Ledger');
      await user.type(within(form).getByRole('textbox', { name: 'Address' }), 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq');
      await user.click(within(form).getByRole('button', { name: 'Save address' }));
      // A Bitcoin address on the XRP Ledger, and no tag: refused by the page, with no call made.
      expect(await within(form).findByText(/does not look like an address of this network|Bitcoin/)).toBeInTheDocument();
      expect(bodiesOf(PATHS.addWallet)).toEqual([]);
      await user.clear(within(form).getByRole('textbox', { name: 'Address' }));
      await user.type(within(form).getByRole('textbox', { name: 'Address' }), XRP_ADDRESS);
      await user.click(within(form).getByRole('button', { name: 'Save address' }));
      expect(await within(form).findByText('Enter the Destination tag: this network needs it.')).toBeInTheDocument();
      await user.type(within(form).getByRole('textbox', { name: 'Destination tag' }), '12345');
      await user.type(within(form).getByRole('textbox', { name: 'Name (optional)' }), ' Exchange ');
      await user.click(within(form).getByRole('checkbox', { name: /Make it the default address/ }));
      await user.click(within(form).getByRole('button', { name: 'Save address' }));
      await waitFor(() => expect(toasts.map((toast) => toast.message)).toContain('Address saved'));
      expect(bodiesOf(PATHS.addWallet)).toEqual([
        { cryptoCurrency: 'XRP', network: 'XRP', address: XRP_ADDRESS, memo: '12345', label: 'Exchange', isDefault: true },
      ]);
      // The form closes, the list shows the new address, and the keyboard is back on the button.
      expect(screen.queryByRole('form', { name: 'New address' })).toBeNull();
      expect(await group('XRP on XRP Ledger')).toHaveTextContent(XRP_ADDRESS);
      expect(screen.getByRole('button', { name: 'Add an address' })).toHaveFocus();
    });

    it("shows the server's refusal of the address under the field, and keeps what was typed", async () => {
      const { user } = adding([BTC_DEFAULT], () => {
        throw businessError(PATHS.addWallet, 'ODR00001006');
      });
      await user.click(await screen.findByRole('button', { name: 'Add an address' }));
      const form = await screen.findByRole('form', { name: 'New address' });
      const address = within(form).getByRole('textbox', { name: 'Address' });
      await user.type(address, BTC_OTHER.address);
      await user.click(within(form).getByRole('button', { name: 'Save address' }));
      expect(await within(form).findByText('We cannot send funds to this address. Use another address.')).toBeInTheDocument();
      expect(address).toHaveValue(BTC_OTHER.address);
      expect(address).toHaveAccessibleDescription('We cannot send funds to this address. Use another address.');
      expect(toasts).toEqual([]);
    });

    it('keeps who holds the address when the person says (provider information), and shows it in the list', async () => {
      let saved: Wallet[] = [];
      const { user, bodiesOf } = openManageWallets([], {
        [PATHS.listWallet]: () => ({ list: saved }),
        [PATHS.addWallet]: (body: Wallet) => {
          saved = [
            wallet({
              ...body,
              walletId: 'wal_new',
              label: null,
              memo: null,
              holder: { walletType: 'VASP', vaspId: 'vasp-kraken', vaspName: 'Kraken' },
            }),
          ];
          return saved[0];
        },
      });
      await user.click(await screen.findByRole('button', { name: 'Add an address' }));
      const form = await screen.findByRole('form', { name: 'New address' });
      await user.type(within(form).getByRole('textbox', { name: 'Address' }), BTC_OTHER.address);
      const holder = within(form).getByRole('group', { name: 'Who holds this address? (optional)' });
      await user.click(within(holder).getByRole('radio', { name: 'An exchange or another service' }));
      expect(within(holder).getByRole('combobox', { name: 'Which one?' })).toHaveValue('vasp-kraken');
      await user.click(within(form).getByRole('button', { name: 'Save address' }));
      expect(await group('BTC on Bitcoin')).toHaveTextContent('Held by: Kraken');
      expect(bodiesOf(PATHS.addWallet)[0]).toMatchObject({ holder: { walletType: 'VASP', vaspId: 'vasp-kraken' } });
    });

    it('Cancel closes the form without a call', async () => {
      const { user, bodiesOf } = adding([BTC_DEFAULT]);
      await user.click(await screen.findByRole('button', { name: 'Add an address' }));
      await user.click(await screen.findByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('form', { name: 'New address' })).toBeNull();
      expect(bodiesOf(PATHS.addWallet)).toEqual([]);
      expect(screen.getByRole('button', { name: 'Add an address' })).toHaveFocus();
    });
  });
});
