import { type CurrencyItem, PATHS } from '@causeway/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '@/test/render';
import { routedHttpClient } from '@/test/routed-http-client';
import type { OrderDetail } from '../api/orders-api';
import { ORDER_ID, orderDetail } from '../order-fixtures';
import { OrderSubmitFailPage } from './order-submit-fail-page';
import { ResultPage } from './result-page';

const CRYPTOS: CurrencyItem[] = [
  {
    currency: 'BTC',
    name: 'Bitcoin',
    assetType: 'crypto',
    decimals: 8,
    symbol: '₿',
    sort: 1,
    networks: [{ network: 'BTC', networkName: 'Bitcoin', decimals: 8, memoRequired: false, memoName: null }],
  },
];
const KLARNA_DECLINED_TEXT = 'Klarna did not approve this payment, so the order was not placed. Nothing was charged.';

/** A Klarna buy (no card) as get-detail answers it. */
const klarnaDetail = (overrides: Partial<OrderDetail>) =>
  orderDetail({ channelCode: 'KLARNA', paymentMethod: 'KLARNA', card: null, threeDsStatus: 'NOT_REQUIRED', ...overrides });

function openResult(detail: OrderDetail) {
  const fake = routedHttpClient({ [PATHS.listCurrency]: () => CRYPTOS, [PATHS.getOrderDetail]: () => detail });
  return renderPage(<ResultPage />, { path: '/:lng/result', url: `/en/result?orderId=${ORDER_ID}`, client: fake.client });
}

describe('the order pages of a Klarna buy', () => {
  it("order-submit-fail says Klarna's decline in its own words, without a card's line", async () => {
    renderPage(<OrderSubmitFailPage />, {
      path: '/:lng/order-submit-fail',
      url: `/en/order-submit-fail?orderId=${ORDER_ID}&reason=KLARNA_DECLINED`,
    });
    expect(await screen.findByText(KLARNA_DECLINED_TEXT)).toBeInTheDocument();
    expect(screen.queryByText(/Nothing was charged to your card/)).not.toBeInTheDocument();
  });

  it('the result page of a declined Klarna buy reads its reason, and no card line', async () => {
    openResult(klarnaDetail({ status: 'FAILED', failReason: 'KLARNA_DECLINED' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment failed' })).toBeInTheDocument();
    expect(screen.getByText(KLARNA_DECLINED_TEXT)).toBeInTheDocument();
    expect(screen.queryByText(/Nothing was charged to your card/)).not.toBeInTheDocument();
  });

  it("a Klarna buy under Klarna's review waits for Klarna, not for a bank's check", async () => {
    openResult(klarnaDetail({ status: 'OrderSubmitted' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Klarna is checking this payment' })).toBeInTheDocument();
    expect(screen.queryByText(/Your bank is checking/)).not.toBeInTheDocument();
  });
});
