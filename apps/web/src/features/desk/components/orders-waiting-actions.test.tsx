import { PATHS } from '@causeway/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { businessError, type Responder, type routedHttpClient } from '@/test/routed-http-client';
import { openDeskAt } from '../desk-test-kit';

// docs/rules/operator-desk.md "Acting on what waits": the Orders waiting screen's actions on a mocked server.

type Role = 'support' | 'compliance' | 'admin';

const ORDER_ID = '6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f';
const PAYOUT = {
  orderId: ORDER_ID,
  kind: 'payout' as const,
  status: 'PROCESSING',
  step: 'PAYOUT_REVIEW',
  since: '2026-03-02T10:00:00.000Z',
  reason: 'awaiting operator: the transfer is still pending',
  fiatAmount: '100.00',
  fiatCurrency: 'EUR',
  cryptoAmount: '0.0012345',
  cryptoCurrency: 'BTC',
  network: 'BTC',
};
const CREDIT = {
  creditId: 'bcr_one',
  currency: 'EUR',
  amount: '40.00',
  reference: 'for my order',
  payerName: 'Pat Payer',
  reason: 'UNKNOWN_PAYEE',
  receivedAt: '2026-03-02T09:00:00.000Z',
  toReturn: false,
};
const TX = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';

function openScreen(role: Role, routes: Record<string, Responder> = {}) {
  const waiting = { orders: [PAYOUT], suspenseCredits: [CREDIT], depositsOwed: [] };
  return { ...openDeskAt('/en/desk/orders', role, { [PATHS.deskOrdersWaiting]: () => waiting, ...routes }), waiting };
}

const listReads = (fake: ReturnType<typeof routedHttpClient>) => fake.calls.filter((c) => c.path === PATHS.deskOrdersWaiting).length;

