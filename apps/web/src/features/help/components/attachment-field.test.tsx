import { HELP_ATTACHMENT_MAX_BYTES, PATHS } from '@causeway/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatFileSize } from './attachment-field';
import { fileOf, openForm } from './use-request-form-test-kit';

const list = () => screen.queryByRole('list', { name: 'Attached files' });
const names = () =>
  list()
    ? within(list()!)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('[title]')?.textContent)
    : [];

describe('request form attachments (docs/rules/validation.md)', () => {
  it('is a keyboard-reachable multiple file input with a visible button label and the limits as hint', async () => {
    const form = openForm('support');
    const input = form.fileInput();
    expect(input).toHaveAttribute('multiple');
    expect(input).toHaveAttribute('accept', expect.stringContaining('.heic'));
    expect(input).toHaveAccessibleName('Attachments (optional) Add files');
    expect(input).toHaveAccessibleDescription('Up to 5 files, 10 MB each');
    expect(screen.getByRole('group', { name: 'Attachments (optional)' })).toBeInTheDocument();
    await form.user.click(form.message());
    await form.user.tab();
    expect(input).toHaveFocus();
  });

  it('accepts a file of exactly 10485760 bytes and refuses 10485761 with the filesize message', async () => {
    const form = openForm('support');
    await form.user.upload(form.fileInput(), fileOf('too-big.pdf', HELP_ATTACHMENT_MAX_BYTES + 1));
    expect(screen.getByRole('alert')).toHaveTextContent('too-big.pdf was not added: each file must be 10 MB or smaller.');
    expect(form.fileInput()).toHaveAttribute('aria-invalid', 'true');
    expect(list()).not.toBeInTheDocument();
    await form.user.upload(form.fileInput(), fileOf('just-fits.pdf', HELP_ATTACHMENT_MAX_BYTES));
    expect(names()).toEqual(['just-fits.pdf']);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(within(list()!).getByText('10 MB')).toBeInTheDocument();
  });

  it('refuses an empty file, saying it is empty', async () => {
    const form = openForm('feedback');
    await form.user.upload(form.fileInput(), fileOf('empty.txt', 0));
    expect(screen.getByRole('alert')).toHaveTextContent('empty.txt was not added: the file is empty.');
  });

  it('refuses a file whose extension is not allowed with the filetype message, keeping the good ones of the same pick', async () => {
    const form = openForm('feedback');
    await form.user.upload(form.fileInput(), [fileOf('setup.exe'), fileOf('screen.PNG', 1536), fileOf('noextension')]);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('setup.exe was not added: this file type is not supported.');
    expect(alert).toHaveTextContent('noextension was not added: this file type is not supported.');
    expect(names()).toEqual(['screen.PNG']);
    expect(within(list()!).getByText('1.5 KB')).toBeInTheDocument();
  });

  it('lists several files with name and size, each removable by its own button, one by one', async () => {
    const form = openForm('support');
    await form.user.upload(form.fileInput(), [fileOf('a.png', 500), fileOf('b.pdf', 3 * 1024 * 1024)]);
    await form.user.upload(form.fileInput(), fileOf('c.txt', 2048));
    expect(names()).toEqual(['a.png', 'b.pdf', 'c.txt']);
    expect(within(list()!).getByText('500 B')).toBeInTheDocument();
    expect(within(list()!).getByText('3 MB')).toBeInTheDocument();
    await form.user.click(screen.getByRole('button', { name: 'Remove b.pdf' }));
    expect(names()).toEqual(['a.png', 'c.txt']);
    // Keyboard users continue at the picker.
    expect(form.fileInput()).toHaveFocus();
    await form.user.click(screen.getByRole('button', { name: 'Remove a.png' }));
    expect(names()).toEqual(['c.txt']);
    await form.user.click(screen.getByRole('button', { name: 'Remove c.txt' }));
    expect(list()).not.toBeInTheDocument();
  });

  it('takes at most 5 files and refuses the rest; the same file picked twice is attached once', async () => {
    const form = openForm('support');
    const first = fileOf('1.png');
    await form.user.upload(form.fileInput(), [first, fileOf('2.png'), fileOf('3.png')]);
    await form.user.upload(form.fileInput(), [first, fileOf('4.png'), fileOf('5.png'), fileOf('6.png')]);
    expect(names()).toEqual(['1.png', '2.png', '3.png', '4.png', '5.png']);
    expect(screen.getByRole('alert')).toHaveTextContent('6.png was not added: you can attach up to 5 files.');
  });

  it('uploads every file in order on submit (url, post, file), then names their tokens in the request', async () => {
    const form = openForm('support');
    await form.fillValid();
    await form.user.upload(form.fileInput(), [fileOf('first.jpg'), fileOf('second.pdf'), fileOf('third.zip')]);
    await form.user.click(form.submitButton());
    await waitFor(() => expect(form.requests()).toHaveLength(1));
    expect(form.uploads()).toEqual(['first.jpg', 'second.pdf', 'third.zip']);
    const firstUpload = form.http.bodiesOf(PATHS.helpDeskForwardFile)[0] as FormData;
    expect(firstUpload.get('url')).toBe('/api/v2/uploads.json');
    expect(firstUpload.get('requestType')).toBe('post');
    // Every upload happens before the request.
    expect(form.http.calls.map((call) => call.path)).toEqual([
      PATHS.helpDeskForwardFile,
      PATHS.helpDeskForwardFile,
      PATHS.helpDeskForwardFile,
      PATHS.helpDeskRequest,
    ]);
    expect(form.requests()[0]?.comment.uploads).toEqual(['token-first.jpg', 'token-second.pdf', 'token-third.zip']);
  });
});

describe('formatFileSize', () => {
  it('reads bytes, KB and MB in the page language', () => {
    expect(formatFileSize(820, 'en')).toBe('820 B');
    expect(formatFileSize(12 * 1024, 'en')).toBe('12 KB');
    expect(formatFileSize(1.25 * 1024 * 1024, 'en')).toBe('1.3 MB');
    expect(formatFileSize(HELP_ATTACHMENT_MAX_BYTES, 'zh')).toBe('10 MB');
  });
});
