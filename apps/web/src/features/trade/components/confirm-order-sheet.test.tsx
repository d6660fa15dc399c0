import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithI18n } from '@/test/render';
import { card, quote } from '../trade-test-kit';
import { ConfirmOrderSheet } from './confirm-order-sheet';

const open = () => {
  const onConfirm = vi.fn();
  const onClose = vi.fn();
  renderWithI18n(
    <ConfirmOrderSheet
      quote={quote()}
      format={{ fiatDecimals: 2, cryptoDecimals: 8 }}
      card={card()}
      networkName="Bitcoin"
      address="bc1qaddress"
      memo=""
      memoName="Memo"
      secondsLeft={20}
      isUpdating={false}
      busy={false}
      onConfirm={onConfirm}
      onClose={onClose}
    />,
  );
  return { onConfirm, onClose, user: userEvent.setup() };
};

describe('ConfirmOrderSheet', () => {
  it('opens with the focus on Back, not on Pay: Enter pressed twice never pays unseen', async () => {
    const { onConfirm, onClose, user } = open();
    expect(await screen.findByRole('button', { name: 'Back' })).toHaveFocus();
    await user.keyboard('{Enter}{Enter}');
    expect(onConfirm).not.toHaveBeenCalled();
    expect(onClose).toHaveBeenCalled();
  });

  it('Pay is still a click away', async () => {
    const { onConfirm, user } = open();
    await user.click(screen.getByRole('button', { name: 'Pay 100.00 EUR' }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });
});
