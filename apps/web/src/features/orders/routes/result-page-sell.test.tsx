import { type CurrencyItem, type OrderFailReason, type OrderStatus, PATHS } from '@causeway/contracts';
import { bundledTranslations } from '@causeway/translations';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '@/test/render';
import { type Responder, routedHttpClient } from '@/test/routed-http-client';
import type { OrderDetail } from '../api/orders-api';
import { RESULT_POLL_INTERVAL_MS, RESULT_POLL_MAX_COUNT } from '../hooks/use-order-polling';
import { DEPOSIT_ADDRESS, ORDER_ID, orderDetail, SELL_SUBMITTED_AT, sellDeposit, sellDetail, TX_HASH } from '../order-fixtures';
import { ResultPage } from './result-page';

const CRYPTOS: CurrencyItem[] = [
  {
    currency: 'BTC',
    name: 'Bitcoin',
    assetType: 'crypto',
    decimals: 8,
    symbol: '₿',
    sort: 1,
    networks: [{ network: 'BTC', networkName: 'Bitcoin', decimals: 8, memoRequired: false, memoName: null }],
  },
  {
    currency: 'XRP',
    name: 'XRP',
    assetType: 'crypto',
    decimals: 6,
    symbol: 'XRP',
    sort: 2,
    networks: [{ network: 'XRP', networkName: 'XRP Ledger', decimals: 6, memoRequired: true, memoName: 'Destination tag' }],
  },
];
const XRP_ADDRESS = 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe';
const MINUTE = 60_000;
/** The time of day `ms` after the sell was submitted (its window is 30 minutes). */
const afterSubmit = (ms: number) => new Date(Date.parse(SELL_SUBMITTED_AT) + ms);

/** Opens result?orderId= with get-detail answering sells `answers` in turn (the last one repeats). */
function openResult(answers: Array<Partial<OrderDetail> | Responder>, { lng = 'en' }: { lng?: 'en' | 'zh' } = {}) {
  let served = 0;
  const fake = routedHttpClient({
    [PATHS.listCurrency]: () => CRYPTOS,
    [PATHS.getOrderDetail]: (body) => {
      const answer = answers[Math.min(served, answers.length - 1)]!;
      served += 1;
      return typeof answer === 'function' ? answer(body) : sellDetail(answer);
    },
  });
  const view = renderPage(<ResultPage />, { path: '/:lng/result', url: `/${lng}/result?orderId=${ORDER_ID}`, client: fake.client });
  if (lng === 'zh') {
    view.i18n.addResourceBundle('zh', 'translation', bundledTranslations.zh);
    void view.i18n.changeLanguage('zh');
  }
  const polls = () => fake.bodiesOf(PATHS.getOrderDetail).length;
  return { ...view, ...fake, polls, user: userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) }) };
}

