import { PATHS } from '@causeway/contracts';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/http-errors';
import { renderWithI18n } from '@/test/render';
import { EmailCodeDialog } from './email-code-dialog';
import { loadDialogShell } from '@/ui';

// The dialog's chunk is there already, as once a page has been idle: these tests are about what the
// dialog holds (opening before the chunk arrives is ui/lazy-dialog-shell.test.tsx's).
beforeAll(async () => {
  await loadDialogShell();
});

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
  return { sendCode, submit };
};

const dialog = () => screen.getByRole('dialog', { name: 'Check your email' });
const boxes = () => within(dialog()).getAllByRole('textbox') as HTMLInputElement[];
/** Types `digits` box after box, as the focus moves along (an input event per digit, as a browser sends). */
const type = (digits: string) => {
  for (const digit of digits) fireEvent.input(document.activeElement!, { target: { value: digit } });
};
/** Lets a pending submit or send settle. */
const settle = () => act(async () => {});
/** Lets the countdown run for `seconds`. */
const tick = (seconds: number) => act(() => vi.advanceTimersByTime(seconds * 1000));

describe('EmailCodeDialog', () => {
  // A clock that only moves when told to; so events go through the synchronous fireEvent
  // (user-event's async wrapper waits on a timer this clock never runs).
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('names the address and sends a code once on opening; says it was sent once it was', async () => {
    const { sendCode } = open();
    expect(dialog()).toHaveAccessibleDescription('Sending a 6-digit code to ann@example.com…');
    expect(sendCode).toHaveBeenCalledTimes(1);
    expect(boxes()).toHaveLength(6);
    await settle();
    expect(dialog()).toHaveAccessibleDescription('Enter the 6-digit code we sent to ann@example.com.');
  });

  it('counts down from 59 s each second, then offers Resend, which sends again and restarts at 59', () => {
    const { sendCode } = open();
    expect(screen.getByText('Resend code in 59 s')).toBeInTheDocument();
    tick(1);
    expect(screen.getByText('Resend code in 58 s')).toBeInTheDocument();
    tick(57);
    expect(screen.getByText('Resend code in 1 s')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resend code' })).not.toBeInTheDocument();
    tick(1);
    expect(screen.queryByText(/Resend code in/)).not.toBeInTheDocument();
    expect(sendCode).toHaveBeenCalledTimes(1);

    fireEvent.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(sendCode).toHaveBeenCalledTimes(2);
    expect(screen.getByText('Resend code in 59 s')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resend code' })).not.toBeInTheDocument();
  });

  it('offers Resend at once when sending fails', async () => {
    renderWithI18n(<Harness sendCode={() => Promise.reject(new Error('down'))} submitCode={() => Promise.resolve()} />);
    await settle();
    expect(screen.getByRole('button', { name: 'Resend code' })).toBeInTheDocument();
  });

  describe('a refused send (issue 14: the dialog said a code was sent, and nothing else)', () => {
    /** send-verify-code past a send limit: 429 USE000002002 with Retry-After (here 20 minutes). */
    const sendLimit = () =>
      new ApiError({
        kind: 'business',
        path: PATHS.sendVerifyCode,
        httpStatus: 429,
        code: 'USE000002002',
        msg: 'Maximum attempts exceeded, try again in 1 hour',
        retryAfterSeconds: 1200,
      });

    it('on opening: says no code went out, why and when to ask again, and offers Resend only once Retry-After has passed', async () => {
      renderWithI18n(<Harness sendCode={() => Promise.reject(sendLimit())} submitCode={() => Promise.resolve()} />);
      await settle();
      expect(dialog()).toHaveAccessibleDescription('We could not send a code to ann@example.com.');
      expect(within(dialog()).getByRole('alert')).toHaveTextContent(/^Too many requests\. Try again in 20 minutes\.$/);
      // A Resend now would only be refused again: it waits out the server's 20 minutes, counted in minutes.
      expect(screen.queryByRole('button', { name: 'Resend code' })).not.toBeInTheDocument();
      expect(screen.getByText('Resend code in 20 min')).toBeInTheDocument();
      tick(60);
      expect(screen.getByText('Resend code in 19 min')).toBeInTheDocument();
      tick(18 * 60);
      expect(screen.getByText('Resend code in 1 min')).toBeInTheDocument();
      tick(1);
      expect(screen.getByText('Resend code in 59 s')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Resend code' })).not.toBeInTheDocument();
      tick(59);
      expect(screen.getByRole('button', { name: 'Resend code' })).toBeInTheDocument();
    });

    it('counts the wait in minutes in Chinese too', async () => {
      renderWithI18n(<Harness sendCode={() => Promise.reject(sendLimit())} submitCode={() => Promise.resolve()} />, undefined, 'zh');
      await settle();
      expect(screen.getByText('20 分钟后可重新发送')).toBeInTheDocument();
    });

    it('a refusal without Retry-After offers Resend at once (it cannot say how long)', async () => {
      const noRetryAfter = new ApiError({
        kind: 'business',
        path: PATHS.sendVerifyCode,
        httpStatus: 429,
        code: 'USE000002002',
        msg: 'Maximum attempts exceeded, try again in 1 hour',
      });
      renderWithI18n(<Harness sendCode={() => Promise.reject(noRetryAfter)} submitCode={() => Promise.resolve()} />);
      await settle();
      expect(screen.getByRole('button', { name: 'Resend code' })).toBeInTheDocument();
    });

    it('in Chinese too', async () => {
      renderWithI18n(<Harness sendCode={() => Promise.reject(sendLimit())} submitCode={() => Promise.resolve()} />, undefined, 'zh');
      await settle();
      expect(screen.getByRole('dialog')).toHaveAccessibleDescription('我们未能向 ann@example.com 发送验证码。');
      expect(within(screen.getByRole('dialog')).getByRole('alert')).toHaveTextContent(/^请求过于频繁，请 20 分钟后再试。$/);
    });

    it('on Resend: says no new code went out and when to ask again; the code sent before still reads as sent', async () => {
      const sendCode = vi.fn<() => Promise<unknown>>().mockResolvedValueOnce({ resendAfterSeconds: 59 }).mockRejectedValueOnce(sendLimit());
      renderWithI18n(<Harness sendCode={sendCode} submitCode={() => Promise.resolve()} />);
      await settle();
      tick(59);
      fireEvent.click(screen.getByRole('button', { name: 'Resend code' }));
      await settle();
      expect(sendCode).toHaveBeenCalledTimes(2);
      expect(within(dialog()).getByRole('alert')).toHaveTextContent(
        /^No new code was sent\. Too many requests\. Try again in 20 minutes\.$/,
      );
      expect(dialog()).toHaveAccessibleDescription('Enter the 6-digit code we sent to ann@example.com.');
      expect(screen.queryByRole('button', { name: 'Resend code' })).not.toBeInTheDocument();
      expect(screen.getByText('Resend code in 20 min')).toBeInTheDocument();
    });

    it('a Resend that goes through clears the refusal and says the code was sent', async () => {
      const sendCode = vi.fn<() => Promise<unknown>>().mockRejectedValueOnce(sendLimit()).mockResolvedValueOnce({ resendAfterSeconds: 59 });
      renderWithI18n(<Harness sendCode={sendCode} submitCode={() => Promise.resolve()} />);
      await settle();
      tick(20 * 60);
      fireEvent.click(screen.getByRole('button', { name: 'Resend code' }));
      await settle();
      expect(within(dialog()).queryByRole('alert')).not.toBeInTheDocument();
      expect(dialog()).toHaveAccessibleDescription('Enter the 6-digit code we sent to ann@example.com.');
      expect(screen.getByText('Resend code in 59 s')).toBeInTheDocument();
    });

    it('opened again within the 59 s (USE000002005): the code sent a moment ago still works, so no refusal, and Resend counts down from Retry-After', async () => {
      const tooEarly = new ApiError({
        kind: 'business',
        path: PATHS.sendVerifyCode,
        httpStatus: 429,
        code: 'USE000002005',
        msg: 'Please wait 40 s before asking for a new code',
        retryAfterSeconds: 40,
      });
      renderWithI18n(<Harness sendCode={() => Promise.reject(tooEarly)} submitCode={() => Promise.resolve()} />);
      await settle();
      expect(within(dialog()).queryByRole('alert')).not.toBeInTheDocument();
      expect(dialog()).toHaveAccessibleDescription('Enter the 6-digit code we sent to ann@example.com.');
      expect(screen.getByText('Resend code in 40 s')).toBeInTheDocument();
    });
  });

  it('focuses the first box and submits exactly once, with the six digits, at the sixth digit', () => {
    const { submit } = open();
    expect(boxes()[0]).toHaveFocus();
    type('12345');
    expect(submit).not.toHaveBeenCalled();
    type('6');
    expect(submit).toHaveBeenCalledTimes(1);
    expect(submit).toHaveBeenCalledWith('123456');
  });

  it('shows a failed submit under the boxes, and clears it on the next edit', async () => {
    const { submit } = open(() => Promise.reject(new Error('Invalid code. Please try again.')));
    type('999999');
    await settle();
    expect(submit).toHaveBeenCalledTimes(1);
    const error = within(dialog()).getByText('Invalid code. Please try again.');
    expect(boxes()[0]).toHaveAttribute('aria-invalid', 'true');
    expect(boxes()[0]).toHaveAccessibleDescription('Invalid code. Please try again.');
    expect(boxes()[0]).toBeEnabled();

    fireEvent.keyDown(boxes()[5]!, { key: 'Backspace' });
    expect(error).toBeEmptyDOMElement();
    expect(boxes()[0]).not.toHaveAttribute('aria-invalid');
    expect(boxes().map((box) => box.value)).toEqual(['', '', '', '', '', '']);
  });

  it('starts fresh when closed and opened again: empty boxes, 59 s and another code', async () => {
    const { sendCode } = open(() => Promise.reject(new Error('Invalid code. Please try again.')));
    type('123456');
    await settle();
    expect(within(dialog()).getByText('Invalid code. Please try again.')).toBeInTheDocument();
    tick(10);
    expect(screen.getByText('Resend code in 49 s')).toBeInTheDocument();

    fireEvent.click(within(dialog()).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'reopen' }));

    expect(sendCode).toHaveBeenCalledTimes(2);
    expect(boxes().map((box) => box.value)).toEqual(['', '', '', '', '', '']);
    expect(screen.getByText('Resend code in 59 s')).toBeInTheDocument();
    expect(within(dialog()).queryByText('Invalid code. Please try again.')).not.toBeInTheDocument();
  });
});
