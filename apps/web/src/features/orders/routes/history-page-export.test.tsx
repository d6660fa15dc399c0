import { type ExportHistoryStatusResult, PATHS } from '@causeway/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { removeItem, setItem } from '@/lib/storage';
import { renderPage } from '@/test/render';
import { businessError, type Responder, routedHttpClient } from '@/test/routed-http-client';
import type { ExportHistoryRequest, ListOrderResult } from '../api/orders-api';
import { EXPORT_POLL_INTERVAL_MS, LAST_EXPORT_KEY } from '../components/history-export-dialog';
import { HistoryPage, HistoryWebviewPage } from './history-page';

const EXPORT_ID = 'exp_k3j9x2m4q7w8e5r1t6y0';
const DOWNLOAD_URL = `/prod-api/capi/v1/customer/order/export-history/download?exportId=${EXPORT_ID}&sig=${'a'.repeat(64)}`;
const EMPTY: ListOrderResult = { total: 0, pageNum: 1, pageSize: 20, list: [] };
const pending: ExportHistoryStatusResult = { exportId: EXPORT_ID, status: 'PENDING', downloadUrl: null, expiresAt: null };
const ready: ExportHistoryStatusResult = { ...pending, status: 'READY', downloadUrl: DOWNLOAD_URL, expiresAt: '2026-03-22T09:00:00.000Z' };

/** The history page, with export answers the test swaps in as it goes. */
function openHistory(routes: Record<string, Responder> = {}, webview = false) {
  const fake = routedHttpClient({
    [PATHS.listOrder]: () => EMPTY,
    [PATHS.listCurrency]: () => [],
    [PATHS.exportHistory]: () => ({ exportId: EXPORT_ID, status: 'PENDING' }),
    [PATHS.exportHistoryStatus]: () => pending,
    ...routes,
  });
  const page = webview ? 'history-webview' : 'history';
  renderPage(webview ? <HistoryWebviewPage /> : <HistoryPage />, { path: `/:lng/${page}`, url: `/en/${page}`, client: fake.client });
  const exportBodies = () => fake.bodiesOf(PATHS.exportHistory) as ExportHistoryRequest[];
  const statusCalls = () => fake.calls.filter((c) => c.path === PATHS.exportHistoryStatus).length;
  return { ...fake, exportBodies, statusCalls, user: userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) }) };
}

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Export' }));
  return within(await screen.findByRole('dialog', { name: 'Export history' }));
}
const setDate = (dialog: ReturnType<typeof within>, label: 'From' | 'To', value: string) =>
  fireEvent.input(dialog.getByLabelText(label), { target: { value } });

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(new Date(2026, 2, 15, 10, 0));
});
afterEach(() => {
  removeItem(LAST_EXPORT_KEY);
  vi.useRealTimers();
});

