import { PATHS } from '@causeway/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { businessError } from '@/test/routed-http-client';
import { openDeskAt } from './desk-test-kit';

// docs/rules/operator-desk.md "Fees and limits": an admin changes the fees and limits in place; each row says what
// the server answered (before → after) or why it refused.

const asSeeded = { updatedAt: null, updatedBy: null };
const fees = (checkoutRate: string) => ({
  channels: [
    { channelCode: 'CHECKOUT', feeRate: checkoutRate, ...asSeeded },
    { channelCode: 'KLARNA', feeRate: '0.035', ...asSeeded },
  ],
  spreads: [
    { cryptoCurrency: null, spreadRate: '0.01', ...asSeeded },
    { cryptoCurrency: 'USDT', spreadRate: '0.005', ...asSeeded },
  ],
  networks: [{ network: 'ETH', nativeCoin: 'ETH', nativeTransfer: '0.0001', tokenTransfer: '0.0004', ...asSeeded }],
  promotion: { firstTransactions: 3, discountRate: '0.5', ...asSeeded },
  bounds: { feeRateMax: '0.25', spreadRateMax: '0.1', discountRateMax: '1', promotionTransactionsMax: 100 },
});
const TIERS = { tiers: [{ kycLevel: 1, DAILY: '5000', MONTHLY: '15000', YEARLY: '50000', currency: 'EUR', ...asSeeded }] };

function openFees() {
  let checkoutRate = '0.025';
  return openDeskAt('/en/desk/fees', 'admin', {
    [PATHS.deskFees]: () => fees(checkoutRate),
    [PATHS.deskLimitTiers]: () => TIERS,
    [PATHS.deskChangeChannelFee]: (body: { channelCode: string; feeRate: string }) => {
      const before = checkoutRate;
      checkoutRate = body.feeRate;
      return { setting: `fees.channel.${body.channelCode}`, before: { channelCode: 'CHECKOUT', feeRate: before }, after: body };
    },
  }).fake;
}

describe('the fees and limits screen', () => {
  it('lists every table, and saves a channel fee in place, saying what the server answered', async () => {
    const user = userEvent.setup();
    const fake = openFees();
    expect(await screen.findByRole('heading', { level: 1, name: 'Fees and limits' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Desk sections' })).getByRole('link', { name: 'Fees and limits' }),
    ).toHaveAttribute('aria-current', 'page');
    for (const table of ['Our fee by channel', 'Spreads', 'Network fees', 'First-orders promotion', 'Verification tier limits'])
      expect(await screen.findByRole('table', { name: table })).toBeInTheDocument();
    // Each table scrolls in its own box, which the keyboard can reach.
    expect(screen.getByRole('group', { name: 'Network fees' })).toHaveAttribute('tabindex', '0');

    const rate = screen.getByRole('textbox', { name: 'Fee rate of CHECKOUT' });
    expect(rate).toHaveValue('0.025');
    await user.clear(rate);
    await user.type(rate, '0.03{Enter}');
    expect(fake.bodiesOf(PATHS.deskChangeChannelFee)).toEqual([{ channelCode: 'CHECKOUT', feeRate: '0.03' }]);
    expect(await screen.findByText('Saved fees.channel.CHECKOUT: Fee rate: 0.025 → 0.03.')).toHaveAttribute('role', 'status');
    // Read again: the row holds the saved value.
    expect(await screen.findByDisplayValue('0.03')).toBe(screen.getByRole('textbox', { name: 'Fee rate of CHECKOUT' }));
  });

  it('refuses a value that is no decimal before asking, and shows the server’s refusal', async () => {
    const user = userEvent.setup();
    const fake = openFees();
    const rate = await screen.findByRole('textbox', { name: 'Fee rate of KLARNA' });
    await user.clear(rate);
    await user.type(rate, '3%');
    await user.click(screen.getByRole('button', { name: 'Save KLARNA' }));
    expect(await screen.findByText('Fee rate: a decimal number from 0 to 0.25, at most 6 decimals, e.g. 0.025.')).toBeInTheDocument();
    expect(rate).toHaveAttribute('aria-invalid', 'true');
    expect(fake.bodiesOf(PATHS.deskChangeChannelFee)).toEqual([]);

    fake.routes[PATHS.deskChangeChannelFee] = () => {
      throw businessError(PATHS.deskChangeChannelFee, 'SET0000001', 'feeRate: must be at most 0.25');
    };
    await user.clear(rate);
    await user.type(rate, '0.3');
    await user.click(screen.getByRole('button', { name: 'Save KLARNA' }));
    expect(await screen.findByText('Not saved: feeRate: must be at most 0.25')).toBeInTheDocument();
    expect(fake.bodiesOf(PATHS.deskChangeChannelFee)).toEqual([{ channelCode: 'KLARNA', feeRate: '0.3' }]);
  });

  it('is not offered to a role without config:change', async () => {
    const { fake } = openDeskAt('/en/desk/fees', 'compliance', {
      [PATHS.deskPeople]: () => ({ total: 0, page: 1, pageSize: 20, people: [] }),
    });
    const menu = await screen.findByRole('navigation', { name: 'Desk sections' });
    expect(within(menu).queryByRole('link', { name: 'Fees and limits' })).not.toBeInTheDocument();
    expect(fake.calls.map((call) => call.path)).not.toContain(PATHS.deskFees);
  });
});
