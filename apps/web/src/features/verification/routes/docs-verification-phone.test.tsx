import { type CountryItem, type CreateUploadHandoffResult, PATHS, type UploadHandoffState } from '@causeway/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/http-errors';
import { accountOverview } from '@/test/account-overview';
import { renderPage } from '@/test/render';
import { routedHttpClient } from '@/test/routed-http-client';
import { HANDOFF_POLL_INTERVAL_MS } from '../components/phone-upload-dialog';
import { DocsVerificationPage } from './docs-verification-page';

// The phone's side is the file-upload page's test; here the form sees what arrived.
vi.mock('@/lib/upload-document');

const COUNTRIES: CountryItem[] = [{ towCharCode: 'DE', englishName: 'Germany', chineseName: '德国', flag: '🇩🇪' }];
const V2_INITIAL = accountOverview({}, { kycStatus: 'Initial', kycFlowVersion: 'V2', residentCountry: 'DE' });
const SUBMITTED = accountOverview({}, { kycStatus: 'Pending', kycFlowVersion: 'V2', residentCountry: 'DE' });
const OPEN = 'Use your phone to take the photos';
const QR_ALT = 'QR code of the link for sending your photos from your phone';

const arrived = (name: string) => ({ filePath: `kyc/u1/${name}`, fileName: name, fileType: 'jpg', createdAt: new Date().toISOString() });

/** The docs page with a fake server whose handoff `state` the test changes between polls. */
function openDocs() {
  let created = 0;
  const handoff = { state: undefined as unknown as UploadHandoffState };
  const fake = routedHttpClient({
    [PATHS.overview]: () => V2_INITIAL,
    [PATHS.listCountryCode]: () => COUNTRIES,
    [PATHS.docsVerificationSubmit]: () => SUBMITTED,
    [PATHS.uploadHandoffCreate]: (): CreateUploadHandoffResult => {
      created += 1;
      const expiresAt = new Date(Date.now() + 30 * 60_000).toISOString();
      handoff.state = { files: [], maxFiles: 4, expiresAt, expired: false };
      return {
        handoffId: `hof_${created}`,
        link: `http://app.test/en/file-upload#ticket=secret-${created}`,
        qrCode: `data:image/png;base64,UVI${created}`,
        expiresAt,
      };
    },
    [PATHS.uploadHandoffFiles]: () => handoff.state,
  });
  renderPage(<DocsVerificationPage />, { path: '/:lng/docsverification', url: '/en/docsverification', client: fake.client });
  const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
  /** The handoffIds polled so far, in order. */
  const polled = () =>
    fake.calls
      .filter((c) => c.path === PATHS.uploadHandoffFiles)
      .map((c) => (c.options as { query: { handoffId: string } }).query.handoffId);
  return { ...fake, handoff, user, polled };
}

const dialog = () => screen.getByRole('dialog', { name: 'Continue on your phone' });
const nextPoll = () => act(() => vi.advanceTimersByTimeAsync(HANDOFF_POLL_INTERVAL_MS));
const submitButton = () => screen.getByRole('button', { name: 'Submit' });
/** The upload group of a slot (its FileUpload), by its label. */
const slot = (label: string) => screen.getByRole('group', { name: label });

async function openPhoneDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: OPEN }));
  return within(await screen.findByRole('dialog', { name: 'Continue on your phone' }));
}

