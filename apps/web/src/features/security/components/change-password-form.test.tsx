import { PATHS } from '@causeway/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/http-errors';
import { renderWithI18n } from '@/test/render';
import { businessError, type Responder, routedHttpClient } from '@/test/routed-http-client';
import { captureToasts } from '@/test/toasts';
import { createSecurityApi } from '../api/security-api';
import { ChangePasswordForm } from './change-password-form';

const NEW_PASSWORD = 'Newpassword1!';

const toasts = captureToasts();

const open = (needsAuthenticator: boolean, respond: Responder = () => null) => {
  const fake = routedHttpClient({ [PATHS.passwordReinitialize]: respond });
  const onDone = vi.fn();
  // The change is a mutation: the form runs inside a query client, as on the security centre page.
  renderWithI18n(
    <QueryClientProvider client={new QueryClient()}>
      <ChangePasswordForm api={createSecurityApi(fake.client)} needsAuthenticator={needsAuthenticator} onDone={onDone} />
    </QueryClientProvider>,
  );
  return { ...fake, onDone, user: userEvent.setup() };
};

type User = ReturnType<typeof userEvent.setup>;
const save = () => screen.getByRole('button', { name: 'Save new password' });

async function fillPasswords(user: User) {
  await user.type(screen.getByLabelText('Current password'), 'old-password');
  await user.type(screen.getByLabelText('New password'), NEW_PASSWORD);
  await user.type(screen.getByLabelText('Repeat new password'), NEW_PASSWORD);
}

describe('ChangePasswordForm', () => {
  it('offers "Show password" on the current, the new and the repeated password', async () => {
    const { user } = open(false);
    const toggles = screen.getAllByRole('button', { name: 'Show password' });
    expect(toggles).toHaveLength(3);
    await user.click(toggles[0]!);
    expect(screen.getByLabelText('Current password')).toHaveAttribute('type', 'text');
    expect(screen.getByLabelText('New password')).toHaveAttribute('type', 'password');
    expect(toggles[0]).toHaveAttribute('aria-pressed', 'true');
  });

  it('without an authenticator asks for no code and sends no gaVerifyCode', async () => {
    const { user, bodiesOf, onDone } = open(false);
    expect(screen.queryByRole('group', { name: 'Authenticator code' })).not.toBeInTheDocument();
    expect(save()).toHaveAttribute('aria-disabled', 'true');
    await fillPasswords(user);
    expect(save()).not.toHaveAttribute('aria-disabled');
    await user.click(save());

    await vi.waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(bodiesOf(PATHS.passwordReinitialize)).toEqual([
      { oldPassword: 'old-password', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    ]);
    expect(toasts).toEqual([{ message: 'Your password is changed.', kind: 'success' }]);
  });

  it('with an authenticator bound requires its six digits and sends them as gaVerifyCode', async () => {
    const { user, bodiesOf, onDone } = open(true);
    await fillPasswords(user);
    expect(save()).toHaveAttribute('aria-disabled', 'true');
    await user.click(within(screen.getByRole('group', { name: 'Authenticator code' })).getAllByRole('textbox')[0]!);
    await user.keyboard('12345');
    expect(save()).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('6');
    expect(save()).not.toHaveAttribute('aria-disabled');
    await user.click(save());

    await vi.waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(bodiesOf(PATHS.passwordReinitialize)).toEqual([
      { oldPassword: 'old-password', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD, gaVerifyCode: '123456' },
    ]);
  });

  it('needs the current password and a new one meeting the rules', async () => {
    const { user, bodiesOf } = open(false);
    await user.type(screen.getByLabelText('New password'), NEW_PASSWORD);
    await user.type(screen.getByLabelText('Repeat new password'), NEW_PASSWORD);
    expect(save()).toHaveAttribute('aria-disabled', 'true');
    await user.type(screen.getByLabelText('Current password'), 'old-password');
    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'short1!A');
    expect(save()).toHaveAttribute('aria-disabled', 'true');
    await user.click(save());
    expect(bodiesOf(PATHS.passwordReinitialize)).toEqual([]);
  });

  it("shows the server's message when the change fails", async () => {
    const { user, onDone } = open(false, () =>
      Promise.reject(businessError(PATHS.passwordReinitialize, 'USE000001005', 'The current password is wrong.')),
    );
    await fillPasswords(user);
    await user.click(save());
    expect(await screen.findByRole('alert')).toHaveTextContent('The current password is wrong.');
    expect(onDone).not.toHaveBeenCalled();
    expect(toasts).toEqual([]);
  });

  it("shows a network failure in the translated text, not the client's developer text", async () => {
    const { user, onDone } = open(false, () =>
      Promise.reject(new ApiError({ kind: 'network', path: PATHS.passwordReinitialize, msg: 'Network error' })),
    );
    await fillPasswords(user);
    await user.click(save());
    expect(await screen.findByRole('alert')).toHaveTextContent('No response from server, check the order at the history page');
    expect(screen.queryByText('Network error')).not.toBeInTheDocument();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('shows a lock of the current password or the authenticator (429 USE000002002) in the lock text of the page language', async () => {
    const { user, onDone } = open(false, () =>
      Promise.reject(
        new ApiError({ kind: 'business', path: PATHS.passwordReinitialize, httpStatus: 429, code: 'USE000002002', msg: 'server words' }),
      ),
    );
    await fillPasswords(user);
    await user.click(save());
    expect(await screen.findByRole('alert')).toHaveTextContent('Maximum attempts exceeded, try again in 1 hour');
    expect(screen.queryByText('server words')).not.toBeInTheDocument();
    expect(onDone).not.toHaveBeenCalled();
  });
});
