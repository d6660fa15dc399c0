import { PATHS } from '@causeway/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDialogShell } from '@/ui';
import { accountOverview } from '@/test/account-overview';
import { businessError } from '@/test/routed-http-client';
import { balance } from '../banking-fixtures';
import { NOT_BOUND, openWithdraw, sepaAccount, ukAccount, withdrawal } from '../withdraw-test-kit';

const amountBox = () => screen.findByRole('textbox', { name: 'Amount (EUR)' });
const submitButton = () => screen.getByRole('button', { name: 'Withdraw' });
const payTo = async () => within(await screen.findByRole('group', { name: 'Pay to' }));

// The dialogs' shell is its own chunk: loaded once here, not inside the first test's time.
beforeAll(async () => {
  await loadDialogShell();
});

describe('withdraw: the form', { timeout: 15_000 }, () => {
  it('withdraws EUR by default through the authenticator code to SUCCESS: on its way, and when it arrives', async () => {
    const { user, bodiesOf, calls, router } = openWithdraw();
    expect(screen.getByRole('heading', { level: 1, name: 'Withdraw to your bank' })).toBeInTheDocument();
    await user.type(await amountBox(), '50');
    expect(screen.getByRole('radio', { name: 'EUR' })).toBeChecked();
    expect(await screen.findByText('200.00 EUR')).toBeInTheDocument();
    expect(screen.getByText('Minimum 1.00 EUR')).toBeInTheDocument();
    expect(await (await payTo()).findByRole('radio', { name: /DE89 \*\*\*\* 3000/ })).toBeChecked();
    await user.click(submitButton());

    const codeDialog = await screen.findByRole('dialog', { name: 'Authenticator code' });
    expect(codeDialog).toHaveTextContent('to send 50.00 EUR to DE89 **** 3000.');
    expect(calls.filter((call) => call.path === PATHS.authenticatorBindingStatus).map((call) => call.options)).toEqual([
      { query: { scenario: 'WITHDRAW' } },
    ]);
    expect(bodiesOf(PATHS.submitWithdraw)).toEqual([]);
    await user.type(within(codeDialog).getAllByRole('textbox')[0]!, '123456');

    expect(await screen.findByRole('heading', { level: 2, name: 'Withdrawal sent' })).toHaveFocus();
    const [sent] = bodiesOf(PATHS.submitWithdraw) as Array<Record<string, string>>;
    expect(sent).toEqual({
      withdrawId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      bankAccountId: 'bka_sepa',
      currency: 'EUR',
      amount: '50',
      otpType: 'GA_OTP',
      otpCode: '123456',
    });
    expect(router.state.location.search).toBe(`?id=${sent!.withdrawId}`);
    expect(bodiesOf(PATHS.withdrawDetail)).toContainEqual({ withdrawId: sent!.withdrawId });
    expect(screen.getByText('On its way to DE89 **** 3000.')).toBeInTheDocument();
    expect(screen.getByText('SEPA transfers arrive in 1-2 business days (instant with SEPA Instant).')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/en/dashboard');
    // Another withdrawal starts a new form, with a new id.
    await user.click(screen.getByRole('button', { name: 'Make another withdrawal' }));
    expect(await amountBox()).toHaveValue('');
    expect(router.state.location.search).toBe('');
  });

  it('offers only the accounts of the currency: SEPA for EUR, UK for GBP, and a way to add one when none fits', async () => {
    const { user, router } = openWithdraw({
      accounts: [sepaAccount(), sepaAccount({ bankAccountId: 'bka_2', maskedNumber: 'FR76 **** 0189' })],
    });
    const eur = await payTo();
    expect((await eur.findAllByRole('radio')).map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Ann ExampleDE89 **** 3000Commerzbank',
      'Ann ExampleFR76 **** 0189Commerzbank',
    ]);
    await user.click(screen.getByRole('radio', { name: 'GBP' }));
    expect(router.state.location.search).toBe('?currency=GBP');
    const gbp = await payTo();
    expect(gbp.queryAllByRole('radio')).toEqual([]);
    expect(gbp.getByText('You have no saved UK account to receive GBP yet.')).toBeInTheDocument();
    expect(gbp.getByRole('link', { name: 'Add a bank account' })).toHaveAttribute('href', '/en/bank-accounts');
    await user.type(await screen.findByRole('textbox', { name: 'Amount (GBP)' }), '20');
    await user.click(submitButton());
    expect(await screen.findByText('Choose the bank account to pay.')).toBeInTheDocument();
  });

  it('pays a GBP withdrawal to the UK account, and says when Faster Payments arrive', async () => {
    const { user, bodiesOf } = openWithdraw({
      url: '/en/withdraw?currency=GBP',
      detail: (body: { withdrawId: string }) =>
        withdrawal({ withdrawId: body.withdrawId, currency: 'GBP', amount: '80.00', maskedAccount: '4000 **** 5678', status: 'SUCCESS' }),
    });
    expect(await (await payTo()).findAllByRole('radio')).toHaveLength(1);
    await user.click(await screen.findByRole('button', { name: 'Max: withdraw your whole balance, 80.00 GBP' }));
    expect(screen.getByRole('textbox', { name: 'Amount (GBP)' })).toHaveValue('80');
    await user.click(submitButton());
    await user.type(within(await screen.findByRole('dialog')).getAllByRole('textbox')[0]!, '123456');
    expect(await screen.findByText('Faster Payments arrive in about 2 hours.')).toBeInTheDocument();
    expect(bodiesOf(PATHS.submitWithdraw)[0]).toMatchObject({ currency: 'GBP', amount: '80', bankAccountId: 'bka_uk' });
  });

  it('checks the amount before sending: required, at least the minimum, at most the balance (the keyboard goes to it)', async () => {
    const { user, bodiesOf } = openWithdraw({ url: '/en/withdraw?currency=GBP', accounts: [ukAccount()] });
    const amount = await screen.findByRole('textbox', { name: 'Amount (GBP)' });
    await payTo();
    await user.click(submitButton());
    expect(await screen.findByText('Enter the amount to withdraw.')).toBeInTheDocument();
    expect(amount).toHaveFocus();
    await user.type(amount, '9.999');
    expect(amount).toHaveValue('9.99');
    expect(await screen.findByText('The least you can withdraw is 10.00 GBP.')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '80.01');
    expect(await screen.findByText('That is more than your balance of 80.00 GBP.')).toBeInTheDocument();
    expect(amount).toHaveAccessibleDescription(/That is more than your balance/);
    expect(bodiesOf(PATHS.authenticatorBindingStatus)).toEqual([]);
  });

  it('without an authenticator asks to set one up; leaving that step says withdrawals need one', async () => {
    const { user, bodiesOf } = openWithdraw({ binding: NOT_BOUND });
    await user.type(await amountBox(), '20');
    await payTo();
    await user.click(submitButton());
    const bind = await screen.findByRole('dialog', { name: 'Set up your authenticator' });
    await user.click(within(bind).getByRole('button', { name: 'Close' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Withdrawals need an authenticator app. Set one up to continue.');
    expect(bodiesOf(PATHS.submitWithdraw)).toEqual([]);
  });

  it('a FAILED withdrawal says the bank returned it and the money is back in the balance', async () => {
    const { user } = openWithdraw({
      detail: (body: { withdrawId: string }) => withdrawal({ withdrawId: body.withdrawId, status: 'FAILED', failReason: 'RETURNED' }),
    });
    await user.type(await amountBox(), '50');
    await payTo();
    await user.click(submitButton());
    await user.type(within(await screen.findByRole('dialog')).getAllByRole('textbox')[0]!, '123456');
    expect(await screen.findByRole('heading', { level: 2, name: 'Withdrawal not completed' })).toBeInTheDocument();
    expect(screen.getByText('The bank returned the payment.')).toBeInTheDocument();
    expect(screen.getByText('The money is back in your balance.')).toBeInTheDocument();
  });

  it('follows a PROCESSING withdrawal opened by its link until the bank settles it', async () => {
    let asked = 0;
    openWithdraw({
      url: '/en/withdraw?id=00000000-0000-4000-8000-000000000001',
      detail: () => withdrawal(++asked < 2 ? {} : { status: 'FAILED', failReason: 'REJECTED' }),
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Sending your withdrawal' })).toBeInTheDocument();
    expect(screen.getByText('50.00 EUR to DE89 **** 3000. This page updates by itself.')).toBeInTheDocument();
    expect(await screen.findByText('The bank rejected the payment.', {}, { timeout: 4000 })).toBeInTheDocument();
  });

  it('the withdraw switch off: withdrawals are not available', async () => {
    openWithdraw({ withdraw: false });
    expect(await screen.findByRole('heading', { level: 2, name: 'Withdrawals are not available right now' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Withdraw' })).not.toBeInTheDocument();
  });

  it('not verified: the way to verification instead of the form', async () => {
    openWithdraw({
      overview: accountOverview({}, { kycStatus: 'Initial' }),
      instructions: () => {
        throw businessError(PATHS.bankTransferInstructions, 'ODR00001004');
      },
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Verify your identity first' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Go to verification' })).toHaveAttribute('href', '/en/account-status'));
  });

  it('no money in the currency: Max is not offered', async () => {
    openWithdraw({ balances: [balance('GBP', '5')] });
    await amountBox();
    expect(await screen.findByText('0.00 EUR')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /whole balance/ })).not.toBeInTheDocument();
  });
});
