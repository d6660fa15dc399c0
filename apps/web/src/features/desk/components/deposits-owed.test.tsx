import { PATHS } from '@causeway/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { businessError, type Responder, type routedHttpClient } from '@/test/routed-http-client';
import type { DeskOrdersWaiting } from '../api/desk-api';
import { openDeskAt } from '../desk-test-kit';

// docs/rules/operator-desk.md "Acting on what waits", docs/rules/sell-deposits.md: crypto owed back from a sell's
// deposit, and closing a flagged payment, on the Orders waiting screen with a mocked server.

type Role = 'support' | 'compliance' | 'admin';

const ORDER_ID = '7a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
type Owed = DeskOrdersWaiting['depositsOwed'][number];

const FLAGGED: DeskOrdersWaiting['orders'][number] = {
  orderId: ORDER_ID,
  kind: 'payment',
  status: 'FAILED',
  step: 'DONE',
  since: '2026-03-02T08:00:00.000Z',
  reason: 'the deposit came after the window',
  fiatAmount: '100.00',
  fiatCurrency: 'EUR',
  cryptoAmount: '0.0012',
  cryptoCurrency: 'BTC',
  network: 'BTC',
};
const INCOMING_TX = 'f00dbabe0123456789abcdef0123456789abcdef0123456789abcdef01234567';
const OWED_BTC: Owed = {
  transferId: 'ctr_btc_one',
  orderId: ORDER_ID,
  outcome: 'OVER',
  asset: 'BTC',
  network: 'BTC',
  owed: '0.0005',
  txHash: INCOMING_TX,
  seenAt: '2026-03-02T09:30:00.000Z',
  returning: null,
  lastFailure: null,
};
const OWED_XRP: Owed = {
  ...OWED_BTC,
  transferId: 'ctr_xrp_one',
  outcome: 'LATE',
  asset: 'XRP',
  network: 'XRP',
  owed: '25',
};
const ADDRESS = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';
const XRP_ADDRESS = 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY';

function openScreen(role: Role, depositsOwed: Owed[], routes: Record<string, Responder> = {}) {
  const waiting: DeskOrdersWaiting = { orders: [FLAGGED], suspenseCredits: [], depositsOwed };
  return { ...openDeskAt('/en/desk/orders', role, { [PATHS.deskOrdersWaiting]: () => waiting, ...routes }), waiting };
}

const listReads = (fake: ReturnType<typeof routedHttpClient>) => fake.calls.filter((c) => c.path === PATHS.deskOrdersWaiting).length;

