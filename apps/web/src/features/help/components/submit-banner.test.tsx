import { PATHS } from '@causeway/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/http-errors';
import { businessError } from '@/test/routed-http-client';
import { BANNER_CLOSING_MS, BANNER_VISIBLE_MS } from './use-request-form';
import { fileOf, MESSAGE_50, openForm } from './use-request-form-test-kit';

const TICKET_SENT = 'Your request has been sent. We will reply by email soon.';
const TICKET_FAILED = 'Your request could not be sent. Please try again.';
const FEEDBACK_SENT = 'Thank you! Your feedback has been submitted.';
const FEEDBACK_FAILED = 'Your feedback could not be submitted. Please try again.';

/** Moves the fake clock (real time also moves it a little: checks keep 100 ms away from each edge). */
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

/** The banner's life: open until ~2.4 s, closing (fading) for 0.5 s, then gone. */
async function expectBannerLifecycle(banner: () => HTMLElement | null) {
  expect(banner()).toHaveAttribute('data-phase', 'open');
  await advance(BANNER_VISIBLE_MS - 100);
  expect(banner()).toHaveAttribute('data-phase', 'open');
  await advance(200);
  expect(banner()).toHaveAttribute('data-phase', 'closing');
  expect(banner()).toHaveClass('opacity-0');
  await advance(BANNER_CLOSING_MS - 200);
  expect(banner()).toHaveAttribute('data-phase', 'closing');
  await advance(200);
  expect(banner()).toBeNull();
}

