import { PATHS } from '@causeway/contracts';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '@/test/render';
import { businessError, type Responder, routedHttpClient } from '@/test/routed-http-client';
import type { ThreeDsStatusResult } from '../api/orders-api';
import { ORDER_ID } from '../order-fixtures';
import {
  THREE_DS_COMPLETE_MESSAGE,
  THREE_DS_POLL_INTERVAL_MS,
  THREE_DS_POLL_MAX_COUNT,
  ThreeDsCallbackPage,
} from './three-ds-callback-page';

type Status = ThreeDsStatusResult['threeDsStatus'];
const answer = (threeDsStatus: Status): ThreeDsStatusResult => ({
  orderId: ORDER_ID,
  threeDsStatus,
  status: threeDsStatus === 'PENDING' ? 'OrderSubmitted' : 'PROCESSING',
  threeDsUrl: null,
});

/** Opens 3ds-callback with get-3ds-status answering `statuses` in turn (the last one repeats). */
function openCallback(statuses: Array<Status | Responder>, search = '') {
  let served = 0;
  const fake = routedHttpClient({
    [PATHS.get3dsStatus]: (body) => {
      const next = statuses[Math.min(served, statuses.length - 1)]!;
      served += 1;
      return typeof next === 'function' ? next(body) : answer(next);
    },
  });
  const view = renderPage(<ThreeDsCallbackPage />, {
    path: '/:lng/3ds-callback',
    url: `/en/3ds-callback?orderId=${ORDER_ID}${search}`,
    client: fake.client,
  });
  const polls = () => fake.bodiesOf(PATHS.get3dsStatus).length;
  return { ...view, ...fake, polls, user: userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) }) };
}

const landedOn = async () => (await screen.findByTestId('elsewhere')).textContent;

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
  delete (window as { ReactNativeWebView?: unknown }).ReactNativeWebView;
});

describe('3ds-callback', () => {
  it.each([
    ['SUCCEEDED', `/en/result?orderId=${ORDER_ID}`],
    ['NOT_REQUIRED', `/en/result?orderId=${ORDER_ID}`],
    ['FAILED', `/en/order-submit-fail?orderId=${ORDER_ID}&reason=THREE_DS_FAILED`],
    ['EXPIRED', `/en/order-submit-fail?orderId=${ORDER_ID}&reason=THREE_DS_EXPIRED`],
  ] as const)('%s goes to %s, replacing the callback in the history', async (status, target) => {
    const { bodiesOf, router } = openCallback([status]);
    expect(await landedOn()).toBe(target);
    expect(bodiesOf(PATHS.get3dsStatus)).toEqual([{ orderId: ORDER_ID }]);
    // Replaced, not pushed: Back does not return to the callback.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('under StrictMode (development double effects) it still moves on once', async () => {
    const fake = routedHttpClient({ [PATHS.get3dsStatus]: () => answer('SUCCEEDED') });
    const { router } = renderPage(<ThreeDsCallbackPage />, {
      path: '/:lng/3ds-callback',
      url: `/en/3ds-callback?orderId=${ORDER_ID}`,
      client: fake.client,
      strict: true,
    });
    expect(await landedOn()).toBe(`/en/result?orderId=${ORDER_ID}`);
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('asks again while PENDING and moves on once the bank decided', async () => {
    const { polls } = openCallback(['PENDING', 'PENDING', 'SUCCEEDED']);
    expect(await screen.findByRole('heading', { name: "Checking the result of your bank's check…" })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(2 * THREE_DS_POLL_INTERVAL_MS));
    expect(await landedOn()).toBe(`/en/result?orderId=${ORDER_ID}`);
    expect(polls()).toBe(3);
  });

  it(`still PENDING after ${THREE_DS_POLL_MAX_COUNT} looks: the result page follows the order from there`, async () => {
    const { polls } = openCallback(['PENDING']);
    await act(() => vi.advanceTimersByTimeAsync(THREE_DS_POLL_MAX_COUNT * THREE_DS_POLL_INTERVAL_MS));
    expect(await landedOn()).toBe(`/en/result?orderId=${ORDER_ID}`);
    expect(polls()).toBe(THREE_DS_POLL_MAX_COUNT);
  });

  it('a failure is reported and offers Retry and the order', async () => {
    const refusal = businessError(PATHS.get3dsStatus, 'USER0000001', 'Session expired');
    const { user, reported } = openCallback([
      () => {
        throw refusal;
      },
      'FAILED',
    ]);
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(reported).toEqual([refusal]);
    expect(screen.getByRole('link', { name: 'View the order' })).toHaveAttribute('href', `/en/result?orderId=${ORDER_ID}`);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await landedOn()).toBe(`/en/order-submit-fail?orderId=${ORDER_ID}&reason=THREE_DS_FAILED`);
  });

  it('with webview=1 it posts the outcome to the parent frame instead of navigating', async () => {
    const post = vi.spyOn(window.parent, 'postMessage').mockImplementation(() => {});
    openCallback(['FAILED'], '&webview=1');
    expect(await screen.findByRole('heading', { name: "Your bank's check is done" })).toBeInTheDocument();
    expect(screen.getByText('You can close this page.')).toBeInTheDocument();
    expect(post).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledWith({ type: THREE_DS_COMPLETE_MESSAGE, orderId: ORDER_ID, threeDsStatus: 'FAILED' }, '*');
    expect(screen.queryByTestId('elsewhere')).not.toBeInTheDocument();
    post.mockRestore();
  });

  it('inside a React Native WebView it posts the outcome as JSON to the app', async () => {
    const postMessage = vi.fn();
    (window as { ReactNativeWebView?: unknown }).ReactNativeWebView = { postMessage };
    openCallback(['SUCCEEDED']);
    expect(await screen.findByRole('heading', { name: "Your bank's check is done" })).toBeInTheDocument();
    expect(postMessage).toHaveBeenCalledTimes(1);
    expect(JSON.parse(postMessage.mock.calls[0]![0] as string)).toEqual({
      type: THREE_DS_COMPLETE_MESSAGE,
      orderId: ORDER_ID,
      threeDsStatus: 'SUCCEEDED',
    });
  });

  it('without an order id it asks nothing', async () => {
    const fake = routedHttpClient({});
    renderPage(<ThreeDsCallbackPage />, { path: '/:lng/3ds-callback', url: '/en/3ds-callback', client: fake.client });
    expect(await screen.findByRole('heading', { name: 'Order not found' })).toBeInTheDocument();
    expect(fake.calls).toEqual([]);
  });
});
