import { PATHS } from '@causeway/contracts';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/http-errors';
import { renderPage } from '@/test/render';
import { businessError, type Responder, routedHttpClient } from '@/test/routed-http-client';
import { loadDialogShell } from '@/ui';
import { createSecurityApi } from '../api/security-api';
import { ChangeAuthenticatorModal } from './change-authenticator-modal';

// The dialog's chunk is there already, as once a page has been idle (opening before it arrives is ui/lazy-dialog-shell.test.tsx's).
beforeAll(async () => {
  await loadDialogShell();
});
afterEach(() => vi.useRealTimers());

const SETUP = { googleAuthenticatorToken: 'NEWKEY2345ABCDEF', qrCode: 'data:image/png;base64,TkVX' };
const LOCK_TEXT = 'Maximum attempts exceeded, try again in 1 hour';

const open = (routes: Record<string, Responder> = {}) => {
  const fake = routedHttpClient({
    [PATHS.preCheckChangeGoogleAuthenticator]: () => SETUP,
    [PATHS.verificationSendCode]: () => ({ resendAfterSeconds: 59, expiresInSeconds: 600 }),
    [PATHS.changeGoogleAuthenticator]: () => ({ bindStatus: 'SUCCESS' }),
    ...routes,
  });
  const onChanged = vi.fn();
  const onClose = vi.fn();
  const modal = (
    <ChangeAuthenticatorModal open email="ann@example.com" api={createSecurityApi(fake.client)} onClose={onClose} onChanged={onChanged} />
  );
  const { i18n } = renderPage(modal, { path: '/', url: '/' });
  return { ...fake, onChanged, onClose, i18n, user: userEvent.setup() };
};

type User = ReturnType<typeof userEvent.setup>;
const dialog = () => screen.getByRole('dialog', { name: 'Change authenticator' });
const submit = () => within(dialog()).getByRole('button', { name: 'Submit' });
const boxesOf = (group: string) => within(screen.getByRole('group', { name: group })).getAllByRole('textbox');
const CURRENT = 'Current authenticator code';
const EMAIL = 'Email code';
const NEW = 'New authenticator code';

async function toCodeStep(user: User) {
  await user.click(within(dialog()).getByRole('button', { name: 'Continue' }));
  await screen.findByTestId('setup-key');
  await user.click(within(dialog()).getByRole('button', { name: 'Continue' }));
  await screen.findByRole('button', { name: 'Submit' });
}

async function typeCode(user: User, group: string, digits: string) {
  await user.click(boxesOf(group)[0]!);
  await user.keyboard(digits);
}

async function fillCodes(user: User) {
  await typeCode(user, CURRENT, '111111');
  await typeCode(user, EMAIL, '222222');
  await typeCode(user, NEW, '333333');
}

/** The error a code's boxes are described by ('' for none). */
const errorOf = (group: string) => {
  const id = boxesOf(group)[0]!.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? '') : '';
};
const errors = () => ({ current: errorOf(CURRENT), email: errorOf(EMAIL), next: errorOf(NEW) });

