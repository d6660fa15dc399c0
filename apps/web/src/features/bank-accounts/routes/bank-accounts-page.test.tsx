import { PATHS } from '@causeway/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { businessError } from '@/test/routed-http-client';
import { captureToasts } from '@/test/toasts';
import { bankAccount, listOf, openBankAccounts } from '../bank-accounts-test-kit';

const toasts = captureToasts();
/** The confirmation dialog loads on first use: on a loaded machine that takes more than the default 1 s. */
const FIND = { timeout: 5_000 };

const SEPA = bankAccount();
const UK = bankAccount({
  bankAccountId: 'bka_2',
  kind: 'UK',
  currency: 'GBP',
  accountName: 'LOVELACE ADA',
  bankName: null,
  maskedNumber: '6016 **** 6819',
});
const SWIFT = bankAccount({
  bankAccountId: 'bka_3',
  kind: 'SWIFT',
  currency: null,
  bankName: 'JPMorgan Chase',
  identifierCode: 'CHASUS33',
  maskedNumber: '0001 **** 6789',
});

describe('bank-accounts', { timeout: 20_000 }, () => {
  it('lists every saved account masked, with its type, holder and bank, and says the caps', async () => {
    const { bodiesOf } = openBankAccounts([SEPA, UK, SWIFT]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Bank accounts' })).toBeInTheDocument();
    const items = within(await screen.findByRole('list', { name: 'Bank accounts' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'SEPA (EUR)Ada LovelaceDE89 **** 3000CommerzbankDelete',
      'UK (GBP)LOVELACE ADA6016 **** 6819Delete',
      'International (SWIFT)Ada Lovelace0001 **** 6789JPMorgan Chase · SWIFT/BIC CHASUS33Delete',
    ]);
    expect(screen.getByText('You can keep up to 10 bank accounts and add up to 3 in 24 hours.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add a bank account' })).toBeEnabled();
    expect(bodiesOf(PATHS.listBankAccount)).toEqual([{}]);
  });

  it('with no saved account, says so and offers to add one', async () => {
    openBankAccounts([]);
    expect(await screen.findByText('You have no saved bank accounts yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add a bank account' })).toBeInTheDocument();
  });

  it('Delete asks first, then deletes and reads the list again; Cancel keeps the account', async () => {
    const { user, bodiesOf } = openBankAccounts([SEPA, UK]);
    await user.click(await screen.findByRole('button', { name: 'Delete the bank account 6016 **** 6819' }));
    let confirm = await screen.findByRole('dialog', { name: 'Delete this bank account?' }, FIND);
    expect(confirm).toHaveTextContent('6016 **** 6819 will no longer be offered for payouts. Payouts already made to it stay as they are.');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(bodiesOf(PATHS.deleteBankAccount)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete the bank account 6016 **** 6819' }));
    confirm = await screen.findByRole('dialog', { name: 'Delete this bank account?' }, FIND);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    expect(bodiesOf(PATHS.deleteBankAccount)).toEqual([{ bankAccountId: 'bka_2' }]);
    expect(toasts).toEqual([{ message: 'Bank account deleted', kind: 'success' }]);
  });

  it('says a refused delete itself (bank-account paths never toast on their own) and reads the list again', async () => {
    const { user, bodiesOf } = openBankAccounts([SEPA], {
      [PATHS.deleteBankAccount]: () => {
        throw businessError(PATHS.deleteBankAccount, 'BKA0000010');
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete the bank account DE89 **** 3000' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete this bank account?' }, FIND)).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(bodiesOf(PATHS.listBankAccount)).toHaveLength(2));
    expect(toasts).toEqual([{ message: 'This bank account is no longer saved.', kind: 'error' }]);
  });

  it.each([
    [
      'after a security change, says until when instead of offering Add',
      listOf([SEPA], { addBankAccountAvailableAt: '2026-03-02T10:00:00.000Z', addBankAccountWaitReason: 'SECURITY_CHANGE' }),
      /Adding bank accounts is paused after a password or authenticator change\. You can add one again from .*2026/,
    ],
    [
      "after the day's adds, says from when another may be added",
      listOf([SEPA], { addBankAccountAvailableAt: '2026-03-02T10:00:00.000Z', addBankAccountWaitReason: 'DAILY_LIMIT' }),
      /You have added 3 bank accounts in 24 hours\. You can add another from .*2026/,
    ],
    [
      'at the cap, says to delete one first',
      listOf(Array.from({ length: 10 }, (_, n) => bankAccount({ bankAccountId: `bka_${n}` }))),
      /You have saved 10 bank accounts, the most you can keep\. Delete one to add another\./,
    ],
  ])('%s', async (_, list, text) => {
    openBankAccounts([], { [PATHS.listBankAccount]: () => list });
    expect(await screen.findByText(text)).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('button', { name: 'Add a bank account' })).toBeNull();
  });

  it('offers Try again when the list cannot be read', async () => {
    let fail = true;
    const { user } = openBankAccounts([SEPA], {
      [PATHS.listBankAccount]: () => {
        if (fail) throw businessError(PATHS.listBankAccount, '999999');
        return listOf([SEPA]);
      },
    });
    const retry = await screen.findByRole('button', { name: /try again/i });
    fail = false;
    await user.click(retry);
    expect(await screen.findByRole('list', { name: 'Bank accounts' })).toBeInTheDocument();
  });
});
