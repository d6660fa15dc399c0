import { PATHS } from '@causeway/contracts';
import { bundledTranslations } from '@causeway/translations';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/http-errors';
import { MODE_STORAGE_KEY } from '@/lib/mode';
import { storage } from '@/lib/storage';
import { businessError, HEALTHY } from '@/test/routed-http-client';
import { CURRENCIES, openHome, SIGNED_OUT } from '../home-test-kit';

afterEach(() => {
  storage.removeItem('causeway.token.individual');
  storage.removeItem(MODE_STORAGE_KEY);
  document.cookie = 'fiatCurrency=; path=/; max-age=0';
  document.cookie = 'paymentMethod=; path=/; max-age=0';
});

const formShown = () => screen.findByRole('combobox', { name: 'You pay in' });
const amount = () => screen.getByLabelText('You spend (EUR)');
const panel = () => screen.getByRole('region', { name: 'At the current price' });
const youGet = () => screen.findByTestId('you-get');
const landedOn = async () => (await screen.findByTestId('elsewhere')).textContent;

describe('start page (/:lng)', () => {
  it('opens the buy form with a live price for 100 EUR of Bitcoin: what you get, the price and the fees, marked as an estimate', async () => {
    const { calls, estimatesAsked } = openHome();
    expect(screen.getByRole('heading', { level: 1, name: 'Buy crypto with your card' })).toBeInTheDocument();
    expect(await formShown()).toHaveValue('EUR');
    expect(amount()).toHaveValue('100');
    expect(screen.getByRole('combobox', { name: 'Coin' })).toHaveValue('BTC');
    expect(screen.getByRole('combobox', { name: 'Network' })).toHaveValue('BTC');
    expect(screen.getByText('Between 20 and 20,000 EUR')).toBeInTheDocument();

    expect(await youGet()).toHaveTextContent('You get ≈ 0.00150449 BTC');
    const figures = within(panel());
    expect(figures.getByText('1 BTC ≈ 63,117.44 EUR')).toBeInTheDocument();
    expect(figures.getByText('Our fee (2.5%)').nextSibling).toHaveTextContent('2.50 EUR');
    expect(figures.getByText('Network fee').nextSibling).toHaveTextContent('2.54 EUR');
    expect(figures.getByText('Total fees').nextSibling).toHaveTextContent('5.04 EUR');
    expect(figures.getByText('An estimate: the price is fixed when you buy, after you sign in.')).toBeInTheDocument();
    // Announced to a screen reader, once.
    expect(within(panel()).getByRole('status')).toHaveTextContent('You get ≈ 0.00150449 BTC');

    expect(estimatesAsked()).toEqual([{ fiatCurrency: 'EUR', cryptoCurrency: 'BTC', network: 'BTC', fiatAmount: '100' }]);
    // Every call is public, and silent: a failure is the page's to show.
    for (const call of calls) expect(call.options, call.path).toMatchObject({ silent: true });
  });

  it('offers only the fiats sold by card, and the coins and networks of the fiat chosen, in catalogue order', async () => {
    const { user, estimatesAsked } = openHome();
    const fiat = await formShown();
    expect(
      within(fiat)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['EUR · Euro', 'GBP · Pound sterling']);
    const coin = screen.getByRole('combobox', { name: 'Coin' });
    expect(
      within(coin)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['BTC · Bitcoin', 'USDT · Tether USD']);

    await user.selectOptions(coin, 'USDT');
    const networkSelect = screen.getByRole('combobox', { name: 'Network' });
    expect(
      within(networkSelect)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Ethereum (ERC-20)', 'Tron (TRC-20)']);
    expect(networkSelect).toHaveValue('ETH');
    await user.selectOptions(networkSelect, 'TRX');
    await waitFor(() =>
      expect(estimatesAsked().at(-1)).toEqual({ fiatCurrency: 'EUR', cryptoCurrency: 'USDT', network: 'TRX', fiatAmount: '100' }),
    );
    expect(await youGet()).toHaveTextContent('You get ≈ 0.00150449 USDT');

    // GBP buys no USDT: its first coin instead.
    await user.selectOptions(fiat, 'GBP');
    expect(screen.getByRole('combobox', { name: 'Coin' })).toHaveValue('BTC');
    expect(screen.getByLabelText('You spend (GBP)')).toHaveValue('100');
    expect(screen.getByText('Between 20 and 17,000 GBP')).toBeInTheDocument();
  });

  it('asks the price once typing has settled (as the trade form does), and keeps the amount to the fiat decimals', async () => {
    const { user, estimatesAsked } = openHome();
    await formShown();
    await youGet();
    await user.clear(amount());
    await user.type(amount(), '250.555');
    expect(amount()).toHaveValue('250.55');
    await waitFor(() => expect(estimatesAsked().at(-1)?.fiatAmount).toBe('250.55'));
    expect(estimatesAsked().map((query) => query.fiatAmount)).toEqual(['100', '250.55']);
  });

  it('says what the pair takes for an amount outside its range, and asks no price for it', async () => {
    const { user, estimatesAsked } = openHome();
    await formShown();
    await youGet();
    await user.clear(amount());
    await user.type(amount(), '5');
    expect(await screen.findByText('Enter an amount between 20 and 20,000 EUR.')).toBeInTheDocument();
    expect(amount()).toHaveAttribute('aria-invalid', 'true');
    expect(within(panel()).getByText('Enter an amount to see what you get.')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(estimatesAsked()).toHaveLength(1);

    // Continue waits for an amount it can take: it puts the person back on the field.
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(amount()).toHaveFocus();
    expect(screen.queryByTestId('elsewhere')).not.toBeInTheDocument();
  });

  it.each([
    ['PricesUnavailable', 'ODR00001003', 'Prices are unavailable right now. Try again in a moment.'],
    ['TradingPairUnsupported', 'ODR00001002', 'BTC on this network cannot be bought with EUR by card. Choose another coin or network.'],
    ['TransactionLimitExceeded', 'ODR00001001', 'Enter an amount between 20.00 and 20000.00 EUR.'],
  ])('says why there is no price (%s)', async (_name, code, text) => {
    openHome({
      routes: {
        [PATHS.estimateBuy]: () =>
          Promise.reject(
            new ApiError({
              kind: 'business',
              path: PATHS.estimateBuy,
              code,
              msg: '',
              httpStatus: 400,
              data: { minAmount: '20.00', maxAmount: '20000.00', currency: 'EUR' },
            }),
          ),
      },
    });
    expect(await within(await screen.findByRole('region', { name: 'At the current price' })).findByRole('alert')).toHaveTextContent(text);
    expect(screen.queryByTestId('you-get')).not.toBeInTheDocument();
  });

  it('says when the price is asked too often', async () => {
    openHome({
      routes: {
        [PATHS.estimateBuy]: () =>
          Promise.reject(
            new ApiError({
              kind: 'business',
              path: PATHS.estimateBuy,
              code: 'REQ0000429',
              msg: '',
              httpStatus: 429,
              retryAfterSeconds: 30,
            }),
          ),
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Try again in 1 minute.');
  });

  it("says when the server does not answer (its own words: the app's speak of orders)", async () => {
    openHome({
      routes: {
        [PATHS.estimateBuy]: () => Promise.reject(new ApiError({ kind: 'network', path: PATHS.estimateBuy, msg: 'Network error' })),
      },
    });
    // Asked once more first (a second after): an answer that never came may come.
    expect(await screen.findByRole('alert', {}, { timeout: 4000 })).toHaveTextContent(
      'No answer from the server. Check your connection and try again.',
    );
  });

  it('Continue leads to sign-in, which comes back to the card trade page with the choices', async () => {
    const { user, router } = openHome();
    await formShown();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Coin' }), 'USDT');
    await user.clear(amount());
    await user.type(amount(), '250');
    // The choices go into the page's URL too (replacing it): Back from the sign-in page finds them.
    await waitFor(() => expect(router.state.location.search).toBe('?fiatCurrency=EUR&cryptoCurrency=USDT&network=ETH&fiatAmount=250'));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const landed = await landedOn();
    const url = new URL(landed!, 'http://app.test');
    expect(url.pathname).toBe('/en/login-v2');
    expect(url.searchParams.get('next')).toBe('card-buy-sell?fiatCurrency=EUR&cryptoCurrency=USDT&network=ETH&fiatAmount=250');
  });

  it('opens with the choices of its URL when they are offered (Back from sign-in), and the defaults for the rest', async () => {
    const { estimatesAsked } = openHome({ url: '/en?fiatCurrency=gbp&cryptoCurrency=BTC&network=BTC&fiatAmount=55.555' });
    expect(await formShown()).toHaveValue('GBP');
    expect(screen.getByLabelText('You spend (GBP)')).toHaveValue('55.55');
    await youGet();
    expect(estimatesAsked()).toEqual([{ fiatCurrency: 'GBP', cryptoCurrency: 'BTC', network: 'BTC', fiatAmount: '55.55' }]);
  });

  it('ignores choices it does not offer, and starts with the fiat remembered from an earlier visit', async () => {
    document.cookie = 'fiatCurrency=GBP; path=/';
    openHome({ url: '/en?fiatCurrency=AED&cryptoCurrency=DOGE&network=DOGE&fiatAmount=abc' });
    expect(await formShown()).toHaveValue('GBP');
    expect(screen.getByRole('combobox', { name: 'Coin' })).toHaveValue('BTC');
    expect(screen.getByLabelText('You spend (GBP)')).toHaveValue('100');
  });

  it('shows why the form cannot open, and tries again', async () => {
    let fail = true;
    const { user } = openHome({
      routes: {
        [PATHS.listCurrency]: () =>
          fail ? Promise.reject(new ApiError({ kind: 'network', path: PATHS.listCurrency, msg: 'Network error' })) : CURRENCIES,
      },
    });
    expect(await screen.findByText('No answer from the server. Check your connection and try again.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Buy crypto with your card' })).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await formShown()).toHaveValue('EUR');
  });

  it('links the sandbox tools on an install that has them, and not otherwise', async () => {
    openHome();
    expect(await screen.findByRole('link', { name: 'Testing this install? Test cards and sandbox tools' })).toHaveAttribute(
      'href',
      '/en/sandbox',
    );
  });

  it('has no sandbox link on an install without sandbox tools', async () => {
    openHome({ routes: { [PATHS.health]: () => ({ ...HEALTHY, sandboxTools: [] }) } });
    await youGet();
    expect(screen.queryByRole('link', { name: /sandbox tools/ })).not.toBeInTheDocument();
  });

  it('speaks Chinese', async () => {
    const { i18n } = openHome({ url: '/zh' });
    await youGet();
    await act(async () => {
      i18n.addResourceBundle('zh', 'translation', bundledTranslations.zh);
      await i18n.changeLanguage('zh');
    });
    expect(screen.getByRole('heading', { level: 1, name: '用银行卡购买加密货币' })).toBeInTheDocument();
    expect(screen.getByLabelText('支付金额（EUR）')).toHaveValue('100');
    expect(screen.getByTestId('you-get')).toHaveTextContent('您将获得 ≈ 0.00150449 BTC');
    expect(screen.getByRole('button', { name: '继续' })).toBeInTheDocument();
  });

  describe('a signed-in visitor', () => {
    const signedIn = (userType: 'Individual' | 'Corporate' = 'Individual') => ({
      [PATHS.checkLoginStatus]: () => ({ ...SIGNED_OUT, isLogin: true, email: 'ann@example.com', userType, mode: 'individual' }),
    });
    const withToken = () => storage.setItem('causeway.token.individual', { token: 'tok-1', validTime: Date.now() + 3_600_000 });

    it('goes to the dashboard, without seeing the form', async () => {
      withToken();
      openHome({ routes: signedIn() });
      expect(await landedOn()).toBe('/en/dashboard');
    });

    it('goes to the card trade page with the choices in the URL', async () => {
      withToken();
      openHome({ url: '/en?fiatCurrency=EUR&cryptoCurrency=BTC&network=BTC&fiatAmount=80', routes: signedIn() });
      expect(await landedOn()).toBe('/en/card-buy-sell?fiatCurrency=EUR&cryptoCurrency=BTC&network=BTC&fiatAmount=80');
    });

    it('goes where a stored payment method leads', async () => {
      withToken();
      document.cookie = 'paymentMethod=CARD; path=/';
      openHome({ routes: signedIn() });
      expect(await landedOn()).toBe('/en/card-buy-sell');
    });

    it('a business goes to its portal', async () => {
      withToken();
      openHome({ routes: signedIn('Corporate') });
      expect(await landedOn()).toBe('/en/corporation-portal/home');
    });

    it('with a token the server no longer takes, sees the form', async () => {
      withToken();
      openHome({ routes: { [PATHS.checkLoginStatus]: () => Promise.reject(businessError(PATHS.checkLoginStatus, 'USER0000001')) } });
      expect(await formShown()).toBeInTheDocument();
    });
  });
});
