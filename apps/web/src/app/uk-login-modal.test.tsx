import { PATHS, type JoinUkEmailListResult } from '@causeway/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { HttpClientProvider } from '@/lib/http-context';
import { tokenStorageKey } from '@/lib/session';
import { storage } from '@/lib/storage';
import { renderWithI18n } from '@/test/render';
import { businessError, routedHttpClient, type Responder } from '@/test/routed-http-client';
import { UkLoginModal } from './uk-login-modal';
import { ukLoginNotice } from './uk-login-store';

const signIn = () => storage.setItem(tokenStorageKey('individual'), { token: 'tok', validTime: Date.now() + 60_000 });

/** Mounts the modal with a fake HTTP client answering join-uk-email-list with `join`, and opens the notice (with `ticket`, as a refused sign-in's). */
async function openNotice(join?: Responder, ticket: string | null = null) {
  const http = routedHttpClient(join ? { [PATHS.joinUkEmailList]: join } : {});
  const user = userEvent.setup();
  renderWithI18n(
    <HttpClientProvider client={http.client}>
      <QueryClientProvider client={new QueryClient()}>
        <UkLoginModal />
      </QueryClientProvider>
    </HttpClientProvider>,
  );
  act(() => ukLoginNotice.open(ticket));
  const dialog = await screen.findByRole('dialog', { name: 'Notice for UK residents' });
  const joinCalls = () => http.calls.filter((call) => call.path === PATHS.joinUkEmailList);
  return { user, dialog, http, joinCalls };
}

const joined = (alreadyJoined: boolean): JoinUkEmailListResult => ({ joined: true, alreadyJoined });

describe('UkLoginModal', () => {
  it('stays closed until the HTTP client reports code 10000041', async () => {
    renderWithI18n(
      <HttpClientProvider client={routedHttpClient().client}>
        <QueryClientProvider client={new QueryClient()}>
          <UkLoginModal />
        </QueryClientProvider>
      </HttpClientProvider>,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    act(() => ukLoginNotice.open());

    const dialog = await screen.findByRole('dialog', { name: 'Notice for UK residents' });
    expect(dialog).toHaveAccessibleDescription(/services in the UK are changing/);
  });

  it('closes with its OK button', async () => {
    const { user } = await openNotice();

    await user.click(screen.getByRole('button', { name: 'OK' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('offers no join without a session: only OK', async () => {
    const { dialog, joinCalls } = await openNotice(() => joined(false));

    expect(within(dialog).queryByRole('button', { name: 'Join the list' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'OK' })).toBeInTheDocument();
    expect(joinCalls()).toHaveLength(0);
  });

  it("joins with a refused sign-in's ticket, no session needed: the ticket goes in the body", async () => {
    const { user, dialog, joinCalls } = await openNotice(() => joined(false), 'uk-list-ticket-from-the-answer');

    await user.click(within(dialog).getByRole('button', { name: 'Join the list' }));

    expect(await within(dialog).findByText("You're on the list: we will email you when you can sign in again.")).toBeInTheDocument();
    expect(joinCalls()).toEqual([expect.objectContaining({ method: 'POST', body: { ticket: 'uk-list-ticket-from-the-answer' } })]);
  });

  it('joins once with a session, busy meanwhile, then confirms; OK closes', async () => {
    signIn();
    let answer!: (result: JoinUkEmailListResult) => void;
    const { user, dialog, joinCalls } = await openNotice(() => new Promise((resolve) => (answer = resolve)));

    await user.click(within(dialog).getByRole('button', { name: 'Join the list' }));
    const busy = within(dialog).getByRole('button', { name: 'Loading' });
    expect(busy).toHaveAttribute('aria-busy', 'true');
    await user.click(busy);
    expect(joinCalls()).toEqual([expect.objectContaining({ method: 'POST', body: undefined })]);

    await act(async () => answer(joined(false)));

    // The join is a mutation, whose answer reaches the page a tick later (TanStack Query batches its notifications).
    const confirmation = await within(dialog).findByText("You're on the list: we will email you when you can sign in again.");
    await waitFor(() => expect(confirmation).toHaveFocus());
    expect(within(dialog).queryByRole('button', { name: 'Join the list' })).not.toBeInTheDocument();
    expect(joinCalls()).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says so when the account was already on the list', async () => {
    signIn();
    const { user, dialog } = await openNotice(() => joined(true));

    await user.click(within(dialog).getByRole('button', { name: 'Join the list' }));

    expect(await within(dialog).findByText("You're already on the list.")).toBeInTheDocument();
  });

  it('shows a failure inline, and joins on "Try again"', async () => {
    signIn();
    const { user, dialog, http, joinCalls } = await openNotice(() => {
      throw businessError(PATHS.joinUkEmailList, '999999');
    });

    await user.click(within(dialog).getByRole('button', { name: 'Join the list' }));
    expect(await within(dialog).findByText('We could not add you to the list. Please try again.')).toBeInTheDocument();
    // The same button, relabelled: keyboard focus stays on it.
    expect(within(dialog).getByRole('button', { name: 'Try again' })).toHaveFocus();

    http.routes[PATHS.joinUkEmailList] = () => joined(false);
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));

    expect(await within(dialog).findByText("You're on the list: we will email you when you can sign in again.")).toBeInTheDocument();
    expect(within(dialog).queryByText('We could not add you to the list. Please try again.')).not.toBeInTheDocument();
    expect(joinCalls()).toHaveLength(2);
  });
});

describe('ukLoginNotice', () => {
  it('tells every subscriber to open, with the ticket, and no longer after unsubscribing', () => {
    const seen: string[] = [];
    const stopA = ukLoginNotice.subscribe(({ open, ticket }) => seen.push(`a:${open}:${ticket}`));
    const stopB = ukLoginNotice.subscribe(({ open, ticket }) => seen.push(`b:${open}:${ticket}`));
    ukLoginNotice.open('tkt');
    stopA();
    ukLoginNotice.open();
    stopB();
    ukLoginNotice.open();
    expect(seen).toEqual(['a:true:tkt', 'b:true:tkt', 'b:true:null']);
  });
});