const heading = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name });
const deposit = async () => within(await screen.findByRole('region', { name: /^Send exactly|time to send|confirming/ }));
/** The deposit view's live region: the first status of its section (the Copy buttons' come after). */
const liveRegion = (box: ReturnType<typeof within>) => box.getAllByRole('status')[0]!;
const value = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(afterSubmit(0));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('sell result: waiting for the crypto (OrderSubmitted)', () => {
  it('says where to send exactly what: amount, network, address with Copy, a QR code (BIP21 for bitcoin) and the time left', async () => {
    const { user } = openResult([{}]);
    expect(await heading('Waiting for your crypto')).toBeInTheDocument();
    const box = await deposit();
    expect(await box.findByRole('heading', { level: 2, name: 'Send exactly 0.01 BTC on Bitcoin' })).toBeInTheDocument();
    expect(box.getByRole('timer')).toHaveTextContent(/^Send within (30:00|29:5\d)$/);
    // The address whole, in monospace and wrapping anywhere (360 px), with its Copy button.
    const address = box.getByText(DEPOSIT_ADDRESS);
    expect(address).toHaveClass('font-mono', 'break-all');
    await user.click(box.getByRole('button', { name: 'Copy Deposit address' }));
    await expect(navigator.clipboard.readText()).resolves.toBe(DEPOSIT_ADDRESS);
    await user.click(box.getByRole('button', { name: 'Copy Amount (BTC)' }));
    await expect(navigator.clipboard.readText()).resolves.toBe('0.01');
    // The QR code arrives with its chunk: an SVG image named by what it holds.
    const qr = await box.findByRole('img', { name: `QR code of the address ${DEPOSIT_ADDRESS} and the amount 0.01 BTC` });
    expect(qr.tagName.toLowerCase()).toBe('svg');
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
    // Dark modules on a white ground whatever the theme: scanners read dark on light.
    expect(qr.querySelector('rect')).toHaveAttribute('fill', '#ffffff');
    expect(qr.querySelector('path')).toHaveAttribute('fill', '#000000');
    expect(box.getByText(/Only the first transfer counts/)).toBeInTheDocument();
    // No memo on bitcoin: no warning about one.
    expect(box.queryByText(/cannot be credited/)).not.toBeInTheDocument();
    // The buy's texts are not there: no bank check, no card charge.
    expect(screen.queryByText(/bank/)).not.toBeInTheDocument();
  });

  it('with a memo (XRP destination tag): the tag with Copy and a clear warning that without it the funds cannot be credited; the QR holds the bare address', async () => {
    const { user } = openResult([
      {
        cryptoCurrency: 'XRP',
        network: 'XRP',
        cryptoAmount: '40.5',
        walletAddress: XRP_ADDRESS,
        memo: '104729',
        deposit: sellDeposit({
          address: XRP_ADDRESS,
          memo: '104729',
          network: 'XRP',
          cryptoCurrency: 'XRP',
          amount: '40.5',
          confirmationsRequired: 1,
        }),
      },
    ]);
    const box = await deposit();
    expect(await box.findByRole('heading', { level: 2, name: 'Send exactly 40.5 XRP on XRP Ledger' })).toBeInTheDocument();
    expect(await box.findByText('Destination tag required: 104729')).toBeInTheDocument();
    expect(box.getByText('Add it to your transfer. Without it, the funds cannot be credited to your order.')).toBeInTheDocument();
    await user.click(box.getByRole('button', { name: 'Copy Destination tag' }));
    await expect(navigator.clipboard.readText()).resolves.toBe('104729');
    expect(await box.findByRole('img', { name: `QR code of the address ${XRP_ADDRESS}` })).toBeInTheDocument();
  });

  it('counts down, tells a screen reader only at 20, 10, 5 and 1 minutes, and at 0 says the window closed and a transfer sent now is returned', async () => {
    openResult([{}]);
    const box = await deposit();
    const timer = await box.findByRole('timer');
    // The visible countdown is no live region (it would speak every second); the polite one is empty at first.
    expect(timer).not.toHaveAttribute('aria-live');
    const live = liveRegion(box);
    expect(live).toHaveTextContent('');
    expect(live).toHaveClass('sr-only');
    await advance(10 * MINUTE);
    expect(timer).toHaveTextContent(/^Send within (20:00|19:5\d)$/);
    expect(live).toHaveTextContent('Less than 20 minutes left to send.');
    await advance(5 * MINUTE);
    expect(live).toHaveTextContent('Less than 20 minutes left to send.');
    await advance(10 * MINUTE);
    expect(live).toHaveTextContent('Less than 5 minutes left to send.');
    // The last minutes in the danger colour.
    expect(box.getByRole('timer')).toHaveClass('text-danger');
    await advance(4 * MINUTE);
    expect(live).toHaveTextContent('Less than 1 minute left to send.');
    expect(box.getByRole('timer')).toHaveTextContent(/^Send within (01:00|00:5\d)$/);
    await advance(MINUTE);
    const closed = await deposit();
    expect(closed.getByRole('heading', { level: 2, name: 'The time to send has ended' })).toBeInTheDocument();
    expect(closed.getByText(/^A transfer sent now is not sold: it will be returned to you\./)).toBeInTheDocument();
    expect(closed.queryByRole('timer')).not.toBeInTheDocument();
    // No QR code to scan once sending no longer counts; the address stays to check against.
    expect(closed.queryByRole('img', { name: /QR code/ })).not.toBeInTheDocument();
    expect(closed.getByText(DEPOSIT_ADDRESS)).toBeInTheDocument();
    // The same region, still there, now shown: what a transfer sent now becomes.
    expect(liveRegion(closed)).toBe(live);
    expect(live).toHaveTextContent(/^A transfer sent now is not sold/);
    expect(live).not.toHaveClass('sr-only');
  });

  it('a page opened after the window closed says so at once', async () => {
    vi.setSystemTime(afterSubmit(31 * MINUTE));
    openResult([{}]);
    const box = await deposit();
    expect(box.getByRole('heading', { level: 2, name: 'The time to send has ended' })).toBeInTheDocument();
    expect(box.queryByRole('timer')).not.toBeInTheDocument();
  });

  it('once a transfer is seen: "Received, n of m confirmations", updated by the polls and announced politely; no more sending asked for', async () => {
    openResult([{}, { deposit: sellDeposit({ confirmations: 0 }) }, { deposit: sellDeposit({ confirmations: 1 }) }]);
    const live = liveRegion(await deposit());
    await advance(RESULT_POLL_INTERVAL_MS);
    const box = await deposit();
    expect(await box.findByRole('heading', { level: 2, name: 'Your transfer is confirming' })).toBeInTheDocument();
    // Said by the live region that was there while the crypto was awaited.
    expect(box.getByText('Received, 0 of 2 confirmations')).toBe(live);
    expect(box.queryByRole('timer')).not.toBeInTheDocument();
    expect(box.queryByRole('img', { name: /QR code/ })).not.toBeInTheDocument();
    expect(box.getByText(/^Send nothing more to this address/)).toBeInTheDocument();
    await advance(RESULT_POLL_INTERVAL_MS);
    expect(await box.findByText('Received, 1 of 2 confirmations')).toBe(liveRegion(box));
  });

  it('a transfer seen in the window still confirming after it: the confirmations, not the window closed', async () => {
    vi.setSystemTime(afterSubmit(40 * MINUTE));
    openResult([{ deposit: sellDeposit({ confirmations: 1 }) }]);
    const box = await deposit();
    expect(box.getByText('Received, 1 of 2 confirmations')).toBeInTheDocument();
    expect(box.queryByText('The time to send has ended')).not.toBeInTheDocument();
  });

  it(`keeps polling past a buy's ${RESULT_POLL_MAX_COUNT} polls while the crypto is awaited (the window is 30 minutes)`, async () => {
    const { polls } = openResult([{}]);
    await deposit();
    await advance(12 * MINUTE);
    expect(polls()).toBeGreaterThan(RESULT_POLL_MAX_COUNT);
    expect(screen.queryByText(/We stopped checking/)).not.toBeInTheDocument();
    const before = polls();
    await advance(RESULT_POLL_INTERVAL_MS);
    expect(polls()).toBe(before + 1);
  });

  it(`a buy still stops checking after ${RESULT_POLL_MAX_COUNT} polls and offers Check again`, async () => {
    const { polls } = openResult([() => orderDetail({ status: 'OrderSubmitted' })]);
    expect(await heading("Waiting for your bank's check")).toBeInTheDocument();
    await advance(RESULT_POLL_MAX_COUNT * RESULT_POLL_INTERVAL_MS);
    expect(await screen.findByText(/We stopped checking for updates/)).toBeInTheDocument();
    expect(polls()).toBe(RESULT_POLL_MAX_COUNT);
  });

  it('the crypto in moves the page on: the new heading is announced and takes the focus', async () => {
    openResult([{}, { status: 'PROCESSING', deposit: sellDeposit({ confirmations: 2, receivedAmount: '0.01' }), txHash: TX_HASH }]);
    await deposit();
    await advance(RESULT_POLL_INTERVAL_MS);
    const next = await heading('Crypto received, paying out to your card');
    expect(next).toHaveFocus();
  });
});

