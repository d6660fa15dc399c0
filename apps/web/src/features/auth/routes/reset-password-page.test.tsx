import { PATHS } from '@causeway/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/http-errors';
import { renderPage } from '@/test/render';
import { businessError, type Responder, routedHttpClient } from '@/test/routed-http-client';
import { captureToasts } from '@/test/toasts';
import { landedOn, STRONG_PASSWORD } from './login-test-kit';
import { ResetPasswordPage } from './reset-password-page';

const toasts = captureToasts();

const open = (query = '', routes: Record<string, Responder> = {}) => {
  const fake = routedHttpClient({
    [PATHS.passwordResetCheck]: () => ({ resendAfterSeconds: 59, expiresInSeconds: 600 }),
    [PATHS.passwordReset]: () => null,
    ...routes,
  });
  renderPage(<ResetPasswordPage />, { path: '/:lng/reset-pwd', url: `/en/reset-pwd${query}`, client: fake.client });
  return { ...fake, user: userEvent.setup() };
};

type User = ReturnType<typeof userEvent.setup>;
const resetButton = () => screen.getByRole('button', { name: 'Reset password' });

async function sendCode(user: User) {
  await user.click(screen.getByRole('button', { name: 'Send code' }));
  await screen.findByRole('group', { name: 'Code from the email' });
}

async function fillResetForm(user: User, code = '123456') {
  await user.click(within(screen.getByRole('group', { name: 'Code from the email' })).getAllByRole('textbox')[0]!);
  await user.keyboard(code);
  await user.type(screen.getByLabelText('New password'), STRONG_PASSWORD);
  await user.type(screen.getByLabelText('Repeat password'), STRONG_PASSWORD);
}

