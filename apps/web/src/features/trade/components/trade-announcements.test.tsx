import { PATHS } from '@causeway/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/http-errors';
import { amountInput, formShown, landedOn, openTrade } from '../trade-test-kit';

describe('trade page for screen readers', () => {
  it('processing: a status region that was there before says so, the heading takes the focus, nothing is aria-busy', async () => {
    let answer: (value: unknown) => void = () => {};
    const { user } = openTrade({ routes: { [PATHS.submitBuy]: () => new Promise((resolve) => (answer = resolve)) } });
    await formShown();
    await screen.findByDisplayValue('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4');
    const live = screen.getByRole('status');
    expect(live).toHaveTextContent('');
    await user.type(amountInput(), '100');
    await screen.findByText('1 BTC = 61,234.50 EUR');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Pay 100.00 EUR' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Processing your payment…' });
    expect(heading).toHaveFocus();
    expect(live).toBeInTheDocument();
    expect(live).toHaveTextContent('Processing your payment…');
    expect(document.querySelector('[aria-busy="true"]')).toBeNull();
    answer({ orderId: 'x', status: 'PROCESSING', threeDsUrl: null, failReason: null });
    await landedOn();
  });

  it('an amount out of range is the amount field’s own error: aria-invalid and described by it', async () => {
    const { user } = openTrade();
    await formShown();
    await screen.findByText('Between 20 and 5,000 EUR');
    await user.type(amountInput(), '19.99');
    await screen.findByText('Transaction Limit Exceeded. Enter an amount between 20 and 5,000 EUR.');
    expect(amountInput()).toHaveAttribute('aria-invalid', 'true');
    expect(amountInput()).toHaveAccessibleDescription('Transaction Limit Exceeded. Enter an amount between 20 and 5,000 EUR.');
    await user.clear(amountInput());
    await user.type(amountInput(), '100');
    await screen.findByText('1 BTC = 61,234.50 EUR');
    expect(amountInput()).not.toHaveAttribute('aria-invalid');
  });

  it("the server's limit for this person is the amount field's error too", async () => {
    const { user } = openTrade({
      routes: {
        [PATHS.getQuote]: () => {
          throw new ApiError({
            kind: 'business',
            path: PATHS.getQuote,
            code: 'ODR00001001',
            msg: '',
            httpStatus: 400,
            data: { minAmount: '50', maxAmount: '5000', currency: 'EUR' },
          });
        },
      },
    });
    await formShown();
    await user.type(amountInput(), '30');
    await screen.findByText('Transaction Limit Exceeded. Enter an amount between 50 and 5,000 EUR.');
    expect(amountInput()).toHaveAttribute('aria-invalid', 'true');
    expect(amountInput()).toHaveAccessibleDescription('Transaction Limit Exceeded. Enter an amount between 50 and 5,000 EUR.');
  });
});
