import { PATHS } from '@causeway/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MODE_STORAGE_KEY, type FlowMode } from '@/lib/mode';
import { tokenStorageKey } from '@/lib/session';
import { storage } from '@/lib/storage';
import { renderPage } from '@/test/render';
import { businessError, routedHttpClient } from '@/test/routed-http-client';
import { JoinMailingListPage } from './join-mailing-list-page';

const signIn = (mode: FlowMode = 'individual') =>
  storage.setItem(tokenStorageKey(mode), { token: `${mode}-token`, validTime: Date.now() + 60_000 });

function openPage(url = '/en/join-mailing-list') {
  const http = routedHttpClient({ [PATHS.joinUkEmailList]: () => ({ joined: true, alreadyJoined: false }) });
  const view = renderPage(<JoinMailingListPage />, { path: '/:lng/join-mailing-list', url, client: http.client });
  const joinCalls = () => http.calls.filter((call) => call.path === PATHS.joinUkEmailList);
  return { ...view, http, joinCalls, user: userEvent.setup() };
}

describe('join-mailing-list page', () => {
  it('explains the UK change and, signed out, sends to the sign-in page of the locale instead of joining', async () => {
    const { user, joinCalls } = openPage('/zh/join-mailing-list');

    expect(screen.getByRole('heading', { level: 1, name: 'UK mailing list' })).toBeInTheDocument();
    expect(screen.getByText(/services in the UK are changing/)).toBeInTheDocument();
    expect(screen.getByText('Sign in to join the list: we will email the address of your account.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Join the list' })).not.toBeInTheDocument();

    const link = screen.getByRole('link', { name: 'Sign in' });
    expect(link).toHaveAttribute('href', '/zh/login-v2');
    await user.click(link);
    expect(screen.getByTestId('elsewhere')).toHaveTextContent('/zh/login-v2');
    expect(joinCalls()).toHaveLength(0);
  });

  it('signed in: joins with one call and confirms, with no sign-in link', async () => {
    signIn();
    const { user, joinCalls } = openPage();
    expect(screen.queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Join the list' }));

    expect(await screen.findByText("You're on the list: we will email you when you can sign in again.")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Join the list' })).not.toBeInTheDocument();
    expect(joinCalls()).toEqual([expect.objectContaining({ method: 'POST', body: undefined })]);
  });

  it('signed in: a failure shows inline with "Try again", which joins', async () => {
    signIn();
    const { user, http, joinCalls } = openPage();
    http.routes[PATHS.joinUkEmailList] = () => {
      throw businessError(PATHS.joinUkEmailList, '999999');
    };

    await user.click(screen.getByRole('button', { name: 'Join the list' }));
    expect(await screen.findByText('We could not add you to the list. Please try again.')).toBeInTheDocument();

    http.routes[PATHS.joinUkEmailList] = () => ({ joined: true, alreadyJoined: true });
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByText("You're already on the list.")).toBeInTheDocument();
    expect(joinCalls()).toHaveLength(2);
  });

  it('counts the session of the remembered mode (the one the HTTP client sends)', () => {
    signIn('business');
    storage.setItem(MODE_STORAGE_KEY, 'business');
    openPage();
    expect(screen.getByRole('button', { name: 'Join the list' })).toBeInTheDocument();
  });

  it('a session of another mode is not one to join with', () => {
    signIn('business');
    openPage();
    expect(screen.queryByRole('button', { name: 'Join the list' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeInTheDocument();
  });
});
