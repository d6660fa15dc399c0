import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithI18n } from '@/test/render';
import { EmailCodeDialog } from './email-code-dialog';

function Harness({ sendCode, submitCode }: { sendCode: () => Promise<unknown>; submitCode: (code: string) => Promise<void> }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button onClick={() => setOpen(true)}>reopen</button>
      <EmailCodeDialog open={open} email="ann@example.com" sendCode={sendCode} submitCode={submitCode} onClose={() => setOpen(false)} />
    </>
  );
}

const open = (submitCode: (code: string) => Promise<void> = () => Promise.resolve()) => {
  const sendCode = vi.fn(() => Promise.resolve({ resendAfterSeconds: 59 }));
  const submit = vi.fn(submitCode);
  renderWithI18n(<Harness sendCode={sendCode} submitCode={submit} />);
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  return { sendCode, submit, user };
};

const dialog = () => screen.getByRole('dialog', { name: 'Check your email' });
const boxes = () => within(dialog()).getAllByRole('textbox') as HTMLInputElement[];
/** Lets the countdown run `seconds` ticks, one re-render per tick. */
const tick = (seconds: number) => {
  for (let i = 0; i < seconds; i++) act(() => vi.advanceTimersByTime(1000));
};

describe('EmailCodeDialog', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('names the address and sends a code once on opening', () => {
    const { sendCode } = open();
    expect(dialog()).toHaveAccessibleDescription('Enter the 6-digit code we sent to ann@example.com.');
    expect(sendCode).toHaveBeenCalledTimes(1);
    expect(boxes()).toHaveLength(6);
  });

  it('counts down from 59 s each second, then offers Resend, which sends again and restarts at 59', async () => {
    const { sendCode, user } = open();
    expect(screen.getByText('Resend code in 59 s')).toBeInTheDocument();
    tick(1);
    expect(screen.getByText('Resend code in 58 s')).toBeInTheDocument();
    tick(57);
    expect(screen.getByText('Resend code in 1 s')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resend code' })).not.toBeInTheDocument();
    tick(1);
    expect(screen.queryByText(/Resend code in/)).not.toBeInTheDocument();
    expect(sendCode).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(sendCode).toHaveBeenCalledTimes(2);
    expect(screen.getByText('Resend code in 59 s')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resend code' })).not.toBeInTheDocument();
  });

  it('offers Resend at once when sending fails', async () => {
    const sendCode = vi.fn(() => Promise.reject(new Error('down')));
    renderWithI18n(<Harness sendCode={sendCode} submitCode={() => Promise.resolve()} />);
    expect(await screen.findByRole('button', { name: 'Resend code' })).toBeInTheDocument();
  });

  it('submits exactly once, with the six digits, when the sixth digit is typed', async () => {
    const { submit, user } = open();
    await user.click(boxes()[0]!);
    await user.keyboard('12345');
    expect(submit).not.toHaveBeenCalled();
    await user.keyboard('6');
    expect(submit).toHaveBeenCalledTimes(1);
    expect(submit).toHaveBeenCalledWith('123456');
  });

  it('shows a failed submit under the boxes, and clears it on the next edit', async () => {
    const { submit, user } = open(() => Promise.reject(new Error('Invalid code. Please try again.')));
    await user.click(boxes()[0]!);
    await user.keyboard('999999');
    expect(submit).toHaveBeenCalledTimes(1);
    const error = await within(dialog()).findByText('Invalid code. Please try again.');
    expect(boxes()[0]).toHaveAttribute('aria-invalid', 'true');
    expect(boxes()[0]).toHaveAccessibleDescription('Invalid code. Please try again.');
    expect(boxes()[0]).toBeEnabled();

    await user.click(boxes()[5]!);
    await user.keyboard('{Backspace}');
    expect(error).toBeEmptyDOMElement();
    expect(boxes()[0]).not.toHaveAttribute('aria-invalid');
    expect(boxes().map((box) => box.value)).toEqual(['', '', '', '', '', '']);
  });

  it('starts fresh when closed and opened again: empty boxes, 59 s and another code', async () => {
    const { sendCode, user } = open(() => Promise.reject(new Error('Invalid code. Please try again.')));
    await user.click(boxes()[0]!);
    await user.keyboard('123456');
    await within(dialog()).findByText('Invalid code. Please try again.');
    tick(10);
    expect(screen.getByText('Resend code in 49 s')).toBeInTheDocument();

    await user.click(within(dialog()).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'reopen' }));

    expect(sendCode).toHaveBeenCalledTimes(2);
    expect(boxes().map((box) => box.value)).toEqual(['', '', '', '', '', '']);
    expect(screen.getByText('Resend code in 59 s')).toBeInTheDocument();
    expect(within(dialog()).queryByText('Invalid code. Please try again.')).not.toBeInTheDocument();
  });
});
