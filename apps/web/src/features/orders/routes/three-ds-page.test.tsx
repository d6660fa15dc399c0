import { PATHS } from '@causeway/contracts';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { leaveAppFor } from '@/lib/leave-app';
import { renderPage } from '@/test/render';
import { routedHttpClient } from '@/test/routed-http-client';
import type { ThreeDsStatusResult } from '../api/orders-api';
import { ORDER_ID } from '../order-fixtures';
import { safeThreeDsUrl, ThreeDsPage } from './three-ds-page';

vi.mock('@/lib/leave-app');

const pending = (threeDsUrl: string | null): ThreeDsStatusResult => ({
  orderId: ORDER_ID,
  threeDsStatus: 'PENDING',
  status: 'OrderSubmitted',
  threeDsUrl,
});

/** Opens the page with get-3ds-status answering `answer`; the query's 3dsUrl is what an attacker could write. */
function open(page: '3ds' | '3ds-webview', answer: ThreeDsStatusResult, queryUrl = 'https://evil.example/phish') {
  const fake = routedHttpClient({ [PATHS.get3dsStatus]: () => answer });
  const query = new URLSearchParams({ orderId: ORDER_ID, '3dsUrl': queryUrl });
  renderPage(<ThreeDsPage />, { path: `/:lng/${page}`, url: `/en/${page}?${query.toString()}`, client: fake.client, strict: true });
  return fake;
}

beforeEach(() => {
  vi.mocked(leaveAppFor).mockReset();
});

describe('3ds and 3ds-webview', () => {
  it.each(['3ds', '3ds-webview'] as const)(
    '%s opens the check URL the server holds for the order, once, never the query string one',
    async (page) => {
      const url = 'https://acs.bank.example/challenge?session=abc&x=1';
      const fake = open(page, pending(url));
      expect(await screen.findByRole('link', { name: 'Continue to your bank' })).toHaveAttribute('href', url);
      expect(screen.getByRole('heading', { name: "Opening your bank's security check…" })).toBeInTheDocument();
      await vi.waitFor(() => expect(leaveAppFor).toHaveBeenCalledWith(url));
      expect(leaveAppFor).toHaveBeenCalledTimes(1);
      // StrictMode runs the read twice in development; every call only reads the order.
      for (const body of fake.bodiesOf(PATHS.get3dsStatus)) expect(body).toEqual({ orderId: ORDER_ID });
    },
  );

  it("resolves the sandbox processor's relative page against our own origin", async () => {
    open('3ds', pending('/sandbox/3ds/pay_1'));
    await vi.waitFor(() => expect(leaveAppFor).toHaveBeenCalledWith(`${window.location.origin}/sandbox/3ds/pay_1`));
  });

  it.each([
    ['javascript:alert(1)'],
    ['data:text/html,<script>alert(1)</script>'],
    ['ftp://bank.example/file'],
    ['https://bank.example@evil.example/acs'],
    ['http://acs.bank.example/challenge'],
  ])('refuses a server answer of %j with an error view and stays', async (url) => {
    open('3ds', pending(url));
    expect(await screen.findByRole('heading', { name: 'This link cannot be opened' })).toBeInTheDocument();
    expect(leaveAppFor).not.toHaveBeenCalled();
  });

  it('a check no longer pending goes to the result page', async () => {
    const fake = routedHttpClient({
      [PATHS.get3dsStatus]: () => ({ orderId: ORDER_ID, threeDsStatus: 'SUCCEEDED', status: 'PROCESSING', threeDsUrl: null }),
    });
    renderPage(<ThreeDsPage />, { path: '/:lng/3ds', url: `/en/3ds?orderId=${ORDER_ID}`, client: fake.client });
    expect((await screen.findByTestId('elsewhere')).textContent).toBe(`/en/result?orderId=${ORDER_ID}`);
    expect(leaveAppFor).not.toHaveBeenCalled();
  });

  it('refuses a missing or malformed orderId without calling the server', async () => {
    const fake = routedHttpClient({});
    renderPage(<ThreeDsPage />, { path: '/:lng/3ds', url: '/en/3ds?orderId=nope&3dsUrl=https%3A%2F%2Fbank.example', client: fake.client });
    expect(await screen.findByRole('heading', { name: 'This link cannot be opened' })).toBeInTheDocument();
    expect(fake.bodiesOf(PATHS.get3dsStatus)).toEqual([]);
  });

  it('safeThreeDsUrl allows plain http only on our own origin (the sandbox processor), https elsewhere', () => {
    expect(safeThreeDsUrl('http://acs.bank.example/challenge', 'https://pay.example')).toBeNull();
    expect(safeThreeDsUrl('https://acs.bank.example/challenge', 'https://pay.example')).toBe('https://acs.bank.example/challenge');
    expect(safeThreeDsUrl('/sandbox/3ds/pay_1', 'http://localhost:5173')).toBe('http://localhost:5173/sandbox/3ds/pay_1');
    expect(safeThreeDsUrl('http://localhost:5173/sandbox/3ds/pay_1', 'http://localhost:5173')).toBe(
      'http://localhost:5173/sandbox/3ds/pay_1',
    );
    expect(safeThreeDsUrl('http://localhost:8080/sandbox/3ds/pay_1', 'http://localhost:5173')).toBeNull();
  });

  it('safeThreeDsUrl keeps http(s) URLs as the URL parser writes them', () => {
    expect(safeThreeDsUrl('HTTPS://Bank.Example/acs')).toBe('https://bank.example/acs');
    expect(safeThreeDsUrl('vbscript:msgbox')).toBeNull();
  });
});