describe('ChangeAuthenticatorModal', () => {
  it('step 1 says what changes, and asks for no new setup key before Continue', async () => {
    const { bodiesOf } = open();
    expect(within(dialog()).getByRole('heading', { name: 'Step 1 of 3 What changes' })).toBeInTheDocument();
    const changes = within(dialog())
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(changes).toEqual([
      'every other device signed in to your account is signed out;',
      'selling and adding cards or bank accounts pause for 24 hours.',
    ]);
    expect(within(dialog()).getByText(/access to ann@example\.com/)).toBeInTheDocument();
    expect(bodiesOf(PATHS.preCheckChangeGoogleAuthenticator)).toEqual([]);
  });

  it('step 2 shows the new setup key and a 100×100 QR code from pre-check, with Copy; its heading takes focus', async () => {
    const { user, calls } = open();
    await user.click(within(dialog()).getByRole('button', { name: 'Continue' }));

    const heading = await within(dialog()).findByRole('heading', { name: 'Step 2 of 3 Add Causeway to the new app' });
    expect(heading).toHaveFocus();
    expect(screen.getByTestId('setup-key')).toHaveTextContent('NEWKEY2345ABCDEF');
    const qr = screen.getByRole('img', { name: 'QR code to add Causeway to your authenticator app' });
    expect(qr).toHaveAttribute('src', SETUP.qrCode);
    expect(qr).toHaveAttribute('width', '100');
    expect(qr).toHaveAttribute('height', '100');
    // Said in the modal, never toasted by the client.
    expect(calls.filter((call) => call.path === PATHS.preCheckChangeGoogleAuthenticator)).toEqual([
      { method: 'GET', path: PATHS.preCheckChangeGoogleAuthenticator, body: undefined, options: { silent: true } },
    ]);

    await user.click(within(dialog()).getByRole('button', { name: 'Copy the setup key' }));
    expect(await navigator.clipboard.readText()).toBe('NEWKEY2345ABCDEF');
    expect(within(dialog()).getByRole('status')).toHaveTextContent('Copied');
  });

  it.each([
    ['USE003000010', 'This account has no authenticator to change. Close this window and set one up.'],
    ['USE000002002', LOCK_TEXT],
  ])('a refused pre-check (%s) is said on top of step 1', async (code, text) => {
    const { user } = open({
      [PATHS.preCheckChangeGoogleAuthenticator]: () =>
        Promise.reject(businessError(PATHS.preCheckChangeGoogleAuthenticator, code, 'server words')),
    });
    await user.click(within(dialog()).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(text);
    expect(within(dialog()).getByRole('heading', { name: /What changes/ })).toBeInTheDocument();
  });

  it('step 3 keeps Submit inactive until all three six-digit codes are in; Back shows the same setup key again', async () => {
    const { user, bodiesOf } = open();
    await toCodeStep(user);
    expect(within(dialog()).getByRole('heading', { name: 'Step 3 of 3 Enter the three codes' })).toHaveFocus();
    expect(submit()).toHaveAttribute('aria-disabled', 'true');
    await typeCode(user, CURRENT, '111111');
    await typeCode(user, EMAIL, '222222');
    await typeCode(user, NEW, '33333');
    expect(submit()).toHaveAttribute('aria-disabled', 'true');
    await user.click(submit());
    expect(bodiesOf(PATHS.changeGoogleAuthenticator)).toEqual([]);
    await user.click(boxesOf(NEW)[5]!);
    await user.keyboard('3');
    expect(submit()).not.toHaveAttribute('aria-disabled');

    await user.click(within(dialog()).getByRole('button', { name: 'Back' }));
    expect(screen.getByTestId('setup-key')).toHaveTextContent('NEWKEY2345ABCDEF');
    expect(bodiesOf(PATHS.preCheckChangeGoogleAuthenticator)).toHaveLength(1);
  });

  it('"Send code" emails the GA_CHANGE code to the signed-in address and counts down from 59 s', async () => {
    const { user, calls } = open();
    await toCodeStep(user);
    expect(within(dialog()).getByText('We email it to ann@example.com.')).toBeInTheDocument();
    vi.useFakeTimers();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Send code' }));
    expect(calls.filter((call) => call.path === PATHS.verificationSendCode)).toEqual([
      {
        method: 'POST',
        path: PATHS.verificationSendCode,
        body: { verifyBusiness: 'GA_CHANGE', email: 'ann@example.com', nonInductiveVerification: true },
        options: { silent: true },
      },
    ]);
    const resend = within(dialog()).getByRole('button', { name: 'Resend in 59 s' });
    expect(resend).toBeDisabled();
    act(() => vi.advanceTimersByTime(1000));
    expect(resend).toHaveTextContent('Resend in 58 s');
  });

  it('a refused send says when to ask again beside the email code', async () => {
    const limit = new ApiError({
      kind: 'business',
      path: PATHS.verificationSendCode,
      httpStatus: 429,
      code: 'USE000002002',
      msg: LOCK_TEXT,
      retryAfterSeconds: 1200,
    });
    const { user } = open({ [PATHS.verificationSendCode]: () => Promise.reject(limit) });
    await toCodeStep(user);
    await user.click(within(dialog()).getByRole('button', { name: 'Send code' }));
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(/^Too many requests\. Try again in 20 minutes\.$/);
    expect(within(dialog()).getByRole('button', { name: 'Resend in 20 min' })).toBeDisabled();
  });

  it('changes with the three codes (Enter submits), shows the confirmation and reports it; Done closes', async () => {
    const { user, calls, onChanged, onClose } = open();
    await toCodeStep(user);
    await fillCodes(user);
    await user.keyboard('{Enter}');

    const done = await within(dialog()).findByRole('heading', { name: 'Authenticator changed' });
    expect(done).toHaveFocus();
    expect(
      within(dialog()).getByText(
        /Other devices signed in to your account were signed out, and selling and adding cards or bank accounts are paused for 24 hours\./,
      ),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.path === PATHS.changeGoogleAuthenticator)).toEqual([
      {
        method: 'POST',
        path: PATHS.changeGoogleAuthenticator,
        body: { oldGaVerifyCode: '111111', emailVerifyCode: '222222', newGaVerifyCode: '333333' },
        options: { silent: true },
      },
    ]);
    expect(onChanged).toHaveBeenCalledTimes(1);
    expect(onClose).not.toHaveBeenCalled();
    await user.click(within(dialog()).getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  describe('each refusal in its place', () => {
    const refuse = (code: string, msg = 'server words') => ({
      [PATHS.changeGoogleAuthenticator]: () => Promise.reject(businessError(PATHS.changeGoogleAuthenticator, code, msg)),
    });

    it('USE003000011 (the current or the new app code is wrong: the server checks both together) marks both app codes, each naming the other, and focuses the current one', async () => {
      const { user, onChanged } = open(refuse('USE003000011', 'Invalid code. Please try again.'));
      await toCodeStep(user);
      await fillCodes(user);
      await user.click(submit());

      await vi.waitFor(() => expect(errorOf(CURRENT)).not.toBe(''));
      expect(errors()).toEqual({
        current: "Check this code and the new app's code: one of them is wrong.",
        email: '',
        next: "Check this code and the current app's code: one of them is wrong.",
      });
      expect(boxesOf(CURRENT)[0]).toHaveAttribute('aria-invalid', 'true');
      expect(boxesOf(NEW)[0]).toHaveAttribute('aria-invalid', 'true');
      expect(boxesOf(CURRENT)).toContain(document.activeElement);
      expect(within(dialog()).queryByRole('alert')).not.toBeInTheDocument();
      expect(onChanged).not.toHaveBeenCalled();
      // Correcting a code clears its message.
      await user.keyboard('{Backspace}');
      expect(errorOf(CURRENT)).toBe('');
    });

    it.each([
      ['USE003000002', 'The email code is wrong. Check the latest email and try again.'],
      ['USE000002003', 'This email code has expired. Send a new one.'],
      ['USE000002004', 'This email code was already used. Send a new one.'],
    ])('%s shows under the email code only, in the page language, and focuses it', async (code, text) => {
      const { user } = open(refuse(code));
      await toCodeStep(user);
      await fillCodes(user);
      await user.click(submit());

      await vi.waitFor(() => expect(errorOf(EMAIL)).toBe(text));
      expect(errors()).toEqual({ current: '', email: text, next: '' });
      expect(boxesOf(EMAIL)).toContain(document.activeElement);
      expect(screen.queryByText('server words')).not.toBeInTheDocument();
    });

    it('USE000002002 (locked) shows the lock text on top and closes the three codes, Send and Submit', async () => {
      const { user, bodiesOf } = open(refuse('USE000002002', 'server words'));
      await toCodeStep(user);
      await fillCodes(user);
      await user.click(submit());

      expect(await within(dialog()).findByRole('alert')).toHaveTextContent(LOCK_TEXT);
      for (const group of [CURRENT, EMAIL, NEW]) for (const box of boxesOf(group)) expect(box).toBeDisabled();
      expect(within(dialog()).getByRole('button', { name: 'Send code' })).toBeDisabled();
      expect(submit()).toHaveAttribute('aria-disabled', 'true');
      await user.click(submit());
      expect(bodiesOf(PATHS.changeGoogleAuthenticator)).toHaveLength(1);
      expect(errors()).toEqual({ current: '', email: '', next: '' });
    });

    it.each([
      [
        'USE003000010',
        () => businessError(PATHS.changeGoogleAuthenticator, 'USE003000010', 'x'),
        'This account has no authenticator to change. Close this window and set one up.',
      ],
      [
        'no answer',
        () => new ApiError({ kind: 'network', path: PATHS.changeGoogleAuthenticator, msg: 'Network error' }),
        'No answer from the server. Reload the page to see whether the change went through.',
      ],
      ['FAILED', null, 'The authenticator could not be changed. Please try again.'],
    ] as const)('%s shows on top', async (_case, failure, text) => {
      const { user, onChanged } = open({
        [PATHS.changeGoogleAuthenticator]: () => (failure ? Promise.reject(failure()) : { bindStatus: 'FAILED' }),
      });
      await toCodeStep(user);
      await fillCodes(user);
      await user.click(submit());
      expect(await within(dialog()).findByRole('alert')).toHaveTextContent(text);
      expect(errors()).toEqual({ current: '', email: '', next: '' });
      expect(onChanged).not.toHaveBeenCalled();
    });
  });
});
