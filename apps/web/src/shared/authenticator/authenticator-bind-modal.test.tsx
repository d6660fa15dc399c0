import { PATHS } from '@causeway/contracts';
import { bundledTranslations } from '@causeway/translations';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderPage } from '@/test/render';
import { businessError, type Responder, routedHttpClient } from '@/test/routed-http-client';
import { captureToasts } from '@/test/toasts';
import { createAuthenticatorApi } from '@/lib/authenticator-api';
import { ApiError } from '@/lib/http-errors';
import { AuthenticatorBindModal } from './authenticator-bind-modal';
import { loadDialogShell } from '@/ui';

// The dialog's chunk is there already, as once a page has been idle: these tests are about what the
// dialog holds (opening before the chunk arrives is ui/lazy-dialog-shell.test.tsx's).
beforeAll(async () => {
  await loadDialogShell();
});

const SETUP = { googleAuthenticatorToken: 'JBSWY3DPEHPK3PXP', qrCode: 'data:image/png;base64,QUJD' };
const FAILED = 'Authenticator bind failed. Please try again.';

const toasts = captureToasts();
afterEach(() => vi.useRealTimers());

const open = (routes: Record<string, Responder> = {}) => {
  const fake = routedHttpClient({
    [PATHS.authenticatorQrCode]: () => SETUP,
    [PATHS.verificationSendCode]: () => ({ resendAfterSeconds: 59, expiresInSeconds: 600 }),
    [PATHS.bindGoogleAuthenticator]: () => ({ bindStatus: 'SUCCESS' }),
    ...routes,
  });
  const onBound = vi.fn();
  const modal = (
    <AuthenticatorBindModal open email="ann@example.com" api={createAuthenticatorApi(fake.client)} onClose={() => {}} onBound={onBound} />
  );
  const { i18n } = renderPage(modal, { path: '/', url: '/' });
  return { ...fake, onBound, i18n, user: userEvent.setup() };
};

type User = ReturnType<typeof userEvent.setup>;
const dialog = () => screen.getByRole('dialog', { name: 'Set up your authenticator' });
const submit = () => within(dialog()).getByRole('button', { name: 'Submit' });

async function toCodeStep(user: User) {
  await user.click(within(dialog()).getByRole('button', { name: 'Continue' }));
  await screen.findByTestId('setup-key');
  await user.click(within(dialog()).getByRole('button', { name: 'Continue' }));
  await screen.findByRole('button', { name: 'Submit' });
}

async function typeCode(user: User, group: string, digits: string) {
  await user.click(within(screen.getByRole('group', { name: group })).getAllByRole('textbox')[0]!);
  await user.keyboard(digits);
}

async function submitCodes(user: User) {
  await typeCode(user, 'Email code', '111111');
  await typeCode(user, 'Authenticator code', '222222');
  await user.click(submit());
}

/** Where a message shows: the top error line, and/or under the authenticator code boxes. */
const placesOf = (message: string) => ({
  top: screen.queryByRole('alert')?.textContent === message,
  under: document.getElementById('bind-under-error')?.textContent === message,
});

