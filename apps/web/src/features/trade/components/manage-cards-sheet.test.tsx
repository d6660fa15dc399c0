import { PATHS } from '@causeway/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { captureToasts } from '@/test/toasts';
import { card, formShown, openTrade } from '../trade-test-kit';
import { fakeSandboxCardFields, SANDBOX_FIELDS_CONFIG } from './card-fields/card-fields-test-kit';

const toasts = captureToasts();

describe('cards from the trade page', () => {
  it('Manage cards lists the cards masked with network and expiry; Delete asks first, then deletes and refreshes the list', async () => {
    let cards = [
      card(),
      card({ cardId: 'crd_2', cardBin: '555555', cardLast4: '4444', cardProcessor: 'MASTER', expiryMonth: 3, expiryYear: 2031 }),
    ];
    const { user, bodiesOf } = openTrade({
      routes: {
        [PATHS.listCard]: () => ({ cards, maxCards: 5, addCardAvailableAt: null }),
        [PATHS.deleteCard]: (body: { cardId: string }) => {
          cards = cards.filter((item) => item.cardId !== body.cardId);
          return null;
        },
      },
    });
    await formShown();
    await user.click(await screen.findByRole('button', { name: 'Manage cards' }));
    const sheet = await screen.findByRole('dialog', { name: 'Manage cards' }, { timeout: 10_000 });
    const items = within(sheet).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Visa4242 **** **** 4242Expires 12/99Delete',
      'Mastercard5555 **** **** 4444Expires 03/31Delete',
    ]);
    await user.click(within(sheet).getByRole('button', { name: 'Delete the card ending 4444' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this card?' });
    expect(confirm).toHaveTextContent('You can add a new card 48 hours after deleting one.');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(sheet).getAllByRole('listitem')).toHaveLength(1));
    expect(bodiesOf(PATHS.deleteCard)).toEqual([{ cardId: 'crd_2' }]);
    expect(toasts).toEqual([{ message: 'Card deleted', kind: 'success' }]);
  });

  it('Cancel keeps the card', async () => {
    const { user, calls } = openTrade();
    await formShown();
    await user.click(await screen.findByRole('button', { name: 'Manage cards' }));
    await user.click(await screen.findByRole('button', { name: 'Delete the card ending 4242' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete this card?' })).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((c) => c.path === PATHS.deleteCard)).toEqual([]);
  });

  it('Add card opens the form in a sheet; the added card becomes the chosen one', async () => {
    let cards = [card()];
    const { user } = openTrade({
      routes: {
        [PATHS.listCard]: () => ({ cards, maxCards: 5, addCardAvailableAt: null }),
        [PATHS.listCountryCode]: () => [{ towCharCode: 'DE', englishName: 'Germany', chineseName: '德国', flag: '🇩🇪' }],
        [PATHS.cardFieldsConfig]: () => SANDBOX_FIELDS_CONFIG,
        [PATHS.addCard]: () => {
          const added = card({ cardId: 'crd_new', cardBin: '555555', cardLast4: '4444', cardProcessor: 'MASTER' });
          cards = [...cards, added];
          return added;
        },
      },
    });
    await formShown();
    await user.click(await screen.findByRole('button', { name: 'Add card' }));
    const sheet = await screen.findByRole('dialog', { name: 'Add a card' });
    // The card goes into the processor's fields (played here by the test kit); we type only the address.
    await (await fakeSandboxCardFields()).setValid(true);
    for (const [label, value] of [
      ['First name', 'Ann'],
      ['Last name', 'Lee'],
      ['Address', '1 Main Street'],
      ['City', 'Berlin'],
      ['Postal code', '10115'],
    ]) {
      await user.type(within(sheet).getByLabelText(label!), value!);
    }
    await user.selectOptions(await within(sheet).findByLabelText('Country'), 'DE');
    await user.click(within(sheet).getByRole('button', { name: 'Save card' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const radios = within(screen.getByRole('group', { name: 'Pay with card' })).getAllByRole('radio');
    expect(radios).toHaveLength(2);
    expect(radios[1]).toBeChecked();
  });

  it('with 5 cards, Add card gives way to the rule', async () => {
    openTrade({
      routes: {
        [PATHS.listCard]: () => ({
          cards: [1, 2, 3, 4, 5].map((n) => card({ cardId: `crd_${n}` })),
          maxCards: 5,
          addCardAvailableAt: null,
        }),
      },
    });
    await formShown();
    expect(await screen.findByText('You can save up to 5 cards. Delete one to add another.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add card' })).not.toBeInTheDocument();
  });
});
