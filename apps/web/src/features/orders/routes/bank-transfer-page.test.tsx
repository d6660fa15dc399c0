import { type AccountOverview, PATHS } from '@causeway/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BUY_TARGET_STORAGE_KEY } from '@/lib/buy-after-verification';
import { storage } from '@/lib/storage';
import { accountOverview } from '@/test/account-overview';
import { renderPage } from '@/test/render';
import { businessError, type Responder, routedHttpClient } from '@/test/routed-http-client';
import { balance, bankingRoutes, bankInstructions } from '../banking-fixtures';
import type { Balance, BankCurrency } from '../hooks/use-banking';
import { BankTransferPage } from './bank-transfer-page';

interface Opening {
  url?: string;
  balances?: Balance[];
  deposit?: boolean;
  instructions?: Responder;
  overview?: AccountOverview;
}

function openPage({
  url = '/en/banktransfer-buy',
  balances = [],
  deposit = true,
  instructions,
  overview = accountOverview(),
}: Opening = {}) {
  const fake = routedHttpClient({
    ...bankingRoutes({ balances, deposit }),
    [PATHS.overview]: () => overview,
    [PATHS.bankTransferInstructions]: instructions ?? ((body: { currency: BankCurrency }) => bankInstructions(body.currency)),
  });
  const view = renderPage(<BankTransferPage />, { path: '/:lng/banktransfer-buy', url, client: fake.client });
  return { ...view, ...fake, user: userEvent.setup() };
}

/** The bank details section, once its heading (which names the scheme) is there. */
const details = async (name: string) => within((await screen.findByRole('heading', { level: 2, name })).closest('section')!);
/** The value shown under a label of a details list. */
const valueOf = (box: ReturnType<typeof within>, label: string) => box.getByText(label, { selector: 'dt' }).nextElementSibling;
const refusal = (code: string) => businessError(PATHS.bankTransferInstructions, code, '');

