import { ErrorCode, PATHS, wireCodeOf } from '@causeway/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/http-errors';
import { routerFlushSync } from '@/lib/router-flush-sync';
import { testI18n } from '@/test/render';
import { businessError, type Responder, routedHttpClient } from '@/test/routed-http-client';
import { UnsubscribePage } from './unsubscribe-page';
import { UnsubscribedPage } from './unsubscribed-page';

const TOKEN = `eyJ1IjoidXNyX2FiYyIsImwiOiJwcm9tb3Rpb25zIiwiZyI6MX0.${'ab'.repeat(32)}`;
const EMAIL = 'ann@example.com';

/** The screen and the page it leads to, as the app routes them, opened at `url`, its calls answered by `routes`. */
function open(url: string, routes: Record<string, Responder> = {}, lng: 'en' | 'zh' = 'en') {
  const fake = routedHttpClient({
    [PATHS.promotionEmailUnsubscribeDetails]: () => ({ email: EMAIL, list: 'promotions', subscribed: true }),
    [PATHS.promotionEmailUnsubscribe]: () => ({ email: EMAIL, list: 'promotions', alreadyUnsubscribed: false }),
    ...routes,
  });
  const router = createMemoryRouter(
    [
      { path: '/:lng/unsubscribe', element: <UnsubscribePage createClient={() => fake.client} /> },
      { path: '/:lng/unsubscribed', element: <UnsubscribedPage /> },
      { path: '*', element: <p data-testid="elsewhere">elsewhere</p> },
    ],
    { initialEntries: [url] },
  );
  render(
    <I18nextProvider i18n={testI18n(lng)}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} flushSync={routerFlushSync} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  const callsTo = (path: string) => fake.calls.filter((call) => call.path === path);
  return { ...fake, router, callsTo, user: userEvent.setup() };
}

const refusal = (path: string, name: 'UnsubscribeLinkInvalid' | 'UnsubscribeLinkReplaced' | 'MalformedRequest') => () => {
  throw businessError(path, wireCodeOf(ErrorCode[name]));
};

