import { PATHS } from '@causeway/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDialogShell } from '@/ui';
import { openWithdraw, withdrawal, withdrawRefusal } from '../withdraw-test-kit';

/** After a refused code: Backspace clears the boxes (CodeInput), then the next code. */
async function typeAgain(view: ReturnType<typeof openWithdraw>, dialog: HTMLElement, code: string) {
  const first = within(dialog).getAllByRole('textbox')[0]!;
  await waitFor(() => expect(first).toBeEnabled());
  await view.user.click(first);
  await view.user.keyboard('{Backspace}');
  await view.user.type(first, code);
}

/** Types 50 EUR, presses Withdraw and, when the code is asked for, types it. */
async function withdrawFifty(view: ReturnType<typeof openWithdraw>) {
  await view.user.type(await screen.findByRole('textbox', { name: 'Amount (EUR)' }), '50');
  await screen.findByRole('radio', { name: /DE89/ });
  await view.user.click(screen.getByRole('button', { name: 'Withdraw' }));
  const dialog = await screen.findByRole('dialog', { name: 'Authenticator code' });
  await view.user.type(within(dialog).getAllByRole('textbox')[0]!, '123456');
}

// The dialogs' shell is its own chunk: loaded once here, not inside the first test's time.
beforeAll(async () => {
  await loadDialogShell();
});

describe('withdraw: each refusal of the server in words', { timeout: 15_000 }, () => {
  it.each([
    ['ODR00001025', undefined, 'This bank account cannot receive this currency: choose a SEPA account for EUR or a UK account for GBP.'],
    ['ODR00001001', { minAmount: '10.00', currency: 'EUR' }, 'The least you can withdraw is 10.00 EUR.'],
    ['ODR00001001', { maxAmount: '25.50', currency: 'EUR' }, 'This is over your withdrawal limit: you can withdraw at most 25.50 EUR now.'],
    ['ODR00001001', { maxAmount: '0.00', currency: 'EUR' }, 'You have reached your withdrawal limit for now.'],
    ['ODR00001024', undefined, 'Insufficient balance: your balance cannot cover this withdrawal.'],
    ['ODR00001004', undefined, 'Verify your identity before withdrawing.'],
    ['BKA0000010', undefined, 'This bank account is no longer saved. Choose another one.'],
    ['IDM0000422', undefined, 'An earlier try of this withdrawal may have gone through. Check your recent activity before trying again.'],
  ])('%s %j: %s', async (code, data, text) => {
    const view = openWithdraw({
      submit: () => {
        throw withdrawRefusal(code, data);
      },
    });
    await withdrawFifty(view);
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The form stays as it was, to change and send again.
    expect(screen.getByRole('textbox', { name: 'Amount (EUR)' })).toHaveValue('50');
  });

  it('a refused withdrawal is sent again with a new id (the server freed the first), and then goes through', async () => {
    let refuse = true;
    const view = openWithdraw({
      submit: (body: { withdrawId: string }) => {
        if (refuse) throw withdrawRefusal('ODR00001024');
        return withdrawal({ withdrawId: body.withdrawId });
      },
    });
    await withdrawFifty(view);
    await screen.findByRole('alert');
    refuse = false;
    await view.user.click(screen.getByRole('button', { name: 'Withdraw' }));
    await view.user.type(within(await screen.findByRole('dialog')).getAllByRole('textbox')[0]!, '654321');
    expect(await screen.findByRole('heading', { level: 2, name: 'Withdrawal sent' })).toBeInTheDocument();
    const [first, second] = view.bodiesOf(PATHS.submitWithdraw) as Array<{ withdrawId: string }>;
    expect(first!.withdrawId).not.toBe(second!.withdrawId);
  });

  it('a wrong code (USE003000011) asks again in the code dialog; the next code is sent', async () => {
    let wrong = true;
    const view = openWithdraw({
      submit: (body: { withdrawId: string }) => {
        if (wrong) throw withdrawRefusal('USE003000011');
        return withdrawal({ withdrawId: body.withdrawId });
      },
    });
    await withdrawFifty(view);
    const dialog = await screen.findByRole('dialog', { name: 'Authenticator code' });
    expect(await within(dialog).findByText('Invalid code. Please try again.')).toBeInTheDocument();
    wrong = false;
    await typeAgain(view, dialog, '654321');
    expect(await screen.findByRole('heading', { level: 2, name: 'Withdrawal sent' })).toBeInTheDocument();
  });

  it('ODR00001009 for a code sent says it is invalid; five wrong codes (USE000002002) lock the dialog', async () => {
    let code = 'ODR00001009';
    const view = openWithdraw({
      submit: () => {
        throw withdrawRefusal(code);
      },
    });
    await withdrawFifty(view);
    const dialog = await screen.findByRole('dialog', { name: 'Authenticator code' });
    expect(await within(dialog).findByText('Invalid code. Please try again.')).toBeInTheDocument();
    code = 'USE000002002';
    await typeAgain(view, dialog, '111111');
    expect(await within(dialog).findByText('Maximum attempts exceeded, try again in 1 hour')).toBeInTheDocument();
  });

  it('ODR00001009 without a code (no authenticator check on this channel) opens the code dialog', async () => {
    document.cookie = 'isRoma=true; path=/';
    try {
      const view = openWithdraw();
      view.routes[PATHS.submitWithdraw] = (body: { otpCode?: string; withdrawId: string }) => {
        if (!body.otpCode) throw withdrawRefusal('ODR00001009');
        return withdrawal({ withdrawId: body.withdrawId });
      };
      await withdrawFifty(view);
      expect(await screen.findByRole('heading', { level: 2, name: 'Withdrawal sent' })).toBeInTheDocument();
      expect(view.bodiesOf(PATHS.submitWithdraw)).toHaveLength(2);
    } finally {
      document.cookie = 'isRoma=; path=/; max-age=0';
    }
  });
});