describe('request form result banners (docs/rules/order-states.md)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('names its timings 2.4 s and 0.5 s', () => {
    expect(BANNER_VISIBLE_MS).toBe(2400);
    expect(BANNER_CLOSING_MS).toBe(500);
  });

  it('support success: a status banner for ~2.4 s, 0.5 s closing, then gone; every field and file cleared', async () => {
    const form = openForm('support', { fakeTimers: true });
    await form.fillValid({ subject: 'Card declined' });
    await form.user.upload(form.fileInput(), fileOf('receipt.pdf'));
    await form.user.click(form.submitButton());
    await waitFor(() => expect(form.banner(TICKET_SENT)).not.toBeNull());
    expect(form.banner(TICKET_SENT)).toHaveAttribute('role', 'status');
    expect(form.email()).toHaveValue('');
    expect(form.topic()).toHaveValue('');
    expect(form.message()).toHaveValue('');
    expect(screen.queryByRole('list', { name: 'Attached files' })).not.toBeInTheDocument();
    // Cleared, not flagged: the empty fields do not turn red.
    expect(screen.queryByText('Please enter your email.')).not.toBeInTheDocument();
    expect(form.submitButton()).toHaveAttribute('aria-disabled', 'true');
    await expectBannerLifecycle(() => form.banner(TICKET_SENT));
  });

  it('announces success through a status region already in the page before the send (one added with its text is often not read)', async () => {
    let fail = true;
    const form = openForm('support', {
      fakeTimers: true,
      routes: {
        [PATHS.helpDeskRequest]: () =>
          fail ? Promise.reject(new Error('down')) : { data: JSON.stringify({ request: { id: 7, status: 'new', subject: 's' } }) },
      },
    });
    const status = screen.getByRole('status');
    expect(status).toBeEmptyDOMElement();
    await form.fillValid();
    await form.user.click(form.submitButton());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(TICKET_FAILED));
    expect(status).toBeEmptyDOMElement();
    await advance(BANNER_VISIBLE_MS + 100);
    await advance(BANNER_CLOSING_MS + 100);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    fail = false;
    await form.user.click(form.submitButton());
    await waitFor(() => expect(status).toHaveTextContent(TICKET_SENT));
    expect(status).toBeInTheDocument();
    await advance(BANNER_VISIBLE_MS + 100);
    await advance(BANNER_CLOSING_MS + 100);
    expect(status).toBeEmptyDOMElement();
    expect(status).toBeInTheDocument();
  });

  it('feedback success says feedbacksubmitsuccess', async () => {
    const form = openForm('feedback', { fakeTimers: true });
    await form.fillValid();
    await form.user.click(form.submitButton());
    await waitFor(() => expect(form.banner(FEEDBACK_SENT)).toHaveAttribute('role', 'status'));
    await expectBannerLifecycle(() => form.banner(FEEDBACK_SENT));
  });

  it('feedback failure: an alert banner with the same timings; fields and files kept for another try', async () => {
    const form = openForm('feedback', {
      fakeTimers: true,
      routes: { [PATHS.helpDeskRequest]: () => Promise.reject(businessError(PATHS.helpDeskRequest, '999999')) },
    });
    await form.fillValid();
    await form.user.upload(form.fileInput(), fileOf('log.txt'));
    await form.user.click(form.submitButton());
    await waitFor(() => expect(form.banner(FEEDBACK_FAILED)).toHaveAttribute('role', 'alert'));
    expect(form.email()).toHaveValue('jane.doe@example.com');
    expect(form.message()).toHaveValue(MESSAGE_50);
    expect(within(screen.getByRole('list', { name: 'Attached files' })).getByText('log.txt')).toBeInTheDocument();
    expect(form.submitButton()).not.toHaveAttribute('aria-disabled');
    await expectBannerLifecycle(() => form.banner(FEEDBACK_FAILED));
  });

  it.each([
    ['the ticket', PATHS.helpDeskRequest],
    ['an attachment', PATHS.helpDeskForwardFile],
  ])(
    '%s refused by the per-person limit (429 REQ0000429): the failure banner says when to send again, from Retry-After',
    async (_what, path) => {
      const limited = () =>
        Promise.reject(
          new ApiError({
            kind: 'business',
            path,
            httpStatus: 429,
            code: 'REQ0000429',
            msg: 'Too many help requests: try again in 38 minutes.',
            retryAfterSeconds: 37 * 60 + 5,
          }),
        );
      const form = openForm('support', { fakeTimers: true, routes: { [path]: limited } });
      await form.fillValid();
      await form.user.upload(form.fileInput(), fileOf('receipt.pdf'));
      await form.user.click(form.submitButton());
      await waitFor(() => expect(form.banner('Too many requests. Try again in 38 minutes.')).toHaveAttribute('role', 'alert'));
      expect(screen.queryByText(TICKET_FAILED)).not.toBeInTheDocument();
      expect(form.message()).toHaveValue(MESSAGE_50);
    },
  );

  it('an upload failure shows the failure banner and opens no ticket', async () => {
    const form = openForm('support', {
      fakeTimers: true,
      routes: { [PATHS.helpDeskForwardFile]: () => Promise.reject(new Error('network down')) },
    });
    await form.fillValid();
    await form.user.upload(form.fileInput(), [fileOf('a.png'), fileOf('b.png')]);
    await form.user.click(form.submitButton());
    await waitFor(() => expect(form.banner(TICKET_FAILED)).toHaveAttribute('role', 'alert'));
    // The first upload failed: the second is not tried and no request is made.
    expect(form.uploads()).toEqual(['a.png']);
    expect(form.http.bodiesOf(PATHS.helpDeskRequest)).toEqual([]);
    expect(form.message()).toHaveValue(MESSAGE_50);
    expect(screen.getByRole('button', { name: 'Remove b.png' })).toBeInTheDocument();
  });

  it('a new send replaces a failure banner, and a retry that succeeds clears the form', async () => {
    let fail = true;
    const form = openForm('support', {
      fakeTimers: true,
      routes: {
        [PATHS.helpDeskRequest]: () =>
          fail ? Promise.reject(new Error('down')) : { data: JSON.stringify({ request: { id: 7, status: 'new', subject: 's' } }) },
      },
    });
    await form.fillValid();
    await form.user.click(form.submitButton());
    await waitFor(() => expect(form.banner(TICKET_FAILED)).not.toBeNull());
    fail = false;
    await form.user.click(form.submitButton());
    await waitFor(() => expect(form.banner(TICKET_SENT)).not.toBeNull());
    expect(form.banner(TICKET_FAILED)).toBeNull();
    expect(form.http.bodiesOf(PATHS.helpDeskRequest)).toHaveLength(2);
    expect(form.message()).toHaveValue('');
    await expectBannerLifecycle(() => form.banner(TICKET_SENT));
  });
});