describe('AuthenticatorBindModal', () => {
  it('step 0 introduces the apps; Continue loads the setup key and a 100×100 QR code', async () => {
    const { user, bodiesOf } = open();
    expect(within(dialog()).getByText(/You need an authenticator app/)).toBeInTheDocument();
    expect(bodiesOf(PATHS.authenticatorQrCode)).toEqual([]);
    await user.click(within(dialog()).getByRole('button', { name: 'Continue' }));

    expect(await screen.findByTestId('setup-key')).toHaveTextContent('JBSWY3DPEHPK3PXP');
    const qr = screen.getByRole('img', { name: 'QR code to add Causeway to your authenticator app' });
    expect(qr).toHaveAttribute('src', SETUP.qrCode);
    expect(qr).toHaveAttribute('width', '100');
    expect(qr).toHaveAttribute('height', '100');
    expect(bodiesOf(PATHS.authenticatorQrCode)).toEqual([{ qrCodeWidth: 100, qrCodeHeight: 100 }]);
  });

  it('step 0 links to the download app modal', async () => {
    const { user } = open({ [PATHS.downloadAppQrCode]: () => [] });
    await user.click(within(dialog()).getByRole('button', { name: 'Download an authenticator app' }));
    expect(await screen.findByRole('dialog', { name: 'Download an authenticator app' })).toBeInTheDocument();
  });

  it('step 2 keeps Submit inactive until both six-digit codes are in', async () => {
    const { user, bodiesOf } = open();
    await toCodeStep(user);
    expect(submit()).toHaveAttribute('aria-disabled', 'true');
    await typeCode(user, 'Email code', '111111');
    expect(submit()).toHaveAttribute('aria-disabled', 'true');
    await typeCode(user, 'Authenticator code', '22222');
    expect(submit()).toHaveAttribute('aria-disabled', 'true');
    await user.click(submit());
    expect(bodiesOf(PATHS.bindGoogleAuthenticator)).toEqual([]);
    await user.click(within(screen.getByRole('group', { name: 'Authenticator code' })).getAllByRole('textbox')[5]!);
    await user.keyboard('2');
    expect(submit()).not.toHaveAttribute('aria-disabled');
  });

  it('"Send code" sends the GA_BIND email code and counts down from 59 s', async () => {
    const { user, bodiesOf } = open();
    await toCodeStep(user);
    // From here a clock that only moves when told to (so clicks go through fireEvent).
    vi.useFakeTimers();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Send code' }));
    expect(bodiesOf(PATHS.verificationSendCode)).toEqual([
      { verifyBusiness: 'GA_BIND', email: 'ann@example.com', nonInductiveVerification: true },
    ]);
    const resend = within(dialog()).getByRole('button', { name: 'Resend in 59 s' });
    expect(resend).toBeDisabled();
    act(() => vi.advanceTimersByTime(1000));
    expect(resend).toHaveTextContent('Resend in 58 s');
  });

  describe('a refused code send (issue 14: only a toast said it, and Send was offered again at once)', () => {
    /** send-code past a send limit: 429 USE000002002 with Retry-After (here 20 minutes). */
    const sendLimit = () =>
      new ApiError({
        kind: 'business',
        path: PATHS.verificationSendCode,
        httpStatus: 429,
        code: 'USE000002002',
        msg: 'Maximum attempts exceeded, try again in 1 hour',
        retryAfterSeconds: 1200,
      });

    it('says in the dialog that no code went out and when to ask again, and waits out Retry-After before offering Send', async () => {
      const { user, calls } = open({ [PATHS.verificationSendCode]: () => Promise.reject(sendLimit()) });
      await toCodeStep(user);
      vi.useFakeTimers();
      fireEvent.click(within(dialog()).getByRole('button', { name: 'Send code' }));
      await act(async () => {});
      expect(within(dialog()).getByRole('alert')).toHaveTextContent(/^Too many requests\. Try again in 20 minutes\.$/);
      expect(within(dialog()).getByRole('button', { name: 'Resend in 20 min' })).toBeDisabled();
      // Said in the dialog, so the client does not toast it as well.
      expect(calls.find((call) => call.path === PATHS.verificationSendCode)?.options).toEqual({ silent: true });
      // A tick reads the clock: one a minute, and the one after the 20th minute ends the wait.
      for (let minute = 0; minute <= 20; minute++) act(() => vi.advanceTimersByTime(60_000));
      expect(within(dialog()).getByRole('button', { name: 'Send code' })).toBeEnabled();
    });

    it('in Chinese too', async () => {
      const { user, i18n } = open({ [PATHS.verificationSendCode]: () => Promise.reject(sendLimit()) });
      await toCodeStep(user);
      await user.click(within(dialog()).getByRole('button', { name: 'Send code' }));
      await act(async () => {
        i18n.addResourceBundle('zh', 'translation', bundledTranslations.zh);
        await i18n.changeLanguage('zh');
      });
      expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent(/^请求过于频繁，请 20 分钟后再试。$/);
      expect(within(screen.getByRole('dialog')).getByRole('button', { name: '20 分钟后可重发' })).toBeDisabled();
    });

    it('asked again within the 59 s (USE000002005): the code sent a moment ago still works, so no refusal, and Resend counts down from Retry-After', async () => {
      const tooEarly = new ApiError({
        kind: 'business',
        path: PATHS.verificationSendCode,
        httpStatus: 429,
        code: 'USE000002005',
        msg: 'Please wait 40 s before asking for a new code',
        retryAfterSeconds: 40,
      });
      const { user } = open({ [PATHS.verificationSendCode]: () => Promise.reject(tooEarly) });
      await toCodeStep(user);
      fireEvent.click(within(dialog()).getByRole('button', { name: 'Send code' }));
      expect(await within(dialog()).findByRole('button', { name: 'Resend in 40 s' })).toBeDisabled();
      expect(within(dialog()).queryByRole('alert')).not.toBeInTheDocument();
    });
  });

  it('binds with both codes, toasts the success and reports it', async () => {
    const { user, bodiesOf, onBound } = open();
    await toCodeStep(user);
    await submitCodes(user);
    await vi.waitFor(() => expect(onBound).toHaveBeenCalledTimes(1));
    expect(bodiesOf(PATHS.bindGoogleAuthenticator)).toEqual([{ newGaVerifyCode: '222222', emailVerifyCode: '111111' }]);
    expect(toasts).toEqual([{ message: 'Your authenticator is set up.', kind: 'success' }]);
  });

  it.each([
    ['USE003000011', 'under the boxes only', { top: false, under: true }],
    ['USE003000009', 'as the top error only', { top: true, under: false }],
    ['USE003000002', 'both on top and under the boxes', { top: true, under: true }],
  ])('shows %s %s', async (code, _where, places) => {
    const message = `server says ${code}`;
    const { user, onBound } = open({
      [PATHS.bindGoogleAuthenticator]: () => Promise.reject(businessError(PATHS.bindGoogleAuthenticator, code, message)),
    });
    await toCodeStep(user);
    await submitCodes(user);
    expect(await within(dialog()).findAllByText(message)).toHaveLength(places.top && places.under ? 2 : 1);
    expect(placesOf(message)).toEqual(places);
    expect(toasts).toEqual([]);
    expect(onBound).not.toHaveBeenCalled();
  });

  it('shows USE000002002 on top with the too-many-attempts text', async () => {
    const { user } = open({
      [PATHS.bindGoogleAuthenticator]: () => Promise.reject(businessError(PATHS.bindGoogleAuthenticator, 'USE000002002', 'slow down')),
    });
    await toCodeStep(user);
    await submitCodes(user);
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent('Maximum attempts exceeded, try again in 1 hour');
    expect(screen.queryByText('slow down')).not.toBeInTheDocument();
    expect(document.getElementById('bind-under-error')).toBeNull();
  });

  it('a lock (USE000002002) closes both code boxes and Submit, so no further code is sent into it', async () => {
    const { user, bodiesOf } = open({
      [PATHS.bindGoogleAuthenticator]: () =>
        Promise.reject(businessError(PATHS.bindGoogleAuthenticator, 'USE000002002', 'Maximum attempts exceeded, try again in 1 hour')),
    });
    await toCodeStep(user);
    await submitCodes(user);
    await within(dialog()).findByRole('alert');
    for (const group of ['Email code', 'Authenticator code']) {
      for (const box of within(screen.getByRole('group', { name: group })).getAllByRole('textbox')) expect(box).toBeDisabled();
    }
    expect(submit()).toHaveAttribute('aria-disabled', 'true');
    await user.click(submit());
    expect(bodiesOf(PATHS.bindGoogleAuthenticator)).toHaveLength(1);
    expect(within(dialog()).getByRole('alert')).toHaveTextContent('Maximum attempts exceeded, try again in 1 hour');
  });

  it.each([
    ['USE000000003', 'Already bound', 'Already bound'],
    ['USE003000008', 'Cooling off', 'Cooling off'],
    ['USE003000010', '', FAILED],
  ])('toasts %s as information, with the server message or the generic failure', async (code, msg, expected) => {
    const { user, onBound } = open({
      [PATHS.bindGoogleAuthenticator]: () => Promise.reject(businessError(PATHS.bindGoogleAuthenticator, code, msg)),
    });
    await toCodeStep(user);
    await submitCodes(user);
    await vi.waitFor(() => expect(toasts).toEqual([{ message: expected, kind: 'info' }]));
    expect(within(dialog()).queryByRole('alert')).not.toBeInTheDocument();
    expect(document.getElementById('bind-under-error')).toBeNull();
    expect(onBound).not.toHaveBeenCalled();
  });

  it('toasts the generic failure when the server answers FAILED', async () => {
    const { user, onBound } = open({ [PATHS.bindGoogleAuthenticator]: () => ({ bindStatus: 'FAILED' }) });
    await toCodeStep(user);
    await submitCodes(user);
    await vi.waitFor(() => expect(toasts).toEqual([{ message: FAILED, kind: 'info' }]));
    expect(onBound).not.toHaveBeenCalled();
  });
});