describe('crypto owed back', () => {
  it('lists what is owed, why and where from, under its own heading; support sees no Return or Close button', async () => {
    openScreen('support', [OWED_BTC]);
    const section = (await screen.findByRole('heading', { name: 'Crypto owed back', level: 2 })).closest('section');
    expect(section).not.toBeNull();
    const list = within(section as HTMLElement);
    expect(list.getByText('0.0005 BTC on BTC')).toBeInTheDocument();
    expect(list.getByText('Why: more than the order')).toBeInTheDocument();
    expect(list.getByText(ORDER_ID)).toBeInTheDocument();
    expect(list.getByText(INCOMING_TX)).toHaveClass('font-mono', 'break-all');
    expect(list.getByText(/^Seen /)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Return / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Close the flag/ })).not.toBeInTheDocument();
  });

  it('says when nothing is owed', async () => {
    openScreen('compliance', []);
    expect(await screen.findByText('No crypto is owed back.')).toBeInTheDocument();
  });

  it('sends it back: nothing goes without an address and a reason, then the transfer, the address and the reason', async () => {
    const user = userEvent.setup();
    const { fake, waiting } = openScreen('compliance', [OWED_BTC], {
      [PATHS.deskDepositReturn]: () => {
        waiting.depositsOwed = [
          { ...OWED_BTC, returning: { address: ADDRESS, memo: null, requestedAt: '2026-03-02T11:00:00.000Z', txHash: null } },
        ];
        return { transferId: 'ctr_btc_one', orderId: ORDER_ID, asset: 'BTC', network: 'BTC', amount: '0.0005' };
      },
    });
    const open = await screen.findByRole('button', { name: `Return 0.0005 BTC owed on order ${ORDER_ID}` });
    expect(open).toHaveTextContent('Return 0.0005 BTC');
    await user.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Return 0.0005 BTC on BTC' });
    expect(dialog).toHaveTextContent('more than the order');
    // Not XRP: no destination tag is asked.
    expect(within(dialog).queryByLabelText(/Destination tag/)).not.toBeInTheDocument();
    const address = within(dialog).getByLabelText('Address to send it to');
    expect(address).toHaveAttribute('autocomplete', 'off');
    expect(address).toHaveAttribute('spellcheck', 'false');

    await user.type(within(dialog).getByLabelText('Reason (required)'), 'no');
    await user.click(within(dialog).getByRole('button', { name: 'Send 0.0005 BTC back' }));
    expect(address).toHaveAttribute('aria-invalid', 'true');
    expect(address).toHaveAccessibleDescription(expect.stringContaining('Enter the address to send it to.'));
    expect(within(dialog).getByLabelText('Reason (required)')).toHaveAccessibleDescription(
      expect.stringContaining('Say why, in at least 3 characters.'),
    );
    expect(fake.bodiesOf(PATHS.deskDepositReturn)).toEqual([]);

    // An address but still a short reason: nothing is sent either.
    await user.type(address, `  ${ADDRESS} `);
    await user.click(within(dialog).getByRole('button', { name: 'Send 0.0005 BTC back' }));
    expect(fake.bodiesOf(PATHS.deskDepositReturn)).toEqual([]);

    await user.type(within(dialog).getByLabelText('Reason (required)'), 't ours: the person confirmed the wallet');
    const readsBefore = listReads(fake);
    await user.click(within(dialog).getByRole('button', { name: 'Send 0.0005 BTC back' }));
    expect(await screen.findByText(`0.0005 BTC is being sent back to ${ADDRESS}.`)).toHaveAttribute('role', 'status');
    expect(fake.bodiesOf(PATHS.deskDepositReturn)).toEqual([
      { transferId: 'ctr_btc_one', address: ADDRESS, reason: 'not ours: the person confirmed the wallet' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(listReads(fake)).toBeGreaterThan(readsBefore));
    expect(await screen.findByText(new RegExp(`^Returning to ${ADDRESS} since `))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Return / })).not.toBeInTheDocument();
  });

  it('asks XRP for its destination tag and sends it when filled', async () => {
    const user = userEvent.setup();
    const { fake } = openScreen('admin', [OWED_XRP], {
      [PATHS.deskDepositReturn]: () => ({ transferId: 'ctr_xrp_one', orderId: ORDER_ID, asset: 'XRP', network: 'XRP', amount: '25' }),
    });
    await user.click(await screen.findByRole('button', { name: `Return 25 XRP owed on order ${ORDER_ID}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Return 25 XRP on XRP' });
    expect(dialog).toHaveTextContent('after the deposit window');
    await user.type(within(dialog).getByLabelText('Address to send it to'), XRP_ADDRESS);
    await user.type(within(dialog).getByLabelText('Destination tag (optional)'), '123456');
    await user.type(within(dialog).getByLabelText('Reason (required)'), 'Late deposit, returned');
    await user.click(within(dialog).getByRole('button', { name: 'Send 25 XRP back' }));
    expect(await screen.findByText(`25 XRP is being sent back to ${XRP_ADDRESS}.`)).toHaveAttribute('role', 'status');
    expect(fake.bodiesOf(PATHS.deskDepositReturn)).toEqual([
      { transferId: 'ctr_xrp_one', address: XRP_ADDRESS, memo: '123456', reason: 'Late deposit, returned' },
    ]);
  });

  it('shows a return in flight with no action, and the last failure of another', async () => {
    const returning = {
      ...OWED_XRP,
      returning: { address: XRP_ADDRESS, memo: '42', requestedAt: '2026-03-02T11:00:00.000Z', txHash: 'ABCDEF0123456789ABCDEF' },
    };
    const failed = { ...OWED_BTC, transferId: 'ctr_btc_two', outcome: 'SHORT', lastFailure: 'custody refused: address on a blocklist' };
    openScreen('compliance', [returning, failed]);
    expect(await screen.findByText(new RegExp(`^Returning to ${XRP_ADDRESS} \\(tag 42\\) since `))).toBeInTheDocument();
    expect(screen.getByText('ABCDEF0123456789ABCDEF')).toHaveClass('font-mono');
    expect(screen.queryByRole('button', { name: /^Return 25 XRP/ })).not.toBeInTheDocument();
    expect(screen.getByText('Why: too little to sell')).toBeInTheDocument();
    expect(screen.getByText('The last return did not go: custody refused: address on a blocklist')).toBeInTheDocument();
    // A failed return is tried again from its row.
    expect(screen.getByRole('button', { name: `Return 0.0005 BTC owed on order ${ORDER_ID}` })).toBeInTheDocument();
  });

  it('says at the field an address that is not of the network, sending nothing', async () => {
    const user = userEvent.setup();
    const { fake } = openScreen('compliance', [OWED_BTC]);
    await user.click(await screen.findByRole('button', { name: /^Return 0.0005 BTC/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Return 0.0005 BTC on BTC' });
    const address = within(dialog).getByLabelText('Address to send it to');
    // An Ethereum address: well formed, but not of the deposit's network.
    await user.type(address, '0x52908400098527886E0F7030069857D2E4169EE7');
    await user.type(within(dialog).getByLabelText('Reason (required)'), 'Person asked');
    await user.click(within(dialog).getByRole('button', { name: 'Send 0.0005 BTC back' }));
    expect(address).toHaveAccessibleDescription(expect.stringContaining('This is not an address (or destination tag) of BTC'));
    expect(fake.bodiesOf(PATHS.deskDepositReturn)).toEqual([]);
  });

  it('says a destination tag the network refuses at the tag, sending nothing', async () => {
    const user = userEvent.setup();
    const { fake } = openScreen('compliance', [OWED_XRP]);
    await user.click(await screen.findByRole('button', { name: /^Return 25 XRP/ }));
    const dialog = await screen.findByRole('dialog', { name: /^Return 25 XRP/ });
    await user.type(within(dialog).getByLabelText('Address to send it to'), XRP_ADDRESS);
    const tag = within(dialog).getByLabelText('Destination tag (optional)');
    await user.type(tag, 'not-a-number');
    await user.type(within(dialog).getByLabelText('Reason (required)'), 'Late deposit, returned');
    await user.click(within(dialog).getByRole('button', { name: /^Send 25 XRP back/ }));
    expect(tag).toHaveAccessibleDescription(expect.stringContaining('This is not an address (or destination tag) of XRP'));
    expect(within(dialog).getByLabelText('Address to send it to')).not.toHaveAttribute('aria-invalid');
    expect(fake.bodiesOf(PATHS.deskDepositReturn)).toEqual([]);
  });

  it('says an address the server refuses in the dialog', async () => {
    const user = userEvent.setup();
    openScreen('compliance', [OWED_BTC], {
      [PATHS.deskDepositReturn]: () => {
        throw businessError(PATHS.deskDepositReturn, 'DSK0000027');
      },
    });
    await user.click(await screen.findByRole('button', { name: /^Return 0.0005 BTC/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Return 0.0005 BTC on BTC' });
    await user.type(within(dialog).getByLabelText('Address to send it to'), ADDRESS);
    await user.type(within(dialog).getByLabelText('Reason (required)'), 'Person asked');
    await user.click(within(dialog).getByRole('button', { name: 'Send 0.0005 BTC back' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      "This address (or its destination tag) is not valid on the deposit's network. Nothing was sent.",
    );
  });
});

describe('closing a flagged payment', () => {
  it('closes the flag with what was done, then the list is read again', async () => {
    const user = userEvent.setup();
    const { fake, waiting } = openScreen('compliance', [], {
      [PATHS.deskCloseFlag]: () => {
        waiting.orders = [];
        return { orderId: ORDER_ID };
      },
    });
    const open = await screen.findByRole('button', { name: `Close the flag of order ${ORDER_ID}` });
    open.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: `Close the flag of order ${ORDER_ID}` });
    const reason = within(dialog).getByLabelText('Reason (required)');
    expect(reason).toHaveAccessibleDescription('What was done about it, in a few words: kept with the order and in the audit log.');
    await user.click(within(dialog).getByRole('button', { name: 'Close the flag' }));
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(fake.bodiesOf(PATHS.deskCloseFlag)).toEqual([]);

    await user.type(reason, 'Refunded by bank, customer told');
    const readsBefore = listReads(fake);
    await user.click(within(dialog).getByRole('button', { name: 'Close the flag' }));
    expect(await screen.findByText(`The flag of order ${ORDER_ID} is closed.`)).toHaveAttribute('role', 'status');
    expect(fake.bodiesOf(PATHS.deskCloseFlag)).toEqual([{ orderId: ORDER_ID, reason: 'Refunded by bank, customer told' }]);
    await waitFor(() => expect(listReads(fake)).toBeGreaterThan(readsBefore));
    expect(await screen.findByText('No order is waiting.')).toBeInTheDocument();
  });

  it('says in the dialog that money is still owed, and the order stays', async () => {
    const user = userEvent.setup();
    openScreen('admin', [OWED_BTC], {
      [PATHS.deskCloseFlag]: () => {
        throw businessError(PATHS.deskCloseFlag, 'DSK0000026');
      },
    });
    await user.click(await screen.findByRole('button', { name: `Close the flag of order ${ORDER_ID}` }));
    const dialog = await screen.findByRole('dialog', { name: `Close the flag of order ${ORDER_ID}` });
    await user.type(within(dialog).getByLabelText('Reason (required)'), 'Looked into it');
    await user.click(within(dialog).getByRole('button', { name: 'Close the flag' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Something is still owed on this order (crypto to return, or sale proceeds to pay): settle it first.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: `Close the flag of order ${ORDER_ID}` })).toBeInTheDocument();
  });

  it('offers no Close on a payout row', async () => {
    const { waiting } = openScreen('compliance', []);
    waiting.orders = [{ ...FLAGGED, kind: 'payout', step: 'PAYOUT_REVIEW' }];
    expect(await screen.findByRole('button', { name: /Record the payout outcome/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Close the flag/ })).not.toBeInTheDocument();
  });
});
