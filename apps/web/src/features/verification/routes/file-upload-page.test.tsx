import { API_BASE, HEADER, PATHS, type UploadHandoffState } from '@causeway/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSessionStore } from '@/lib/session';
import { renderApp } from '@/test/app-harness';
import { renderPage } from '@/test/render';
import { FileUploadPage, ticketFrom } from './file-upload-page';

const TICKET = 'tkt_4f9c2a7e1b8d6c3a5e0f';
const PUT_URL = '/uploads/kyc/u1/abc.jpg?op=put&expires=1&sig=x';
const TITLE = 'Send photos of your document';
const EXPIRED = 'This link has expired';

const sentFile = (name: string) => ({ filePath: `kyc/u1/${name}`, fileName: name, fileType: 'jpg', createdAt: '2026-11-22T10:00:00.000Z' });
const handoffState = (overrides: Partial<UploadHandoffState> = {}): UploadHandoffState => ({
  files: [],
  maxFiles: 4,
  expiresAt: '2026-11-22T10:30:00.000Z',
  expired: false,
  ...overrides,
});

interface SeenRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}
type Answer = { status?: number; data?: unknown; code?: string; msg?: string; headers?: Record<string, string> } | 'network';

const envelope = (answer: Exclude<Answer, 'network'>) => {
  const status = answer.status ?? 200;
  const body = answer.code
    ? { status, code: answer.code, msg: answer.msg ?? '', data: null }
    : { status: 200, code: '000000', msg: '', data: answer.data };
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...answer.headers } });
};

/**
 * The server as the phone's browser sees it, through a stubbed global fetch: the three ticket
 * calls under /prod-api (a mutable handoff state that complete adds to) and the storage PUT.
 * `answers` may replace a call's answer.
 */
function fakeServer(
  initial: UploadHandoffState = handoffState(),
  answers: Partial<Record<string, (body: Record<string, string>) => Answer>> = {},
) {
  const seen: SeenRequest[] = [];
  let state = initial;
  const calls: Record<string, (body: Record<string, string>) => Answer> = {
    [PATHS.uploadHandoffState]: () => ({ data: state }),
    [PATHS.uploadHandoffSignUpload]: (body) => ({
      data: { uploadTempUrl: PUT_URL, filePath: `kyc/u1/${body.s3FileName}`, expiresInSeconds: 600 },
    }),
    [PATHS.uploadHandoffComplete]: (body) => {
      state = { ...state, files: [...state.files, sentFile(body.fileName!)] };
      return { data: state };
    },
    ...answers,
  };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, string>) : undefined;
    seen.push({ url, method, headers: { ...(init.headers as Record<string, string>) }, body });
    if (method === 'PUT') return new Response(null, { status: 200 });
    const answer = calls[url.slice(API_BASE.length)]?.(body ?? {}) ?? { status: 404, code: 'REQ0000404' };
    if (answer === 'network') throw new TypeError('Failed to fetch');
    return envelope(answer);
  });
  vi.stubGlobal('fetch', fetchMock);
  /** The JSON bodies sent to a /prod-api call. */
  const bodiesOf = (path: string) => seen.filter((r) => r.url === API_BASE + path).map((r) => r.body);
  return { seen, bodiesOf };
}

function openPage(url = `/en/file-upload#ticket=${TICKET}`) {
  const view = renderPage(<FileUploadPage />, { path: '/:lng/file-upload', url });
  return { ...view, user: userEvent.setup() };
}

const photo = (name: string) => {
  const file = new File(['x'], name, { type: 'image/jpeg' });
  Object.defineProperty(file, 'size', { value: 200 * 1024 });
  return file;
};
const picker = () => screen.getByLabelText('Photos of your document', { selector: 'input' });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ticketFrom', () => {
  it.each([
    ['#ticket=abc', 'abc'],
    ['#x=1&ticket=abc', 'abc'],
    ['', undefined],
    ['#ticket=', undefined],
    ['#other=abc', undefined],
  ])('%s → %s', (hash, ticket) => {
    expect(ticketFrom(hash)).toBe(ticket);
  });
});

