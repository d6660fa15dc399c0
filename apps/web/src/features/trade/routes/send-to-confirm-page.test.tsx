import { type OrderInfo, PATHS } from '@causeway/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage } from '@/test/render';
import { businessError, routedHttpClient } from '@/test/routed-http-client';
import { isBuySendConfirmed } from '../buy-send';
import { SendToConfirmPage } from './send-to-confirm-page';

const INFO: OrderInfo = {
  tranId: 'send-1',
  tranType: 'BUY_SEND',
  orderId: null,
  fiatCurrency: 'EUR',
  fiatAmt: '60.00',
  cryptoCurrency: 'BTC',
  cryptoAmt: null,
  network: 'BTC',
  userId: null,
  country: null,
  status: 'Initial',
  merchantName: 'Sandbox Demo Shop',
  amountFixed: true,
  walletFixed: true,
  walletAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  memo: null,
  kycLoginFail: null,
};

function open(info: OrderInfo | null, url = '/en/sendto-confirm?tranId=send-1') {
  const fake = routedHttpClient({
    [PATHS.queryOrderByTranId]: () => {
      if (!info) throw businessError(PATHS.queryOrderByTranId, 'ODR00001012');
      return info;
    },
  });
  const view = renderPage(<SendToConfirmPage />, { path: '/:lng/sendto-confirm', url, client: fake.client });
  return { ...view, ...fake, user: userEvent.setup() };
}

describe('sendto-confirm (buy-and-send)', () => {
  it("names the merchant, the amount, the network and the merchant's wallet, and Confirm opens the buy page for that transaction", async () => {
    const { user } = open(INFO);
    expect(await screen.findByRole('heading', { level: 1, name: 'Send to Sandbox Demo Shop' })).toBeInTheDocument();
    expect(screen.getByText('60.00 EUR')).toBeInTheDocument();
    expect(screen.getByText(INFO.walletAddress!)).toBeInTheDocument();
    expect(screen.getByText('BTC at the price quoted on the next page')).toBeInTheDocument();
    expect(isBuySendConfirmed('send-1')).toBe(false);
    await user.keyboard('{Tab}');
    await user.click(screen.getByRole('button', { name: /Confirm and pay/ }));
    expect((await screen.findByTestId('elsewhere')).textContent).toBe('/en/buy-crypto?tranId=send-1');
    expect(isBuySendConfirmed('send-1')).toBe(true);
  });

  it("a transaction that is paid, not buy-and-send, or not this account's shows that nothing is to send, with the history link", async () => {
    for (const info of [{ ...INFO, status: 'Success' }, { ...INFO, tranType: 'buy' as const }, null]) {
      const view = open(info);
      expect(await screen.findByRole('heading', { name: 'Nothing to send' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'See your transaction history' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /Confirm and pay/ })).not.toBeInTheDocument();
      view.unmount();
    }
  });
});
