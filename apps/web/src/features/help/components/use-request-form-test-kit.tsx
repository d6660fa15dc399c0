export { deferred } from '@/test/deferred';
import { type HelpCreateRequestParams, PATHS } from '@causeway/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { renderWithI18n } from '@/test/render';
import { type Responder, routedHttpClient } from '@/test/routed-http-client';
import { createHelpApi } from '../api/help-api';
import { FeedbackForm, SupportForm } from './request-form';

/**
 * Shared set-up of the request form tests: the real help client over a routed HTTP client (so
 * the multipart uploads and the requests.json body are the ones the server gets), a Zendesk-like
 * desk answering each upload with `token-{file name}`, and helpers to fill the form.
 */

/** A 50-character message: the shortest one docs/rules/validation.md accepts. */
export const MESSAGE_50 = 'My card payment failed twice, please can you check';

/** A file named `name` of `size` bytes (faked, so 10 MB costs nothing). */
export function fileOf(name: string, size = 2048, type = 'application/octet-stream'): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

/** The desk's answer to an upload, as zendesk/forward/file wraps it. */
export const uploadAnswer = (form: FormData) => {
  const file = form.get('file') as File;
  return {
    data: JSON.stringify({
      upload: { token: `token-${file.name}`, attachment: { file_name: file.name, size: file.size, content_type: file.type } },
    }),
  };
};

/** The desk's answer to requests.json. */
export const requestAnswer = (body: { params: HelpCreateRequestParams }) => ({
  data: JSON.stringify({ request: { id: 4242, status: 'new', subject: body.params.request.subject } }),
});

/** Renders one form; `routes` replaces the default desk answers. Pass `advanceTimers` when the test fakes timers. */
export function openForm(
  kind: 'support' | 'feedback',
  {
    routes = {},
    fakeTimers = false,
    accountEmail,
  }: { routes?: Record<string, Responder>; fakeTimers?: boolean; accountEmail?: string } = {},
) {
  const http = routedHttpClient({ [PATHS.helpDeskForwardFile]: uploadAnswer, [PATHS.helpDeskRequest]: requestAnswer, ...routes });
  const api = createHelpApi(http.client);
  // Sending is a mutation: the form runs inside a query client, as in the help widget.
  const view = renderWithI18n(
    <QueryClientProvider client={new QueryClient()}>
      {kind === 'support' ? <SupportForm api={api} accountEmail={accountEmail} /> : <FeedbackForm api={api} accountEmail={accountEmail} />}
    </QueryClientProvider>,
  );
  // applyAccept off: a person can switch the dialog to "All files", so the form must check itself.
  const user = userEvent.setup({ applyAccept: false, ...(fakeTimers ? { advanceTimers: vi.advanceTimersByTime } : {}) });
  const email = () => screen.getByRole('textbox', { name: 'Email' });
  const topic = () => screen.getByRole('textbox', { name: 'Topic (optional)' });
  const message = () => screen.getByRole('textbox', { name: 'Message' });
  const fileInput = () => screen.getByLabelText(/^Attachments \(optional\)/, { selector: 'input' }) as HTMLInputElement;
  const submitButton = () => view.container.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  /** The result banner saying `text` (a status on success, an alert on failure), or null. */
  const banner = (text: string | RegExp) => screen.queryByText(text)?.closest<HTMLElement>('[data-outcome]') ?? null;
  /** What requests.json received, in order. */
  const requests = () => http.bodiesOf(PATHS.helpDeskRequest).map((body) => (body as { params: HelpCreateRequestParams }).params.request);
  /** The file names uploaded, in order. */
  const uploads = () => http.bodiesOf(PATHS.helpDeskForwardFile).map((body) => ((body as FormData).get('file') as File).name);

  /** Types into a field after clearing it (paste for long texts keeps the test fast). */
  const fill = async (field: HTMLElement, text: string) => {
    await user.clear(field);
    if (text === '') return;
    await user.click(field);
    await user.paste(text);
  };
  /** Fills a valid form (and the topic, for support, when given). */
  const fillValid = async ({
    address = 'jane.doe@example.com',
    text = MESSAGE_50,
    subject,
  }: { address?: string; text?: string; subject?: string } = {}) => {
    await fill(email(), address);
    if (subject !== undefined) await fill(topic(), subject);
    await fill(message(), text);
  };
  return { ...view, http, user, banner, email, topic, message, fileInput, submitButton, requests, uploads, fill, fillValid };
}