describe('banktransfer-buy: deposit by bank transfer', () => {
  it('shows the EUR account by default: name, IBAN and BIC, bank, the reference in large type, minimum, arrival and the own-name rule', async () => {
    const { bodiesOf } = openPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Deposit by bank transfer' })).toBeInTheDocument();
    const box = await details('Send EUR by SEPA transfer');
    expect(screen.getByRole('radio', { name: 'EUR' })).toBeChecked();
    expect(bodiesOf(PATHS.bankTransferInstructions)).toEqual([{ currency: 'EUR' }]);
    expect(valueOf(box, 'Account name')).toHaveTextContent('Ann Example');
    expect(valueOf(box, 'IBAN')).toHaveTextContent('LT12 1000 0111 0100 1000');
    expect(valueOf(box, 'BIC')).toHaveTextContent('SANDLT22');
    expect(box.queryByText('Sort code')).not.toBeInTheDocument();
    expect(valueOf(box, 'Bank name')).toHaveTextContent('Sandbox Bank');
    expect(valueOf(box, 'Bank address')).toHaveTextContent('1 Sandbox Street, London EC1A 1AA');
    expect(box.getByText('Always include this reference')).toBeInTheDocument();
    expect(box.getByText('CW7K2M9QX')).toHaveClass('text-2xl', 'font-mono');
    expect(valueOf(box, 'Minimum amount')).toHaveTextContent('1.00 EUR');
    expect(valueOf(box, 'Arrives in')).toHaveTextContent('1-2 business days by bank transfer, instant by SEPA Instant');
    expect(box.getByText(/Send from a bank account in your own name \(Ann Example\)\./)).toHaveTextContent(
      "Money from someone else's account is held for review.",
    );
  });

  it('GBP: asks for the GBP account and shows its sort code and account number, by Faster Payments; the choice stays in the URL', async () => {
    const { user, bodiesOf, router } = openPage();
    await details('Send EUR by SEPA transfer');
    await user.click(screen.getByRole('radio', { name: 'GBP' }));
    const box = await details('Send GBP by Faster Payments');
    expect(bodiesOf(PATHS.bankTransferInstructions)).toEqual([{ currency: 'EUR' }, { currency: 'GBP' }]);
    expect(router.state.location.search).toBe('?currency=GBP');
    expect(valueOf(box, 'Sort code')).toHaveTextContent('04-00-04');
    expect(valueOf(box, 'Account number')).toHaveTextContent('12345678');
    expect(box.queryByText('IBAN')).not.toBeInTheDocument();
    expect(valueOf(box, 'Minimum amount')).toHaveTextContent('10.00 GBP');
    expect(valueOf(box, 'Arrives in')).toHaveTextContent('About 2 hours by Faster Payments');
    // Back to EUR: the account already shown is not asked for again.
    await user.click(screen.getByRole('radio', { name: 'EUR' }));
    await details('Send EUR by SEPA transfer');
    expect(bodiesOf(PATHS.bankTransferInstructions)).toHaveLength(2);
  });

  it('the currency is chosen by keyboard: the arrow keys move between EUR and GBP', async () => {
    const { user } = openPage();
    await details('Send EUR by SEPA transfer');
    await user.tab();
    expect(screen.getByRole('radio', { name: 'EUR' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(await screen.findByRole('radio', { name: 'GBP', checked: true })).toHaveFocus();
    await details('Send GBP by Faster Payments');
  });

  it('opens on the currency a link names (?currency=gbp)', async () => {
    openPage({ url: '/en/banktransfer-buy?currency=gbp' });
    await details('Send GBP by Faster Payments');
    expect(screen.getByRole('radio', { name: 'GBP' })).toBeChecked();
  });

  it('every detail has its Copy button, which copies the value', async () => {
    const { user } = openPage();
    const box = await details('Send EUR by SEPA transfer');
    const copies = box.getAllByRole('button', { name: /^Copy / }).map((button) => button.getAttribute('aria-label'));
    expect(copies).toEqual(['Copy Account name', 'Copy IBAN', 'Copy BIC', 'Copy Bank name', 'Copy Bank address', 'Copy Reference']);
    await user.click(box.getByRole('button', { name: 'Copy IBAN' }));
    await expect(navigator.clipboard.readText()).resolves.toBe('LT12 1000 0111 0100 1000');
    await user.click(box.getByRole('button', { name: 'Copy Reference' }));
    await expect(navigator.clipboard.readText()).resolves.toBe('CW7K2M9QX');
    expect(within(valueOf(box, 'Reference') as HTMLElement).getByRole('status')).toHaveTextContent('Copied');
  });

  it("shows the chosen currency's balance (none yet reads 0) and refreshes it", async () => {
    let balances = [balance('BTC', '0.1', 'crypto')];
    const { user, routes, calls } = openPage();
    routes[PATHS.listBalance] = () => ({ balances });
    const section = within((await screen.findByRole('heading', { level: 2, name: 'Your EUR balance' })).closest('section')!);
    // A live region: the amount a refresh brings is read out.
    expect(await section.findByText('0.00 EUR')).toHaveAttribute('role', 'status');
    balances = [balance('EUR', '250'), ...balances];
    await user.click(section.getByRole('button', { name: 'Refresh balance' }));
    expect(await section.findByText('250.00 EUR')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === PATHS.listBalance).length).toBeGreaterThanOrEqual(2);
  });

  it('not verified yet (ODR00001004): says so and links to verification, which comes back here', async () => {
    const { user, reported } = openPage({
      instructions: () => {
        throw refusal('ODR00001004');
      },
      overview: accountOverview({}, { kycStatus: 'Pending' }),
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Verify your identity first' })).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Go to verification' });
    expect(link).toHaveAttribute('href', '/en/account-status');
    await user.click(link);
    expect((await screen.findByTestId('elsewhere')).textContent).toBe('/en/account-status');
    expect(storage.getItem(BUY_TARGET_STORAGE_KEY)).toBe('banktransfer-buy');
    expect(reported).toEqual([]);
  });

  it("not verified on the PL entity: the link goes to that entity's status page", async () => {
    openPage({
      instructions: () => {
        throw refusal('ODR00001004');
      },
      overview: accountOverview({ entityTag: 'PL' }, { kycStatus: 'Initial' }),
    });
    const link = await screen.findByRole('link', { name: 'Go to verification' });
    await waitFor(() => expect(link).toHaveAttribute('href', '/en/account-status-entity'));
  });

  it('any other failure is reported, worded and retried', async () => {
    let fail = true;
    const { user, reported } = openPage({
      instructions: (body: { currency: BankCurrency }) => {
        if (fail) throw refusal('999999');
        return bankInstructions(body.currency);
      },
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Something went wrong' })).toBeInTheDocument();
    expect(reported).toHaveLength(1);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await details('Send EUR by SEPA transfer');
  });

  it('deposit switched off: says deposits are not available and asks for no account', async () => {
    const { calls } = openPage({ deposit: false });
    expect(await screen.findByRole('heading', { level: 2, name: 'Deposits are not available right now' })).toBeInTheDocument();
    expect(calls.some((call) => call.path === PATHS.bankTransferInstructions)).toBe(false);
  });

  it('whatever the stored transaction type, no card link: the bank-transfer Buy side is beside it (route table)', async () => {
    document.cookie = 'transactionType=buy; path=/';
    openPage();
    await details('Send EUR by SEPA transfer');
    expect(screen.queryByRole('link', { name: 'Buy by card instead' })).not.toBeInTheDocument();
  });
});
