import { ORDER_FAIL_REASONS } from '@causeway/contracts';
import { bundledTranslations } from '@causeway/translations';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage } from '@/test/render';
import { ORDER_ID } from '../order-fixtures';
import { OrderSubmitFailPage } from './order-submit-fail-page';

const open = (search: string) => {
  const view = renderPage(<OrderSubmitFailPage />, { path: '/:lng/order-submit-fail', url: `/en/order-submit-fail${search}` });
  return { ...view, user: userEvent.setup() };
};
const reasonTexts = (bundledTranslations.en.orders as { failReason: Record<string, string> }).failReason;

describe('order-submit-fail', () => {
  it('every fail reason of the contract has its own text', () => {
    const texts = ORDER_FAIL_REASONS.map((reason) => reasonTexts[reason]);
    expect(texts.every(Boolean)).toBe(true);
    expect(new Set(texts).size).toBe(ORDER_FAIL_REASONS.length);
  });

  it.each([
    ['THREE_DS_FAILED', "Your bank's security check did not succeed, so the payment was not made."],
    ['THREE_DS_EXPIRED', "Your bank's security check was not completed in time, so the payment was not made."],
    ['INSUFFICIENT_FUNDS', 'Insufficient balance: your card does not have enough funds for this order.'],
    ['DEADLINE_PASSED', 'Order expired: it was not completed in time.'],
    ['NO_RESPONSE', 'No response from server, please check the order at the history page'],
  ])('%s shows its text and the order id', async (reason, text) => {
    open(`?orderId=${ORDER_ID}&reason=${reason}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your order did not go through' })).toBeInTheDocument();
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.getByText(`Order ID: ${ORDER_ID}`)).toBeInTheDocument();
  });

  it.each(ORDER_FAIL_REASONS)('%s is shown with its own text', async (reason) => {
    open(`?orderId=${ORDER_ID}&reason=${reason}`);
    expect(await screen.findByText(reasonTexts[reason]!)).toBeInTheDocument();
  });

  it.each([[''], ['?reason=SOMETHING_ELSE'], ['?reason=constructor']])(
    'an unknown or missing reason (%j) reads as the generic failure',
    async (search) => {
      open(search);
      expect(await screen.findByText('Something went wrong, please try again')).toBeInTheDocument();
      expect(screen.queryByText(/^Order ID:/)).not.toBeInTheDocument();
    },
  );

  it.each(['CARD_DECLINED', 'INSUFFICIENT_FUNDS', 'THREE_DS_FAILED', 'THREE_DS_EXPIRED', 'PARTIAL_AUTH'])(
    '%s ends before any charge, and says nothing was charged',
    async (reason) => {
      open(`?orderId=${ORDER_ID}&reason=${reason}`);
      expect(await screen.findByText(/^Nothing was charged to your card\./)).toBeInTheDocument();
    },
  );

  it.each(['NO_RESPONSE', 'PROCESSOR_TIMEOUT', 'LIQUIDITY', 'PAYOUT_FAILED'])(
    '%s does not claim nothing was charged (unknown, or refunded once captured)',
    async (reason) => {
      open(`?orderId=${ORDER_ID}&reason=${reason}`);
      expect(await screen.findByRole('heading', { level: 1, name: 'Your order did not go through' })).toBeInTheDocument();
      expect(screen.queryByText(/Nothing was charged/)).not.toBeInTheDocument();
    },
  );

  it('Try again starts a new order on the card page', async () => {
    const { user } = open(`?orderId=${ORDER_ID}&reason=CARD_DECLINED`);
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect((await screen.findByTestId('elsewhere')).textContent).toBe('/en/card-buy-sell');
  });

  it.each(['NO_RESPONSE', 'PROCESSOR_TIMEOUT'])(
    '%s (the order may have gone through): Check this order opens its result page (which says when it was never created)',
    async (reason) => {
      const { user } = open(`?orderId=${ORDER_ID}&reason=${reason}`);
      await user.click(await screen.findByRole('button', { name: 'Check this order' }));
      expect((await screen.findByTestId('elsewhere')).textContent).toBe(`/en/result?orderId=${ORDER_ID}`);
    },
  );

  it.each(['NO_RESPONSE', 'PROCESSOR_TIMEOUT'])('%s never offers a new order (it could buy twice)', async (reason) => {
    open(`?orderId=${ORDER_ID}&reason=${reason}`);
    expect(await screen.findByRole('link', { name: 'View history' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('View history opens the history', async () => {
    const { user } = open(`?orderId=${ORDER_ID}&reason=NO_RESPONSE`);
    await user.click(await screen.findByRole('link', { name: 'View history' }));
    expect((await screen.findByTestId('elsewhere')).textContent).toBe('/en/history');
  });
});