describe('reset password page', () => {
  it('offers "Show password" on the new password and its repeat', async () => {
    const { user } = open('?email=ann%40example.com');
    await sendCode(user);
    const toggles = screen.getAllByRole('button', { name: 'Show password' });
    expect(toggles).toHaveLength(2);
    await user.click(toggles[1]!);
    expect(screen.getByLabelText('Repeat password')).toHaveAttribute('type', 'text');
    expect(screen.getByLabelText('New password')).toHaveAttribute('type', 'password');
  });

  it('asks for the email (prefilled from ?email) and sends it a code', async () => {
    const { user, bodiesOf } = open('?email=ann%40example.com');
    expect(screen.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('ann@example.com');
    await sendCode(user);

    expect(bodiesOf(PATHS.passwordResetCheck)).toEqual([{ email: 'ann@example.com' }]);
    expect(screen.getByText('If ann@example.com has an account, a code is on its way. It is valid for 10 minutes.')).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toBeInTheDocument();
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
  });

  it('keeps Send code inactive until the address has an @', async () => {
    const { user, bodiesOf } = open();
    const send = screen.getByRole('button', { name: 'Send code' });
    expect(send).toHaveAttribute('aria-disabled', 'true');
    await user.click(send);
    expect(bodiesOf(PATHS.passwordResetCheck)).toEqual([]);
    await user.type(screen.getByLabelText('Email'), 'bob@example.com');
    expect(send).not.toHaveAttribute('aria-disabled');
  });

  it('resets with email, code and the new password twice, then goes to the personal sign-in', async () => {
    const { user, bodiesOf } = open('?email=ann%40example.com');
    await sendCode(user);
    expect(resetButton()).toHaveAttribute('aria-disabled', 'true');
    await fillResetForm(user);
    expect(resetButton()).not.toHaveAttribute('aria-disabled');
    await user.click(resetButton());

    expect(await landedOn()).toBe('/en/login-v2');
    expect(bodiesOf(PATHS.passwordReset)).toEqual([
      { email: 'ann@example.com', code: '123456', password: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD },
    ]);
    expect(toasts).toEqual([{ message: 'Your password is reset. Sign in with the new one.', kind: 'success' }]);
  });

  it.each([
    ['business', '/en/business-login'],
    ['independent', '/en/login-independent'],
    ['nonsense', '/en/login-v2'],
  ])('returns to the login page of ?mode=%s', async (mode, target) => {
    const { user } = open(`?email=ann%40example.com&mode=${mode}`);
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', target);
    await sendCode(user);
    await fillResetForm(user);
    await user.click(resetButton());
    expect(await landedOn()).toBe(target);
  });

  it('asks for the authenticator code when the server answers USE000001006, and sends it with the next submit', async () => {
    let calls = 0;
    const { user, bodiesOf } = open('?email=ann%40example.com', {
      [PATHS.passwordReset]: () => {
        calls += 1;
        return calls === 1
          ? Promise.reject(businessError(PATHS.passwordReset, 'USE000001006', 'The authenticator code is required for this change.'))
          : null;
      },
    });
    await sendCode(user);
    expect(screen.queryByRole('group', { name: 'Authenticator code' })).not.toBeInTheDocument();
    await fillResetForm(user);
    await user.click(resetButton());

    const field = await screen.findByRole('group', { name: 'Authenticator code' });
    expect(screen.getByRole('status')).toHaveTextContent('This account has an authenticator: enter its 6-digit code too.');
    expect(within(field).getAllByRole('textbox')).toHaveLength(6);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(resetButton()).toHaveAttribute('aria-disabled', 'true');
    await user.click(within(field).getAllByRole('textbox')[0]!);
    await user.keyboard('654321');
    expect(resetButton()).not.toHaveAttribute('aria-disabled');
    await user.click(resetButton());

    expect(await landedOn()).toBe('/en/login-v2');
    const first = { email: 'ann@example.com', code: '123456', password: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD };
    expect(bodiesOf(PATHS.passwordReset)).toEqual([first, { ...first, gaVerifyCode: '654321' }]);
    expect(toasts).toEqual([{ message: 'Your password is reset. Sign in with the new one.', kind: 'success' }]);
  });

  it('shows "Invalid code. Please try again." for USE003000002 and stays', async () => {
    const { user } = open('?email=ann%40example.com', {
      [PATHS.passwordReset]: () => Promise.reject(businessError(PATHS.passwordReset, 'USE003000002', 'Verification code error')),
    });
    await sendCode(user);
    await fillResetForm(user, '000000');
    await user.click(resetButton());

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid code. Please try again.');
    expect(screen.queryByTestId('elsewhere')).not.toBeInTheDocument();
    expect(toasts).toEqual([]);
  });

  it('shows a lock (429 USE000002002) as the lock text, not "invalid code", and stays', async () => {
    const { user } = open('?email=ann%40example.com', {
      [PATHS.passwordReset]: () =>
        Promise.reject(
          new ApiError({
            kind: 'business',
            path: PATHS.passwordReset,
            httpStatus: 429,
            code: 'USE000002002',
            msg: 'Maximum attempts exceeded, try again in 1 hour',
          }),
        ),
    });
    await sendCode(user);
    await fillResetForm(user, '000000');
    await user.click(resetButton());

    expect(await screen.findByRole('alert')).toHaveTextContent('Maximum attempts exceeded, try again in 1 hour');
    expect(screen.queryByText('Invalid code. Please try again.')).not.toBeInTheDocument();
    expect(screen.queryByTestId('elsewhere')).not.toBeInTheDocument();
  });

  describe('a refused code send (issue 14)', () => {
    it('past a send limit (429 USE000002002) says when to ask again from Retry-After, not "in 1 hour"', async () => {
      const { user } = open('?email=ann%40example.com', {
        [PATHS.passwordResetCheck]: () =>
          Promise.reject(
            new ApiError({
              kind: 'business',
              path: PATHS.passwordResetCheck,
              httpStatus: 429,
              code: 'USE000002002',
              msg: 'Maximum attempts exceeded, try again in 1 hour',
              retryAfterSeconds: 1200,
            }),
          ),
      });
      await user.click(screen.getByRole('button', { name: 'Send code' }));

      expect(await screen.findByRole('alert')).toHaveTextContent(/^Too many requests\. Try again in 20 minutes\.$/);
      expect(screen.getByLabelText('Email')).toHaveValue('ann@example.com');
      expect(screen.queryByRole('group', { name: 'Code from the email' })).not.toBeInTheDocument();
    });

    it('asked again within the 59 s (USE000002005): the code sent a moment ago still works, so its form opens', async () => {
      const { user } = open('?email=ann%40example.com', {
        [PATHS.passwordResetCheck]: () =>
          Promise.reject(
            new ApiError({
              kind: 'business',
              path: PATHS.passwordResetCheck,
              httpStatus: 429,
              code: 'USE000002005',
              msg: 'Please wait 40 s before asking for a new code',
              retryAfterSeconds: 40,
            }),
          ),
      });
      await sendCode(user);
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(screen.getByText('If ann@example.com has an account, a code is on its way. It is valid for 10 minutes.')).toBeInTheDocument();
    });
  });
});