describe('file-upload page', () => {
  it('without a ticket: says the link has expired, and calls nothing', async () => {
    const { seen } = fakeServer();
    openPage('/en/file-upload');
    expect(await screen.findByRole('heading', { level: 1, name: EXPIRED })).toBeInTheDocument();
    expect(screen.getByText(/Start again on your computer/)).toBeInTheDocument();
    expect(seen).toEqual([]);
  });

  it('a refused ticket (UPL0000007): the expired state', async () => {
    fakeServer(handoffState(), {
      [PATHS.uploadHandoffState]: () => ({ status: 403, code: 'UPL0000007', msg: 'The upload link is invalid or has expired' }),
    });
    openPage();
    expect(await screen.findByRole('heading', { level: 1, name: EXPIRED })).toBeInTheDocument();
    expect(screen.queryByLabelText('Photos of your document', { selector: 'input' })).not.toBeInTheDocument();
  });

  it('a state that says expired: the expired state', async () => {
    fakeServer(handoffState({ expired: true }));
    openPage();
    expect(await screen.findByRole('heading', { level: 1, name: EXPIRED })).toBeInTheDocument();
  });

  it('ready: the title, the picker and how many files may still come; the ticket went in the body only', async () => {
    const { seen, bodiesOf } = fakeServer(handoffState({ files: [sentFile('front.jpg')] }));
    openPage();
    expect(await screen.findByRole('heading', { level: 1, name: TITLE })).toBeInTheDocument();
    expect(picker()).toHaveAttribute('type', 'file');
    expect(screen.getByText('Files you can still send: 3')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Sent to your computer' })).toHaveTextContent('front.jpg');
    expect(bodiesOf(PATHS.uploadHandoffState)).toEqual([{ ticket: TICKET }]);
    expect(seen.every((request) => request.method === 'POST' && !request.url.includes(TICKET))).toBe(true);
  });

  it('uploads a photo: signs it with the ticket, PUTs the bytes, then reports it with complete', async () => {
    const { seen, bodiesOf } = fakeServer();
    const { user } = openPage();
    await screen.findByRole('heading', { level: 1, name: TITLE });
    const file = photo('front.jpg');
    await user.upload(picker(), file);
    expect(await screen.findByRole('list', { name: 'Sent to your computer' })).toHaveTextContent('front.jpg');
    expect(screen.getByText('Files you can still send: 3')).toBeInTheDocument();
    expect(bodiesOf(PATHS.uploadHandoffSignUpload)).toEqual([{ ticket: TICKET, s3FileName: 'front.jpg' }]);
    expect(seen.filter((r) => r.method === 'PUT')).toEqual([expect.objectContaining({ url: PUT_URL })]);
    expect(bodiesOf(PATHS.uploadHandoffComplete)).toEqual([{ ticket: TICKET, filePath: 'kyc/u1/front.jpg', fileName: 'front.jpg' }]);
    // Complete comes after the PUT: the server checks bytes that are already stored.
    expect(seen.map((r) => (r.method === 'PUT' ? 'PUT' : r.url.slice(API_BASE.length)))).toEqual([
      PATHS.uploadHandoffState,
      PATHS.uploadHandoffSignUpload,
      'PUT',
      PATHS.uploadHandoffComplete,
    ]);
    // The ticket is never in a URL, and no session goes along with it.
    expect(seen.some((r) => r.url.includes(TICKET))).toBe(false);
    expect(seen.some((r) => HEADER.token in r.headers)).toBe(false);
  });

  it('when the last file the link takes is sent: "Files sent — go back to your computer"', async () => {
    fakeServer(handoffState({ maxFiles: 2, files: [sentFile('front.jpg')] }));
    const { user } = openPage();
    await screen.findByRole('heading', { level: 1, name: TITLE });
    await user.upload(picker(), photo('back.jpg'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Files sent' })).toBeInTheDocument();
    expect(screen.getByText(/Go back to your computer/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send another photo' })).not.toBeInTheDocument();
  });

  it('"I have sent my photos" ends early; "Send another photo" comes back to the picker', async () => {
    fakeServer(handoffState({ files: [sentFile('passport.jpg')] }));
    const { user } = openPage();
    await user.click(await screen.findByRole('button', { name: 'I have sent my photos' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Files sent' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send another photo' }));
    expect(screen.getByRole('heading', { level: 1, name: TITLE })).toBeInTheDocument();
  });

  it('a link that expires during an upload: the expired state', async () => {
    fakeServer(handoffState(), { [PATHS.uploadHandoffSignUpload]: () => ({ status: 403, code: 'UPL0000007', msg: 'expired' }) });
    const { user } = openPage();
    await screen.findByRole('heading', { level: 1, name: TITLE });
    await user.upload(picker(), photo('front.jpg'));
    expect(await screen.findByRole('heading', { level: 1, name: EXPIRED })).toBeInTheDocument();
  });

  it('a refused file shows the rule in the page language under "Upload failed"', async () => {
    fakeServer(handoffState(), {
      [PATHS.uploadHandoffComplete]: () => ({ status: 400, code: 'UPL0000002', msg: 'File size must be between 10KB and 5120KB' }),
    });
    const { user } = openPage();
    await screen.findByRole('heading', { level: 1, name: TITLE });
    await user.upload(picker(), photo('front.jpg'));
    expect(await screen.findByText('Upload failed')).toBeInTheDocument();
    expect(screen.getByText('File size must be between 10KB and 5120KB')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Sent to your computer' })).not.toBeInTheDocument();
  });

  it('the person\'s upload rate or quota (429 REQ0000429) says under "Upload failed" when to try again, from Retry-After', async () => {
    fakeServer(handoffState(), {
      [PATHS.uploadHandoffSignUpload]: () => ({
        status: 429,
        code: 'REQ0000429',
        msg: 'Too many upload requests: wait a minute and try again.',
        headers: { 'Retry-After': '2400' },
      }),
    });
    const { user } = openPage();
    await screen.findByRole('heading', { level: 1, name: TITLE });
    await user.upload(picker(), photo('front.jpg'));
    expect(await screen.findByText('Upload failed')).toBeInTheDocument();
    expect(screen.getByText('Too many requests. Try again in 40 minutes.')).toBeInTheDocument();
    expect(screen.queryByText('Too many upload requests: wait a minute and try again.')).not.toBeInTheDocument();
  });

  it('no connection: says so, and Try again asks again', async () => {
    let offline = true;
    fakeServer(handoffState(), { [PATHS.uploadHandoffState]: () => (offline ? 'network' : { data: handoffState() }) });
    const { user } = openPage();
    expect(await screen.findByText("No connection. Check your phone's connection and try again.")).toBeInTheDocument();
    offline = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: TITLE })).toBeInTheDocument();
  });

  it('in the app: a no-login page that neither sends nor refreshes a stale session, and never leads to a login page', async () => {
    // A session this phone's browser kept from an earlier visit, already expired.
    await createSessionStore().setToken('individual', { token: 'stale', validTime: Date.now() - 1000 });
    const { seen } = fakeServer(handoffState(), {
      [PATHS.uploadHandoffState]: () => ({ status: 401, code: 'USER0000001', msg: 'Please log in' }),
    });
    const app = renderApp(`/en/file-upload#ticket=${TICKET}`);
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(app.location()).toBe('/en/file-upload');
    expect(seen[0]!.url).toBe(API_BASE + PATHS.uploadHandoffState);
    expect(seen[0]!.headers).not.toHaveProperty(HEADER.token);
    // The bare layout: no header chrome on the phone.
    expect(document.querySelector('header')).toBeNull();
  });
});
