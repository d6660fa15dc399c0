import { PATHS } from '@causeway/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountOverview, corporateOverview } from '@/test/account-overview';
import { BUY_TARGET_STORAGE_KEY } from '@/lib/buy-after-verification';
import { storedTranId, TRAN_ID_STORAGE_KEY } from '@/lib/merchant-transaction';
import { storage } from '@/lib/storage';
import { businessError } from '@/test/routed-http-client';
import { amountInput, callsTo, CURRENCIES, formShown, landedOn, limits, openTrade } from '../trade-test-kit';
import { spyOnHelpWindow } from '@/test/help-window-spy';
import { confirmBuySend } from '../buy-send';

const stateOf = () => document.querySelector('[data-trade-state]')?.getAttribute('data-trade-state');

describe('trade page states (docs/rules/screens.md)', () => {
  it('loading: a spinner until the account info answers', async () => {
    let answer: (value: unknown) => void = () => {};
    openTrade({ routes: { [PATHS.overview]: () => new Promise((resolve) => (answer = resolve)) } });
    expect(screen.getByRole('status')).toHaveTextContent('Loading the buy page');
    expect(stateOf()).toBe('loading');
    answer(accountOverview());
    expect(await formShown()).toBeInTheDocument();
  });

  it('AccountNotReady: KYC not Pass explains it and leads to account-status, asking nothing else', async () => {
    const { user, calls } = openTrade({ routes: { [PATHS.overview]: () => accountOverview({}, { kycStatus: 'Pending' }) } });
    expect(await screen.findByRole('heading', { name: 'Verify your identity to buy' })).toBeInTheDocument();
    expect(stateOf()).toBe('AccountNotReady');
    expect(calls.map((c) => c.path)).toEqual([PATHS.overview]);
    await user.click(screen.getByRole('button', { name: 'Go to verification' }));
    expect(await landedOn()).toBe('/en/account-status');
  });

  it('AccountNotReady: Go to verification remembers this page and its query, for Continue once verified', async () => {
    const { user } = openTrade({
      url: '/en/buy-crypto?fiatCurrency=EUR&cryptoCurrency=BTC',
      routes: { [PATHS.overview]: () => accountOverview({}, { kycStatus: 'Initial' }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Go to verification' }));
    expect(await landedOn()).toBe('/en/account-status');
    expect(storage.getItem(BUY_TARGET_STORAGE_KEY)).toBe('buy-crypto?fiatCurrency=EUR&cryptoCurrency=BTC');
  });

  describe('a final verification outcome: the rejected state and Contact support, not "Go to verification" looping back (issue 14)', () => {
    const help = spyOnHelpWindow();

    it('KYC Fail: says verification failed and what happens next; Contact support opens the support form about it', async () => {
      const { user, calls } = openTrade({ routes: { [PATHS.overview]: () => accountOverview({}, { kycStatus: 'Fail' }) } });
      expect(await screen.findByRole('heading', { level: 1, name: 'Verification failed' })).toBeInTheDocument();
      expect(stateOf()).toBe('AccountNotReady');
      expect(screen.getByText(/We could not verify your identity/)).toBeInTheDocument();
      expect(
        screen.getByText('Our team looks at your case again and replies by email, usually within 1-2 working days.'),
      ).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Go to verification' })).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Contact support' }));
      expect(help.setSecondaryPage).toHaveBeenCalledWith({ type: 'support', topic: 'Identity verification failed' });
      expect(help.setOpen).toHaveBeenCalledWith(true);
      expect(calls.map((c) => c.path)).toEqual([PATHS.overview]);
    });

    it('a terminated account: says so, with Contact support about the closed account', async () => {
      const { user } = openTrade({
        routes: { [PATHS.overview]: () => accountOverview({ accountStatus: 'Terminated' }, { kycStatus: 'Pass' }) },
      });
      expect(await screen.findByRole('heading', { level: 1, name: 'Account terminated' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Go to verification' })).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Contact support' }));
      expect(help.setSecondaryPage).toHaveBeenCalledWith({ type: 'support', topic: 'Account terminated' });
    });
  });

  it('AccountNotReady on the PL entity leads to account-status-entity', async () => {
    const { user } = openTrade({ routes: { [PATHS.overview]: () => accountOverview({ entityTag: 'PL' }, { kycStatus: 'Initial' }) } });
    await user.click(await screen.findByRole('button', { name: 'Go to verification' }));
    expect(await landedOn()).toBe('/en/account-status-entity');
  });

  it('a blocked account goes straight to user-blocked with its code', async () => {
    openTrade({ routes: { [PATHS.overview]: () => accountOverview({ accountStatus: 'Blocked', accountStatusReasonCode: 'AC100002' }) } });
    expect(await landedOn()).toBe('/en/user-blocked?code=AC100002');
  });

  it('trade routing (docs/rules/order-states.md): a risk check other than OK sends the person to risk-reminder first, back to this page after', async () => {
    openTrade({ routes: { [PATHS.riskSurveyCheck]: () => ({ riskSurveyCheckNextStep: 'RISK_WARNING', version: '20250101' }) } });
    expect(await landedOn()).toBe('/en/risk-reminder?next=buy-crypto');
  });

  it("the risk step keeps a deep link's query (URL-encoded in next=)", async () => {
    openTrade({
      url: '/en/buy-crypto?fiatCurrency=EUR&cryptoCurrency=BTC',
      routes: { [PATHS.riskSurveyCheck]: () => ({ riskSurveyCheckNextStep: 'RISK_WARNING', version: '20250101' }) },
    });
    expect(await landedOn()).toBe('/en/risk-reminder?next=buy-crypto%3FfiatCurrency%3DEUR%26cryptoCurrency%3DBTC');
  });

  it("a merchant's transaction (tranId) sets the coin and the amount, and goes with every quote", async () => {
    const info = {
      tranId: 'shop-7',
      tranType: 'buy',
      orderId: null,
      fiatCurrency: 'EUR',
      fiatAmt: '90.00',
      cryptoCurrency: 'USDT',
      cryptoAmt: null,
      network: 'TRX',
      userId: null,
      country: null,
      status: 'Initial',
      merchantName: 'Demo Shop',
      amountFixed: false,
      walletFixed: false,
      walletAddress: null,
      memo: null,
      kycLoginFail: null,
    };
    const { bodiesOf } = openTrade({ url: '/en/buy-crypto?tranId=shop-7', routes: { [PATHS.queryOrderByTranId]: () => info } });
    await formShown();
    expect(amountInput()).toHaveValue('90.00');
    await waitFor(() =>
      expect(bodiesOf(PATHS.getQuote)).toContainEqual(
        expect.objectContaining({ tranId: 'shop-7', fiatAmount: '90.00', cryptoCurrency: 'USDT', network: 'TRX' }),
      ),
    );
  });

  it("a merchant's transaction kept from sign-in but already paid is forgotten: the page is a plain buy", async () => {
    storage.setItem(TRAN_ID_STORAGE_KEY, 'shop-8');
    const info = {
      tranId: 'shop-8',
      tranType: 'buy',
      orderId: 'ord_1',
      fiatCurrency: 'EUR',
      fiatAmt: '90.00',
      cryptoCurrency: 'USDT',
      cryptoAmt: null,
      network: 'TRX',
      userId: null,
      country: null,
      status: 'Success',
      merchantName: 'Demo Shop',
      amountFixed: false,
      walletFixed: false,
      walletAddress: null,
      memo: null,
      kycLoginFail: null,
    };
    openTrade({ routes: { [PATHS.queryOrderByTranId]: () => info } });
    await formShown();
    expect(amountInput()).toHaveValue('');
    await waitFor(() => expect(storedTranId()).toBeUndefined());
  });

  it("a merchant's transaction whose linking failed for this account opens account-linking-failed with the code and the merchant", async () => {
    const failed = {
      tranId: 'linked-9',
      tranType: 'buy',
      orderId: null,
      fiatCurrency: 'EUR',
      fiatAmt: '60.00',
      cryptoCurrency: 'USDT',
      cryptoAmt: null,
      network: 'TRX',
      userId: null,
      country: null,
      status: 'Initial',
      merchantName: 'Demo Shop',
      amountFixed: false,
      walletFixed: false,
      walletAddress: null,
      memo: null,
      kycLoginFail: { kycLoginStatus: 'ACCOUNT_SUCCESS_SHARE_KYC_NOT_MATCH_USER_KYC', merchantName: 'Demo Shop' },
    };
    openTrade({ url: '/en/buy-crypto?tranId=linked-9', routes: { [PATHS.queryOrderByTranId]: () => failed } });
    expect(await landedOn()).toBe(
      '/en/account-linking-failed?failCode=ACCOUNT_SUCCESS_SHARE_KYC_NOT_MATCH_USER_KYC&merchantName=Demo%20Shop',
    );
  });

  it("a buy-and-send transaction opens on sendto-confirm first; once confirmed there, the buy page fills it with the merchant's wallet", async () => {
    const buySend = {
      tranId: 'send-9',
      tranType: 'BUY_SEND',
      orderId: null,
      fiatCurrency: 'EUR',
      fiatAmt: '60.00',
      cryptoCurrency: 'USDT',
      cryptoAmt: null,
      network: 'TRX',
      userId: null,
      country: null,
      status: 'Initial',
      merchantName: 'Demo Shop',
      amountFixed: true,
      walletFixed: true,
      walletAddress: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      memo: null,
      kycLoginFail: null,
    };
    const first = openTrade({ url: '/en/buy-crypto?tranId=send-9', routes: { [PATHS.queryOrderByTranId]: () => buySend } });
    expect(await landedOn()).toBe('/en/sendto-confirm?tranId=send-9');
    first.unmount();
    confirmBuySend('send-9');
    const { bodiesOf } = openTrade({ url: '/en/buy-crypto?tranId=send-9', routes: { [PATHS.queryOrderByTranId]: () => buySend } });
    await formShown();
    await waitFor(() =>
      expect(bodiesOf(PATHS.getQuote)).toContainEqual(expect.objectContaining({ tranId: 'send-9', fiatAmount: '60.00' })),
    );
    // The merchant's own wallet, named as such: the coins pay the merchant, they are not the person's.
    const address = screen.getByLabelText("Demo Shop's USDT address on Tron (TRC-20)");
    expect(address).toHaveValue('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
    expect(address).toHaveAttribute('readonly');
    expect(address).toHaveAccessibleDescription(
      "The coins go straight to Demo Shop's own wallet: you pay Demo Shop in crypto and keep none of it.",
    );
  });

  it('what the merchant fixed (amount, address) is shown read-only and says who set it', async () => {
    const fixed = {
      tranId: 'shop-9',
      tranType: 'buy',
      orderId: null,
      fiatCurrency: 'EUR',
      fiatAmt: '300.00',
      cryptoCurrency: 'USDT',
      cryptoAmt: null,
      network: 'TRX',
      userId: null,
      country: null,
      status: 'Initial',
      merchantName: 'Demo Shop',
      amountFixed: true,
      walletFixed: true,
      walletAddress: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      memo: null,
      kycLoginFail: null,
    };
    const { bodiesOf } = openTrade({ url: '/en/buy-crypto?tranId=shop-9', routes: { [PATHS.queryOrderByTranId]: () => fixed } });
    await formShown();
    expect(amountInput()).toHaveValue('300.00');
    expect(amountInput()).toHaveAttribute('readonly');
    expect(amountInput()).toHaveAccessibleDescription('Demo Shop set this amount.');
    expect(screen.queryByRole('button', { name: 'Enter the amount in USDT' })).not.toBeInTheDocument();
    const address = screen.getByLabelText('Your USDT address on Tron (TRC-20)');
    expect(address).toHaveValue('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
    expect(address).toHaveAttribute('readonly');
    expect(address).toHaveAccessibleDescription('Demo Shop set the address the coins go to.');
    expect(screen.queryByLabelText('Save this address for next time')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(bodiesOf(PATHS.getQuote)).toContainEqual(expect.objectContaining({ tranId: 'shop-9', fiatAmount: '300.00' })),
    );
  });

  it('a prefill (not fixed) keeps the amount and address editable', async () => {
    const prefill = {
      tranId: 'shop-10',
      tranType: 'buy',
      orderId: null,
      fiatCurrency: 'EUR',
      fiatAmt: '300.00',
      cryptoCurrency: 'USDT',
      cryptoAmt: null,
      network: 'TRX',
      userId: null,
      country: null,
      status: 'Initial',
      merchantName: 'Demo Shop',
      amountFixed: false,
      walletFixed: false,
      walletAddress: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      memo: null,
      kycLoginFail: null,
    };
    openTrade({ url: '/en/buy-crypto?tranId=shop-10', routes: { [PATHS.queryOrderByTranId]: () => prefill } });
    await formShown();
    expect(amountInput()).toHaveValue('300.00');
    expect(amountInput()).not.toHaveAttribute('readonly');
    expect(screen.getByLabelText('Your USDT address on Tron (TRC-20)')).not.toHaveAttribute('readonly');
  });

  it("a transaction that is not this person's to pay (ODR00001012) is forgotten: the page is a plain buy", async () => {
    storage.setItem(TRAN_ID_STORAGE_KEY, 'shop-11');
    openTrade({
      routes: {
        [PATHS.queryOrderByTranId]: () => {
          throw businessError(PATHS.queryOrderByTranId, 'ODR00001012');
        },
      },
    });
    await formShown();
    expect(amountInput()).toHaveValue('');
    await waitFor(() => expect(storedTranId()).toBeUndefined());
  });

  it('kycAddress: check-address says required → explains and links to account-status', async () => {
    const { user } = openTrade({ routes: { [PATHS.kycCheckAddress]: () => ({ required: true, address: null }) } });
    expect(await screen.findByRole('heading', { name: 'Add your home address' })).toBeInTheDocument();
    expect(stateOf()).toBe('kycAddress');
    await user.click(screen.getByRole('button', { name: 'Add my address' }));
    expect(await landedOn()).toBe('/en/account-status');
  });

  it("a verified business in the portal is never asked for a home address: its verification holds the company's", async () => {
    const { calls } = openTrade({
      path: '/:lng/corporation-portal/transaction',
      url: '/en/corporation-portal/transaction?type=buy&method=card',
      routes: { [PATHS.overview]: () => corporateOverview(), [PATHS.kycCheckAddress]: () => ({ required: true, address: null }) },
    });
    await formShown();
    expect(callsTo(calls, PATHS.kycCheckAddress)).toEqual([]);
  });

  it('unavailable: the buy feature switch is off', async () => {
    openTrade({
      routes: {
        [PATHS.featureSwitch]: () => [
          { label: 'buy', enable: false },
          { label: 'deposit', enable: true },
        ],
      },
    });
    expect(await screen.findByRole('heading', { name: 'Buying is unavailable' })).toBeInTheDocument();
    expect(stateOf()).toBe('unavailable');
  });

  it('unavailable: no fiat has a card-buy pair on CHECKOUT', async () => {
    openTrade({
      routes: {
        [PATHS.listCurrencyPairByBaseCurrency]: () => [
          {
            baseCurrency: 'EUR',
            cryptoCurrency: 'BTC',
            network: 'BTC',
            minAmount: '20',
            maxAmount: '100',
            channels: ['CLEAR_JUNCTION'],
            transactionTypes: ['buy'],
          },
        ],
      },
    });
    expect(await screen.findByRole('heading', { name: 'Buying is unavailable' })).toBeInTheDocument();
  });

  it('limit: the current tier has nothing left', async () => {
    const { user } = openTrade({ routes: { [PATHS.kycLimits]: () => limits('0.00') } });
    expect(await screen.findByRole('heading', { name: 'Limit reached' })).toBeInTheDocument();
    expect(stateOf()).toBe('limit');
    expect(screen.getByText('You have used your daily limit of 5,000 EUR. You can buy again tomorrow.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'View my orders' }));
    expect(await landedOn()).toBe('/en/history');
  });

  it('the Roma channel skips the limits call', async () => {
    document.cookie = 'isRoma=true; path=/';
    const { calls } = openTrade();
    await formShown();
    expect(callsTo(calls, PATHS.kycLimits)).toEqual([]);
  });

  it('TradingPairUnsupported: a link asking a pair that is not offered; Choose another coin opens the chooser', async () => {
    const { user, router } = openTrade({ url: '/en/buy-crypto?fiatCurrency=EUR&cryptoCurrency=DOGE&network=DOGE' });
    expect(await screen.findByRole('heading', { name: 'Trading pair unsupported' })).toBeInTheDocument();
    expect(stateOf()).toBe('TradingPairUnsupported');
    expect(screen.getByText('DOGE · DOGE · EUR cannot be bought by card. Choose another coin or network.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Choose another coin' }));
    expect(await screen.findByRole('dialog', { name: 'Choose a coin and network' })).toBeInTheDocument();
    expect(stateOf()).toBe('chooseCoin');
    expect(router.state.location.search).toBe('');
  });

  it('TradingPairUnsupported: a network the coin is not offered on, or a fiat without card buys', async () => {
    openTrade({ url: '/en/buy-crypto?cryptoCurrency=BTC&network=ETH' });
    expect(await screen.findByRole('heading', { name: 'Trading pair unsupported' })).toBeInTheDocument();
  });

  it('a link that asks an offered pair opens the form with it', async () => {
    openTrade({ url: '/en/buy-crypto?fiatCurrency=gbp&cryptoCurrency=BTC&network=BTC' });
    await formShown();
    expect(screen.getByLabelText('Pay in')).toHaveValue('GBP');
    expect(screen.getByLabelText('You spend (GBP)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Coin and network BTC \(Bitcoin\) on Bitcoin/ })).toBeInTheDocument();
  });

  it('trade: defaults to the first fiat and the first coin of the catalogue; the default wallet prefills the address', async () => {
    const { calls } = openTrade();
    await formShown();
    expect(stateOf()).toBe('trade');
    expect(screen.getByLabelText('Pay in')).toHaveValue('EUR');
    expect(screen.getByRole('button', { name: /BTC \(Bitcoin\) on Bitcoin/ })).toBeInTheDocument();
    expect(await screen.findByLabelText('Your BTC address on Bitcoin')).toHaveValue('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4');
    // The card pairs of every fiat in the setup; the Klarna pairs of the fiat shown, once the form is there.
    expect(callsTo(calls, PATHS.listCurrencyPairByBaseCurrency).map((c) => c.options)).toEqual([
      { query: { baseCurrency: 'GBP', channelCode: 'CHECKOUT', transactionType: 'buy' } },
      { query: { baseCurrency: 'EUR', channelCode: 'CHECKOUT', transactionType: 'buy' } },
      { query: { baseCurrency: 'EUR', channelCode: 'KLARNA', transactionType: 'buy' } },
    ]);
    expect(callsTo(calls, PATHS.authenticatorBindingStatus)).toEqual([]);
  });

  it('chooseCoin: a searchable sheet of coins with their networks; choosing one sets coin, network and address', async () => {
    const { user, calls } = openTrade();
    await formShown();
    await user.click(screen.getByRole('button', { name: /Coin and network/ }));
    const sheet = await screen.findByRole('dialog', { name: 'Choose a coin and network' });
    expect(
      within(sheet)
        .getAllByRole('group')
        .map((g) => g.getAttribute('aria-label')),
    ).toEqual(['Networks of BTC', 'Networks of USDT', 'Networks of XRP']);
    await user.type(within(sheet).getByLabelText('Search coins or networks'), 'tron');
    expect(within(sheet).getAllByRole('group')).toHaveLength(1);
    await user.click(within(sheet).getByRole('button', { name: 'USDT on Tron (TRC-20)' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: /USDT \(Tether USD\) on Tron \(TRC-20\)/ })).toBeInTheDocument();
    expect(await screen.findByLabelText('Your USDT address on Tron (TRC-20)')).toHaveValue('');
    expect(callsTo(calls, PATHS.listWallet).map((c) => c.body)).toContainEqual({ cryptoCurrency: 'USDT', network: 'TRX' });
  });

  it('chooseCoin: a search that matches nothing says so', async () => {
    const { user } = openTrade();
    await formShown();
    await user.click(screen.getByRole('button', { name: /Coin and network/ }));
    await user.type(await screen.findByLabelText('Search coins or networks'), 'doge');
    expect(screen.getByText('No coins found for "doge".')).toBeInTheDocument();
  });

  it('a failed setup call shows Try again, which asks again', async () => {
    let fail = true;
    const { user } = openTrade({
      routes: {
        [PATHS.listCurrency]: () => {
          if (fail) throw businessError(PATHS.listCurrency, '999999');
          return CURRENCIES;
        },
      },
    });
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await formShown()).toBeInTheDocument();
  });
});