beforeEach(() => {
  // Timers advance by themselves (for Testing Library's waits) and on demand (the poll interval).
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('docsverification: continue on your phone', () => {
  it('opens a dialog with the QR code of a new link in the page language and its expiry, and polls what arrived', async () => {
    const { user, bodiesOf, polled } = openDocs();
    const panel = await openPhoneDialog(user);
    const qr = await panel.findByRole('img', { name: QR_ALT });
    expect(qr).toHaveAttribute('src', 'data:image/png;base64,UVI1');
    expect(qr).toHaveAttribute('width', '180');
    expect(panel.getByText(/^The link works until /)).toBeInTheDocument();
    expect(panel.getByText('Waiting for your photos…')).toBeInTheDocument();
    expect(bodiesOf(PATHS.uploadHandoffCreate)).toEqual([{ lng: 'en' }]);
    await waitFor(() => expect(polled()).toEqual(['hof_1']));
    await nextPoll();
    expect(polled()).toEqual(['hof_1', 'hof_1']);

    await user.click(panel.getByRole('button', { name: 'Copy link' }));
    expect(await panel.findByText('Link copied')).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe('http://app.test/en/file-upload#ticket=secret-1');
  });

  it('too many links asked for (429 REQ0000429): the dialog says when to try again rather than that it failed', async () => {
    const { user, routes } = openDocs();
    routes[PATHS.uploadHandoffCreate] = () =>
      Promise.reject(
        new ApiError({
          kind: 'business',
          path: PATHS.uploadHandoffCreate,
          httpStatus: 429,
          code: 'REQ0000429',
          msg: 'Too many upload link requests',
          retryAfterSeconds: 1500,
        }),
      );
    const panel = await openPhoneDialog(user);
    expect(await panel.findByRole('alert')).toHaveTextContent('Too many requests. Try again in 25 minutes.');
  });

  it('ID card: photos fill the front, then the back; the dialog closes when both are there and polling stops', async () => {
    const { user, handoff, polled, bodiesOf } = openDocs();
    await user.click(await screen.findByRole('tab', { name: 'ID card' }));
    const panel = await openPhoneDialog(user);
    await panel.findByRole('img', { name: QR_ALT });

    handoff.state = { ...handoff.state, files: [arrived('front.jpg')] };
    await nextPoll();
    expect(within(slot('Front of your ID card')).getByText('front.jpg')).toBeInTheDocument();
    expect(within(slot('Back of your ID card')).queryByRole('listitem')).not.toBeInTheDocument();
    expect(dialog()).toBeInTheDocument();
    expect(panel.getByText('Photos received: 1')).toBeInTheDocument();

    handoff.state = { ...handoff.state, files: [arrived('front.jpg'), arrived('back.jpg')] };
    await nextPoll();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(slot('Front of your ID card')).getByText('front.jpg')).toBeInTheDocument();
    expect(within(slot('Back of your ID card')).getByText('back.jpg')).toBeInTheDocument();
    // Every slot is filled: nothing left to take on the phone.
    expect(screen.queryByRole('button', { name: OPEN })).not.toBeInTheDocument();

    const polls = polled().length;
    await nextPoll();
    await nextPoll();
    expect(polled()).toHaveLength(polls);

    await user.type(screen.getByLabelText('First name'), 'Anna');
    await user.type(screen.getByLabelText('Last name'), 'Smith');
    await user.type(screen.getByLabelText('Date of birth'), '1990-05-17');
    await user.selectOptions(screen.getByLabelText('Nationality'), 'DE');
    await waitFor(() => expect(submitButton()).not.toHaveAttribute('aria-disabled'));
    await user.click(submitButton());
    await screen.findByTestId('elsewhere');
    expect(bodiesOf(PATHS.docsVerificationSubmit)).toEqual([
      expect.objectContaining({
        documentType: 'ID_CARD',
        files: [
          { filePath: 'kyc/u1/front.jpg', side: 'FRONT_SIDE' },
          { filePath: 'kyc/u1/back.jpg', side: 'BACK_SIDE' },
        ],
      }),
    ]);
  });

  it('passport: the first photo fills its one slot and the dialog closes', async () => {
    const { user, handoff } = openDocs();
    const panel = await openPhoneDialog(user);
    await panel.findByRole('img', { name: QR_ALT });
    handoff.state = { ...handoff.state, files: [arrived('page.jpg'), arrived('retake.jpg')] };
    await nextPoll();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(slot('Photo page of your passport')).getByText('page.jpg')).toBeInTheDocument();
    expect(screen.queryByText('retake.jpg')).not.toBeInTheDocument();
  });

  it('closing stops the polling; opening again shows the same link and places only new photos', async () => {
    const { user, handoff, polled, bodiesOf } = openDocs();
    await user.click(await screen.findByRole('tab', { name: 'ID card' }));
    let panel = await openPhoneDialog(user);
    await panel.findByRole('img', { name: QR_ALT });
    handoff.state = { ...handoff.state, files: [arrived('front.jpg')] };
    await nextPoll();
    await user.click(panel.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const polls = polled().length;
    await nextPoll();
    expect(polled()).toHaveLength(polls);

    // The person removes the front photo, and opens the dialog again.
    await user.click(within(slot('Front of your ID card')).getByRole('button', { name: 'Remove front.jpg' }));
    panel = await openPhoneDialog(user);
    expect(await panel.findByRole('img', { name: QR_ALT })).toHaveAttribute('src', 'data:image/png;base64,UVI1');
    expect(bodiesOf(PATHS.uploadHandoffCreate)).toHaveLength(1);
    handoff.state = { ...handoff.state, files: [arrived('front.jpg'), arrived('front-2.jpg')] };
    await nextPoll();
    // The removed photo is not brought back: the new one takes the front.
    expect(within(slot('Front of your ID card')).getByText('front-2.jpg')).toBeInTheDocument();
    expect(screen.queryByText('front.jpg')).not.toBeInTheDocument();
  });

  it('an expired link: says so, stops polling, and "Make a new link" shows a new QR code', async () => {
    const { user, handoff, polled, bodiesOf } = openDocs();
    const panel = await openPhoneDialog(user);
    await panel.findByRole('img', { name: QR_ALT });
    handoff.state = { ...handoff.state, expired: true };
    await nextPoll();
    expect(await panel.findByText('This link has expired.')).toBeInTheDocument();
    expect(panel.queryByRole('img', { name: QR_ALT })).not.toBeInTheDocument();
    const polls = polled().length;
    await nextPoll();
    expect(polled()).toHaveLength(polls);

    await user.click(panel.getByRole('button', { name: 'Make a new link' }));
    expect(await panel.findByRole('img', { name: QR_ALT })).toHaveAttribute('src', 'data:image/png;base64,UVI2');
    expect(bodiesOf(PATHS.uploadHandoffCreate)).toHaveLength(2);
    await waitFor(() => expect(polled().at(-1)).toBe('hof_2'));
  });
});