describe('the unsubscribe screen (unsubscribe#token)', () => {
  it('opening it changes nothing: it names the address from the link and waits for the confirm', async () => {
    const { callsTo } = open(`/en/unsubscribe#${TOKEN}`);
    expect(screen.getByRole('status')).toHaveTextContent('Checking the link…');
    expect(await screen.findByRole('heading', { level: 1, name: 'Unsubscribe from news and offers' })).toBeInTheDocument();
    expect(
      screen.getByText(`${EMAIL} will no longer receive Causeway news and offers. Emails about your account and orders keep coming.`),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unsubscribe' })).toBeInTheDocument();
    // The token travels in the body of a read; nothing took the address off the list.
    expect(callsTo(PATHS.promotionEmailUnsubscribeDetails).map((call) => call.body)).toEqual([{ token: TOKEN }]);
    expect(callsTo(PATHS.promotionEmailUnsubscribe)).toEqual([]);
  });

  it('by keyboard alone: Tab to Unsubscribe, Enter, then the unsubscribed page names the address, its heading focused', async () => {
    const { user, callsTo, router } = open(`/en/unsubscribe#${TOKEN}`);
    await screen.findByRole('button', { name: 'Unsubscribe' });
    await user.tab();
    expect(screen.getByRole('button', { name: 'Unsubscribe' })).toHaveFocus();
    await user.keyboard('{Enter}');

    const heading = await screen.findByRole('heading', { level: 1, name: "You're unsubscribed" });
    expect(heading).toHaveFocus();
    expect(router.state.location.pathname).toBe('/en/unsubscribed');
    expect(screen.getByText(`You will no longer receive Causeway news and offers at ${EMAIL}.`)).toBeInTheDocument();
    expect(screen.getByText('Changed your mind? You can subscribe again in Settings.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Settings' })).toHaveAttribute('href', '/en/settings');
    expect(callsTo(PATHS.promotionEmailUnsubscribe).map((call) => call.body)).toEqual([{ token: TOKEN }]);
    // Replaced, not pushed: Back does not return to a confirm that is done.
    router.navigate(-1);
    expect(router.state.location.pathname).not.toBe('/en/unsubscribe');
  });

  it('an address off the list already: says so, offers Settings, and no button', async () => {
    open(`/en/unsubscribe#${TOKEN}`, {
      [PATHS.promotionEmailUnsubscribeDetails]: () => ({ email: EMAIL, list: 'promotions', subscribed: false }),
    });
    const said = await screen.findByText(`${EMAIL} is already unsubscribed from news and offers.`);
    // A status: a screen reader reads it out when it replaces the spinner.
    expect(said).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Settings' })).toHaveAttribute('href', '/en/settings');
  });

  it.each([
    ['UnsubscribeLinkInvalid', 'This link does not work', /not one we sent/],
    ['MalformedRequest', 'This link does not work', /not one we sent/],
    ['UnsubscribeLinkReplaced', 'This link was replaced', /You subscribed again after this email was sent/],
  ] as const)('a link the server refuses (%s): %j, and a way to Settings', async (name, title, text) => {
    const { callsTo } = open(`/en/unsubscribe#${TOKEN}`, {
      [PATHS.promotionEmailUnsubscribeDetails]: refusal(PATHS.promotionEmailUnsubscribeDetails, name),
    });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Settings' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
    expect(callsTo(PATHS.promotionEmailUnsubscribe)).toEqual([]);
  });

  it('a link replaced between opening and confirming: the confirm shows the replaced words', async () => {
    const { user } = open(`/en/unsubscribe#${TOKEN}`, {
      [PATHS.promotionEmailUnsubscribe]: refusal(PATHS.promotionEmailUnsubscribe, 'UnsubscribeLinkReplaced'),
    });
    await user.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'This link was replaced' })).toBeInTheDocument();
  });

  it('without a token in the address: says where the link comes from, and calls nothing', () => {
    const { calls } = open('/en/unsubscribe');
    expect(screen.getByRole('heading', { level: 1, name: 'This link does not work' })).toBeInTheDocument();
    expect(screen.getByText(/Open this page from the unsubscribe link/)).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('too many refused links from this address: the wait, and Try again', async () => {
    let limited = true;
    const { user } = open(`/en/unsubscribe#${TOKEN}`, {
      [PATHS.promotionEmailUnsubscribeDetails]: () => {
        if (!limited) return { email: EMAIL, list: 'promotions', subscribed: true };
        throw new ApiError({
          kind: 'business',
          path: PATHS.promotionEmailUnsubscribeDetails,
          code: wireCodeOf(ErrorCode.TooManyRequests),
          msg: 'Too many',
          httpStatus: 429,
          retryAfterSeconds: 600,
        });
      },
    });
    expect(await screen.findByText('Too many requests. Try again in 10 minutes.')).toBeInTheDocument();
    limited = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Unsubscribe' })).toBeInTheDocument();
  });

  it('a confirm that fails says so in an alert and can be sent again', async () => {
    let fail = true;
    const { user, callsTo } = open(`/en/unsubscribe#${TOKEN}`, {
      [PATHS.promotionEmailUnsubscribe]: () => {
        if (fail) throw businessError(PATHS.promotionEmailUnsubscribe, '999999');
        return { email: EMAIL, list: 'promotions', alreadyUnsubscribed: false };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not unsubscribe you right now. Please try again.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('heading', { level: 1, name: "You're unsubscribed" })).toBeInTheDocument();
    expect(callsTo(PATHS.promotionEmailUnsubscribe)).toHaveLength(2);
  });

  it('in Chinese, with the links of the zh pages', async () => {
    const { user } = open(`/zh/unsubscribe#${TOKEN}`, {}, 'zh');
    expect(await screen.findByRole('heading', { level: 1, name: '退订新闻与优惠' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '退订' }));
    expect(await screen.findByRole('heading', { level: 1, name: '您已退订' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '前往设置' })).toHaveAttribute('href', '/zh/settings');
  });
});

describe('the unsubscribed page opened on its own', () => {
  it('says what stopped without an address, and how to subscribe again', () => {
    open('/en/unsubscribed');
    expect(screen.getByRole('heading', { level: 1, name: "You're unsubscribed" })).toHaveFocus();
    expect(screen.getByText('You will no longer receive Causeway news and offers.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Settings' })).toHaveAttribute('href', '/en/settings');
  });
});