describe('sell result: each status reads as a sell', () => {
  it('PROCESSING: crypto received, paying out to the card ending 4242; no buying steps, no 30-second promise', async () => {
    openResult([{ status: 'PROCESSING', deposit: sellDeposit({ confirmations: 2, receivedAmount: '0.01' }) }]);
    expect(await heading('Crypto received, paying out to your card')).toBeInTheDocument();
    expect(screen.getByText('We are paying 96.52 EUR to your card ending 4242.')).toBeInTheDocument();
    expect(value('Crypto received')).toHaveTextContent('0.01 BTC');
    expect(value('Paid out to')).toHaveTextContent('Visa 4242 **** **** 4242');
    expect(screen.queryByRole('list', { name: 'Order progress' })).not.toBeInTheDocument();
    expect(screen.queryByText(/30 seconds/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View history' })).toHaveAttribute('href', '/en/history');
  });

  it('SUCCESS: "Sale complete", what reached the card ending 4242, what was sold, the address and the transfer; Sell more', async () => {
    const { user } = openResult([
      {
        status: 'SUCCESS',
        txHash: TX_HASH,
        completedAt: '2026-03-10T09:52:00.000Z',
        deposit: sellDeposit({ confirmations: 2, receivedAmount: '0.01' }),
      },
    ]);
    expect(await heading('Sale complete')).toBeInTheDocument();
    expect(screen.getByText('96.52 EUR paid to your card ending 4242.')).toBeInTheDocument();
    expect(screen.getByText('96.52 EUR', { selector: 'p' })).toBeInTheDocument();
    expect(value('You sold')).toHaveTextContent('0.01 BTC');
    expect(value('Paid out to')).toHaveTextContent('Visa 4242 **** **** 4242');
    expect(screen.getByText(DEPOSIT_ADDRESS)).toBeInTheDocument();
    expect(screen.getByText(TX_HASH)).toBeInTheDocument();
    expect(screen.queryByText('Purchase complete')).not.toBeInTheDocument();
    expect(screen.queryByText(/More crypto arrived/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sell more crypto' }));
    expect((await screen.findByTestId('elsewhere')).textContent).toBe('/en/card-buy-sell');
  });

  it('SUCCESS with more crypto than was sold (OVER): the rest is owed back, and the team contacts the person', async () => {
    openResult([{ status: 'SUCCESS', deposit: sellDeposit({ confirmations: 2, receivedAmount: '0.012' }) }]);
    expect(await heading('Sale complete')).toBeInTheDocument();
    expect(value('Crypto received')).toHaveTextContent('0.012 BTC');
    expect(screen.getByText(/^More crypto arrived than this sale was for\. The rest is yours/)).toBeInTheDocument();
  });

  it('SUCCESS without the card on the order still reads as paid to the card', async () => {
    openResult([{ status: 'SUCCESS', card: null }]);
    expect(await heading('Sale complete')).toBeInTheDocument();
    expect(screen.getByText('96.52 EUR paid to your card.')).toBeInTheDocument();
  });

  it.each<[OrderStatus, OrderFailReason, string, string]>([
    [
      'EXPIRED',
      'DEPOSIT_NOT_RECEIVED',
      'Sale expired',
      'No crypto arrived in time; nothing was sold. If you sent it after the window, it will be returned.',
    ],
    [
      'FAILED',
      'DEPOSIT_TOO_SMALL',
      'Sale not completed',
      'The amount that arrived was below the minimum for this sale, so nothing was sold. The crypto is still yours: our team will contact you to return it.',
    ],
    [
      'FAILED',
      'DEPOSIT_SCREENED',
      'Sale not completed',
      'This transfer could not be accepted after our routine checks, so nothing was sold. The crypto is held safely, and our team will contact you about the next steps.',
    ],
    [
      'FAILED',
      'PAYOUT_DECLINED',
      'Sale not completed',
      'Your crypto was sold, but the payout to your card did not go through. The money is kept for you, and our team will contact you to pay it another way.',
    ],
  ])('%s (%s): its own text, saying what becomes of the money; what was asked for; Try again', async (status, failReason, title, text) => {
    openResult([{ status, failReason, completedAt: '2026-03-10T10:00:05.000Z' }]);
    expect(await heading(title)).toBeInTheDocument();
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.getByText('You asked to sell 0.01 BTC for 96.52 EUR.')).toBeInTheDocument();
    // A card sell never charges the card: none of a buy's refund lines.
    expect(screen.queryByText(/charged|refunded/)).not.toBeInTheDocument();
    // Its reason says it all: no second line about the money.
    expect(screen.queryByText(/^Nothing was sold\. Any crypto/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('FAILED without a reason: the generic text, and that crypto which arrived is returned', async () => {
    openResult([{ status: 'FAILED', failReason: null }]);
    expect(await heading('Sale not completed')).toBeInTheDocument();
    expect(screen.getByText('Something went wrong, please try again')).toBeInTheDocument();
    expect(screen.getByText('Nothing was sold. Any crypto that arrived for this order is returned to you.')).toBeInTheDocument();
  });
});

describe('sell result in Chinese', () => {
  it('the deposit instructions and the countdown in zh', async () => {
    openResult([{}], { lng: 'zh' });
    expect(await heading('等待您的加密货币')).toBeInTheDocument();
    const box = within(await screen.findByRole('region', { name: '请在 Bitcoin 网络上转入恰好 0.01 BTC' }));
    expect(box.getByRole('timer')).toHaveTextContent(/^请在 (30:00|29:5\d) 内转账$/);
    expect(box.getByRole('button', { name: '复制转入地址' })).toBeInTheDocument();
  });

  it('EXPIRED (DEPOSIT_NOT_RECEIVED) in zh', async () => {
    openResult([{ status: 'EXPIRED', failReason: 'DEPOSIT_NOT_RECEIVED' }], { lng: 'zh' });
    expect(await heading('出售已过期')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        screen.getByText('未在规定时间内收到加密货币，没有进行任何出售。如果您在时限之后才转出，这笔加密货币将退还给您。'),
      ).toBeInTheDocument(),
    );
  });
});

describe('sell result: definition lists', () => {
  /** Every <dl> holds only dt/dd groups, bare or wrapped in a div (HTML; axe definition-list and dlitem). */
  const problems = () =>
    [...document.querySelectorAll('dl')].flatMap((list) =>
      [...list.children].flatMap((child) => {
        const tag = child.tagName.toLowerCase();
        if (tag === 'dt' || tag === 'dd') return [];
        if (tag !== 'div') return [`<${tag}> in a dl`];
        return [...child.children].map((inner) => inner.tagName.toLowerCase()).filter((inner) => inner !== 'dt' && inner !== 'dd');
      }),
    );

  it.each<Partial<OrderDetail>>([
    { memo: '104729', deposit: sellDeposit({ memo: '104729' }) },
    { deposit: sellDeposit({ confirmations: 1 }) },
    { status: 'PROCESSING', deposit: sellDeposit({ confirmations: 2, receivedAmount: '0.01' }) },
    { status: 'SUCCESS', txHash: TX_HASH, deposit: sellDeposit({ confirmations: 2, receivedAmount: '0.01' }) },
  ])('$status: every dl holds only dt and dd', async (answer) => {
    openResult([answer]);
    await screen.findByRole('heading', { level: 1 });
    expect(document.querySelectorAll('dl').length).toBeGreaterThan(1);
    expect(problems()).toEqual([]);
  });
});
