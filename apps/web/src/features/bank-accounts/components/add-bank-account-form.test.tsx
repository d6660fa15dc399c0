import { PATHS } from '@causeway/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/http-errors';
import { businessError } from '@/test/routed-http-client';
import { captureToasts } from '@/test/toasts';
import { openBankAccounts } from '../bank-accounts-test-kit';

const toasts = captureToasts();

/** The page with the add form open. */
async function openForm(routes: Parameters<typeof openBankAccounts>[1] = {}) {
  const opened = openBankAccounts([], routes);
  await opened.user.click(await screen.findByRole('button', { name: 'Add a bank account' }));
  const form = await screen.findByRole('form', { name: 'Add a bank account' }, FIND);
  return { ...opened, form };
}

/** The dialogs and the form load their parts on first use: on a loaded machine that takes more than the default 1 s. */
const FIND = { timeout: 5_000 };
const field = (name: string) => screen.getByRole('textbox', { name });

/** Puts a value into a field as a paste would (typing it key by key adds nothing the checks see, and is slow). */
async function fill(user: UserEvent, name: string, value: string) {
  await user.click(field(name));
  await user.paste(value);
}

// Many keystrokes a test: on a loaded machine they outlast the default 5 s.
describe('the add form', { timeout: 20_000 }, () => {
  it('opens on the account type, asks the SEPA fields first, and checks a field as it is left', async () => {
    const { user } = await openForm();
    expect(screen.getByRole('radio', { name: /SEPA \(EUR\)/ })).toHaveFocus();
    expect(within(screen.getByRole('group', { name: 'Account type' })).getAllByRole('radio')).toHaveLength(4);
    expect(screen.getAllByRole('textbox').map((input) => input.getAttribute('name'))).toEqual([
      'accountName',
      'iban',
      'identifierCode',
      'bankName',
    ]);
    await fill(user, 'IBAN', 'DE89 3704 0044 0532 0130 01');
    expect(field('IBAN')).not.toHaveAttribute('aria-invalid');
    await user.tab();
    expect(field('IBAN')).toHaveAttribute('aria-invalid', 'true');
    expect(field('IBAN')).toHaveAccessibleDescription('Invalid IBAN.');
    // Fixed, the mark goes as it is typed.
    await user.clear(field('IBAN'));
    await fill(user, 'IBAN', 'DE89 3704 0044 0532 0130 00');
    expect(field('IBAN')).not.toHaveAttribute('aria-invalid');
  });

  it('Save with problems marks every one, moves to the first and sends nothing', async () => {
    const { user, bodiesOf } = await openForm();
    await fill(user, 'SWIFT/BIC (optional)', 'NOPE');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(field('Account holder name')).toHaveFocus();
    expect(field('Account holder name')).toHaveAccessibleDescription(/This field is required\./);
    expect(field('IBAN')).toHaveAccessibleDescription('This field is required.');
    expect(field('SWIFT/BIC (optional)')).toHaveAccessibleDescription('Invalid SWIFT/BIC.');
    expect(screen.getByRole('alert')).toHaveTextContent('Check the fields marked above.');
    expect(bodiesOf(PATHS.addBankAccount)).toEqual([]);
  });

  it('saves a SEPA account: its own fields, trimmed, the empty BIC left out; then closes on the Add button', async () => {
    const { user, bodiesOf } = await openForm();
    await fill(user, 'Account holder name', '  Ada Lovelace ');
    await fill(user, 'IBAN', 'de89 3704 0044 0532 0130 00');
    await fill(user, 'Bank name', 'Commerzbank');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add a bank account' })).toHaveFocus());
    expect(bodiesOf(PATHS.addBankAccount)).toEqual([
      { kind: 'SEPA', accountName: 'Ada Lovelace', iban: 'de89 3704 0044 0532 0130 00', bankName: 'Commerzbank' },
    ]);
    expect(bodiesOf(PATHS.listBankAccount)).toHaveLength(2);
    expect(toasts).toEqual([{ message: 'Bank account saved', kind: 'success' }]);
  });

  it('asks each type its own fields, and sends only those', async () => {
    const { user, bodiesOf } = await openForm();
    await fill(user, 'Account holder name', 'Ada Lovelace');
    await user.click(screen.getByRole('radio', { name: /US \(ACH\)/ }));
    expect(screen.getAllByRole('textbox').map((input) => input.getAttribute('name'))).toEqual([
      'accountName',
      'abaRoutingNumber',
      'accountNumber',
    ]);
    await fill(user, 'ABA routing number', '011000016');
    await user.tab();
    expect(field('ABA routing number')).toHaveAccessibleDescription('Invalid ABA routing number.');

    await user.click(screen.getByRole('radio', { name: /International \(SWIFT\)/ }));
    const address = screen.getByRole('group', { name: 'Your address' });
    expect(within(address).getByRole('combobox', { name: 'Country' })).toBeInTheDocument();
    await fill(user, 'IBAN or account number', '000123456789');
    await fill(user, 'SWIFT/BIC', 'chasus33');
    await fill(user, 'Bank name', 'JPMorgan Chase');
    await fill(user, 'Address', '12 Example Street');
    await fill(user, 'City', 'New York');
    await fill(user, 'Postal code', '10001');
    await user.selectOptions(within(address).getByRole('combobox', { name: 'Country' }), 'US');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodiesOf(PATHS.addBankAccount)).toHaveLength(1));
    expect(bodiesOf(PATHS.addBankAccount)[0]).toEqual({
      kind: 'SWIFT',
      accountName: 'Ada Lovelace',
      accountNumber: '000123456789',
      identifierCode: 'chasus33',
      bankName: 'JPMorgan Chase',
      payeeAddress: '12 Example Street',
      payeeCity: 'New York',
      payeePostalCode: '10001',
      payeeCountry: 'US',
    });
  });

  it("shows the server's refusal of a number under its field, and moves there", async () => {
    const { user } = await openForm({
      [PATHS.addBankAccount]: () => {
        throw new ApiError({
          kind: 'business',
          path: PATHS.addBankAccount,
          code: 'BKA0000001',
          msg: '',
          httpStatus: 400,
          data: { field: 'iban' },
        });
      },
    });
    await fill(user, 'Account holder name', 'Ada Lovelace');
    await fill(user, 'IBAN', 'DE89370400440532013000');
    await fill(user, 'Bank name', 'Commerzbank');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(field('IBAN')).toHaveFocus());
    expect(field('IBAN')).toHaveAccessibleDescription('Invalid IBAN.');
    // Changed, the server's word goes: what shows is the form's own check of the new value.
    await user.clear(field('IBAN'));
    await fill(user, 'IBAN', 'NL91 ABNA 0417 1643 00');
    expect(field('IBAN')).toHaveAccessibleDescription('');
  });

  it.each([
    ['BKA0000006', 'IBAN already used by another user.'],
    ['BKA0000011', 'The account must be in your own name, as verified.'],
    ['BKA0000012', 'Verify your identity before adding a bank account.'],
    ['BKA0000008', 'Limit reached: you can add up to 3 bank accounts in 24 hours.'],
  ])('says the refusal %s in its own words', async (code, text) => {
    const { user, bodiesOf } = await openForm({
      [PATHS.addBankAccount]: () => {
        throw businessError(PATHS.addBankAccount, code);
      },
    });
    await fill(user, 'Account holder name', 'Ada Lovelace');
    await fill(user, 'IBAN', 'DE89370400440532013000');
    await fill(user, 'Bank name', 'Commerzbank');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    // A limit reached: the list is read again, to say until when.
    expect(bodiesOf(PATHS.listBankAccount)).toHaveLength(code === 'BKA0000008' ? 2 : 1);
  });

  it('says when no answer came, and reads the list again (the account may be saved)', async () => {
    const { user, bodiesOf } = await openForm({
      [PATHS.addBankAccount]: () => {
        throw new ApiError({ kind: 'network', path: PATHS.addBankAccount, msg: 'Network error' });
      },
    });
    await fill(user, 'Account holder name', 'Ada Lovelace');
    await fill(user, 'IBAN', 'DE89370400440532013000');
    await fill(user, 'Bank name', 'Commerzbank');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/No response from the server/);
    await waitFor(() => expect(bodiesOf(PATHS.listBankAccount)).toHaveLength(2));
  });
});