describe('acting on what waits', () => {
  it('shows no action to a role without orders:act', async () => {
    openScreen('support');
    expect(await screen.findByText('Pat Payer', { exact: false })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Record the payout outcome/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Credit or return/ })).not.toBeInTheDocument();
  });

  it('records a payout as delivered: the choice, the transaction and a required reason, then the list is read again', async () => {
    const user = userEvent.setup();
    const { fake, waiting } = openScreen('compliance', {
      [PATHS.deskPayoutOutcome]: () => {
        waiting.orders = [];
        return { orderId: ORDER_ID, status: 'SUCCESS', step: 'DONE' };
      },
    });
    await user.click(await screen.findByRole('button', { name: `Record the payout outcome of order ${ORDER_ID}` }));
    const dialog = await screen.findByRole('dialog', { name: `Payout of order ${ORDER_ID}` });
    expect(within(dialog).getByRole('radio', { name: /Delivered/ })).toBeChecked();

    // Nothing is sent without the transaction and a reason; each problem is said at its field.
    await user.click(within(dialog).getByRole('button', { name: 'Record as delivered' }));
    expect(within(dialog).getByLabelText('Chain transaction id you checked')).toHaveAccessibleDescription(
      'Enter the transaction id as the explorer shows it: 16 to 128 letters and digits.',
    );
    expect(within(dialog).getByLabelText('Reason (required)')).toHaveAttribute('aria-invalid', 'true');
    expect(fake.bodiesOf(PATHS.deskPayoutOutcome)).toEqual([]);

    await user.type(within(dialog).getByLabelText('Chain transaction id you checked'), TX);
    await user.type(within(dialog).getByLabelText('Reason (required)'), 'Seen on the explorer');
    const readsBefore = listReads(fake);
    await user.click(within(dialog).getByRole('button', { name: 'Record as delivered' }));

    expect(await screen.findByText(`Order ${ORDER_ID} recorded as delivered: it ended successful.`)).toHaveAttribute('role', 'status');
    expect(fake.bodiesOf(PATHS.deskPayoutOutcome)).toEqual([
      { orderId: ORDER_ID, outcome: 'delivered', txHash: TX, reason: 'Seen on the explorer' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(listReads(fake)).toBeGreaterThan(readsBefore));
    expect(await screen.findByText('No order is waiting.')).toBeInTheDocument();
  });

  it('records not delivered by keyboard alone, with no transaction asked', async () => {
    const user = userEvent.setup();
    const { fake } = openScreen('admin', {
      [PATHS.deskPayoutOutcome]: () => ({ orderId: ORDER_ID, status: 'PROCESSING', step: 'REFUND' }),
    });
    const open = await screen.findByRole('button', { name: `Record the payout outcome of order ${ORDER_ID}` });
    open.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: `Payout of order ${ORDER_ID}` });
    within(dialog)
      .getByRole('radio', { name: /Delivered/ })
      .focus();
    await user.keyboard('{ArrowDown}');
    expect(within(dialog).getByRole('radio', { name: /Not delivered/ })).toBeChecked();
    expect(within(dialog).queryByLabelText('Chain transaction id you checked')).not.toBeInTheDocument();
    await user.click(within(dialog).getByLabelText('Reason (required)'));
    await user.keyboard('Custody cancelled it{Tab}{Tab}');
    await user.keyboard('{Enter}');
    expect(await screen.findByText(`Order ${ORDER_ID} recorded as not delivered: it is being refunded.`)).toHaveAttribute('role', 'status');
    expect(fake.bodiesOf(PATHS.deskPayoutOutcome)).toEqual([
      { orderId: ORDER_ID, outcome: 'not-delivered', reason: 'Custody cancelled it' },
    ]);
  });

  it('credits a credit in suspense to a person by reference', async () => {
    const user = userEvent.setup();
    const { fake } = openScreen('compliance', {
      [PATHS.deskSuspenseCredit]: () => ({
        creditId: 'bcr_one',
        resolution: 'ASSIGNED',
        userId: 'usr_ann',
        currency: 'EUR',
        amount: '40.00',
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Credit or return 40.00 EUR from Pat Payer' }));
    const dialog = await screen.findByRole('dialog', { name: '40.00 EUR from Pat Payer' });
    // Why it waits, in words (the server's code UNKNOWN_PAYEE).
    expect(dialog).toHaveTextContent('neither the account it arrived on nor its reference names anyone');
    await user.click(within(dialog).getByRole('button', { name: 'Credit to this person' }));
    expect(within(dialog).getByLabelText('Deposit reference (CW and 8 characters)')).toHaveAccessibleDescription(
      "Enter the person's deposit reference or account id.",
    );
    // Too short to be a reference: said at the field, nothing sent.
    await user.type(within(dialog).getByLabelText('Deposit reference (CW and 8 characters)'), 'CW7K');
    await user.type(within(dialog).getByLabelText('Reason (required)'), 'Payer called us');
    await user.click(within(dialog).getByRole('button', { name: 'Credit to this person' }));
    expect(within(dialog).getByLabelText('Deposit reference (CW and 8 characters)')).toHaveAccessibleDescription(
      expect.stringContaining('A deposit reference is CW and 8 characters'),
    );
    expect(fake.bodiesOf(PATHS.deskSuspenseCredit)).toEqual([]);
    await user.clear(within(dialog).getByLabelText('Deposit reference (CW and 8 characters)'));
    await user.clear(within(dialog).getByLabelText('Reason (required)'));
    await user.type(within(dialog).getByLabelText('Deposit reference (CW and 8 characters)'), 'CW7K3M9Q2X');
    await user.type(within(dialog).getByLabelText('Reason (required)'), 'Payer called us');
    await user.click(within(dialog).getByRole('button', { name: 'Credit to this person' }));
    expect(await screen.findByText('40.00 EUR credited to usr_ann.')).toHaveAttribute('role', 'status');
    expect(fake.bodiesOf(PATHS.deskSuspenseCredit)).toEqual([
      { creditId: 'bcr_one', action: 'assign', person: { reference: 'CW7K3M9Q2X' }, reason: 'Payer called us' },
    ]);
  });

  it('marks a credit to return; one marked already offers no action', async () => {
    const user = userEvent.setup();
    const { fake, waiting } = openScreen('compliance', {
      [PATHS.deskSuspenseCredit]: () => {
        waiting.suspenseCredits = [{ ...CREDIT, toReturn: true }];
        return { creditId: 'bcr_one', resolution: 'TO_RETURN', userId: null, currency: 'EUR', amount: '40.00' };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Credit or return 40.00 EUR from Pat Payer' }));
    const dialog = await screen.findByRole('dialog', { name: '40.00 EUR from Pat Payer' });
    await user.click(within(dialog).getByRole('radio', { name: /Send it back to the payer/ }));
    expect(within(dialog).queryByLabelText('Deposit reference (CW and 8 characters)')).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Reason (required)'), 'Third-party payment');
    await user.click(within(dialog).getByRole('button', { name: 'Mark to return' }));
    expect(await screen.findByText('40.00 EUR marked to return to the payer.')).toHaveAttribute('role', 'status');
    expect(fake.bodiesOf(PATHS.deskSuspenseCredit)).toEqual([{ creditId: 'bcr_one', action: 'return', reason: 'Third-party payment' }]);
    expect(await screen.findByText(/Marked to return: send it back in the bank's portal/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Credit or return/ })).not.toBeInTheDocument();
  });

  it('says a refusal in the dialog, in the desk’s words, and reads the list again when someone settled it first', async () => {
    const user = userEvent.setup();
    const { fake } = openScreen('compliance', {
      [PATHS.deskSuspenseCredit]: () => {
        throw businessError(PATHS.deskSuspenseCredit, 'DSK0000021');
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Credit or return 40.00 EUR from Pat Payer' }));
    const dialog = await screen.findByRole('dialog', { name: '40.00 EUR from Pat Payer' });
    await user.click(within(dialog).getByRole('radio', { name: /Send it back/ }));
    await user.type(within(dialog).getByLabelText('Reason (required)'), 'Unknown payer');
    const readsBefore = listReads(fake);
    await user.click(within(dialog).getByRole('button', { name: 'Mark to return' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'It no longer waits: another operator, the bank or the chain settled it first.',
    );
    await waitFor(() => expect(listReads(fake)).toBeGreaterThan(readsBefore));
    // Cancel closes it, the list stays.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