describe('history export', () => {
  it('asks for the last 30 days by default, shows Preparing while it polls, then the download link and its expiry', async () => {
    const { user, exportBodies, routes, statusCalls } = openHistory();
    const dialog = await openDialog(user);
    expect(dialog.getByLabelText('From')).toHaveValue('2026-02-14');
    expect(dialog.getByLabelText('To')).toHaveValue('2026-03-15');
    expect(dialog.getByText('At most 365 days, ending today at the latest.')).toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Prepare the file' }));
    await waitFor(() => expect(exportBodies()).toHaveLength(1));
    expect(exportBodies()[0]).toEqual({
      from: new Date(2026, 1, 14).toISOString(),
      to: new Date(2026, 2, 16, 0, 0, 0, -1).toISOString(),
      lang: 'en',
    });
    expect(await dialog.findByText('You can close this window: we will email you when the file is ready.')).toBeInTheDocument();
    expect(dialog.getByRole('status')).toHaveTextContent('Preparing your file…');

    routes[PATHS.exportHistoryStatus] = () => ready;
    const asked = statusCalls();
    await act(() => vi.advanceTimersByTimeAsync(EXPORT_POLL_INTERVAL_MS));
    await waitFor(() => expect(statusCalls()).toBeGreaterThan(asked));
    const link = await dialog.findByRole('link', { name: 'Download CSV' });
    expect(link).toHaveAttribute('href', DOWNLOAD_URL);
    expect(link).toHaveAttribute('download');
    expect(dialog.getByText(/^The link works until .*2026.*The file is deleted after that\.$/)).toBeInTheDocument();

    // Ready: no more polling.
    const done = statusCalls();
    await act(() => vi.advanceTimersByTimeAsync(EXPORT_POLL_INTERVAL_MS * 3));
    expect(statusCalls()).toBe(done);
  });

  it('refuses over 365 days, or an end after today, before sending', async () => {
    const { user, exportBodies } = openHistory();
    const dialog = await openDialog(user);
    setDate(dialog, 'From', '2025-03-15');
    expect(await dialog.findByText('The range can be at most 365 days')).toBeInTheDocument();
    expect(dialog.getByLabelText('From')).toHaveAttribute('aria-invalid', 'true');
    await user.click(dialog.getByRole('button', { name: 'Prepare the file' }));
    setDate(dialog, 'From', '2026-03-01');
    setDate(dialog, 'To', '2026-03-16');
    expect(await dialog.findByText('The end date cannot be after today')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Prepare the file' }));
    expect(exportBodies()).toEqual([]);
    setDate(dialog, 'From', '2025-03-16');
    setDate(dialog, 'To', '2026-03-15');
    await user.click(dialog.getByRole('button', { name: 'Prepare the file' }));
    await waitFor(() => expect(exportBodies()).toHaveLength(1));
  });

  it("says the day's cap in the page's words, and reports nothing", async () => {
    const { user, reported } = openHistory({
      [PATHS.exportHistory]: () => {
        throw businessError(PATHS.exportHistory, 'ODR00001021', 'You can ask for at most 10 history exports a day.');
      },
    });
    const dialog = await openDialog(user);
    await user.click(dialog.getByRole('button', { name: 'Prepare the file' }));
    expect(await dialog.findByText('You can export at most 10 times a day. Please try again tomorrow.')).toBeInTheDocument();
    expect(reported).toEqual([]);
  });

  it('a failed file says so, and Export other dates goes back to the form', async () => {
    const { user } = openHistory({ [PATHS.exportHistoryStatus]: () => ({ ...pending, status: 'FAILED' }) });
    const dialog = await openDialog(user);
    await user.click(dialog.getByRole('button', { name: 'Prepare the file' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('The file could not be made. Please try again.');
    await user.click(dialog.getByRole('button', { name: 'Export other dates' }));
    expect(await dialog.findByRole('button', { name: 'Prepare the file' })).toBeInTheDocument();
  });

  it('shows the export asked for earlier on this device, without asking for a new one', async () => {
    setItem(LAST_EXPORT_KEY, EXPORT_ID, 60_000);
    const first = openHistory({ [PATHS.exportHistoryStatus]: () => ready });
    const dialog = await openDialog(first.user);
    expect(await dialog.findByRole('link', { name: 'Download CSV' })).toBeInTheDocument();
    expect(first.exportBodies()).toEqual([]);
  });

  it('an export that expired brings the form back with a note', async () => {
    setItem(LAST_EXPORT_KEY, EXPORT_ID, 60_000);
    const { user, reported } = openHistory({
      [PATHS.exportHistoryStatus]: () => {
        throw businessError(PATHS.exportHistoryStatus, 'ODR00001022', 'No such export.');
      },
    });
    const dialog = await openDialog(user);
    expect(await dialog.findByText('This export is no longer available. Please export again.')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Prepare the file' })).toBeInTheDocument();
    expect(reported).toEqual([]);
  });

  it('is not offered in the webview', async () => {
    openHistory({}, true);
    expect(await screen.findByRole('heading', { level: 1, name: 'Transaction history' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export' })).not.toBeInTheDocument();
  });
});
