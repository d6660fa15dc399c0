import { deferred } from '@/test/deferred';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithI18n } from '@/test/render';
import { FileUpload, type UploadedFile } from './file-upload.tsx';

const FORMAT = 'File format must be in jpg/jpeg/png/pdf';
const SIZE = 'File size must be between 10KB and 5120KB';

/** A file of `kb` kilobytes (the size is faked, so large files cost nothing). */
function fileOf(name: string, kb = 20, type = 'image/png'): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: kb * 1024 });
  return file;
}

type Upload = (file: File) => Promise<string>;

/** The widget with its list held in state, as a form holds it; every change is recorded. */
function open(upload: Upload, { maxFiles, initial = [] }: { maxFiles?: number; initial?: UploadedFile[] } = {}) {
  const changes: UploadedFile[][] = [];
  function Harness() {
    const [files, setFiles] = useState(initial);
    return (
      <FileUpload
        label="Front side"
        files={files}
        maxFiles={maxFiles}
        upload={upload}
        onChange={(next) => {
          changes.push(next);
          setFiles(next);
        }}
      />
    );
  }
  renderWithI18n(<Harness />);
  // applyAccept off: a person can switch the dialog to "All files", so the widget must check itself.
  const user = userEvent.setup({ applyAccept: false });
  const input = screen.getByLabelText('Front side', { selector: 'input' });
  return { user, input, changes, last: () => changes.at(-1) };
}

const row = (name: string) => screen.getByText(name).closest('li')!;

describe('FileUpload', () => {
  it('is a real, keyboard-focusable file input behind a visible label, offering the accepted formats', async () => {
    const { user, input } = open(vi.fn<Upload>());
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('accept', expect.stringContaining('.pdf'));
    expect(input).toHaveAccessibleName('Front side Choose a file');
    expect(input).toHaveAccessibleDescription('JPG, JPEG, PNG or PDF, 10 KB to 5120 KB');
    expect(screen.getByRole('group', { name: 'Front side' })).toBeInTheDocument();
    expect(screen.getByText('Choose a file').closest('label')).toHaveAttribute('for', input.id);
    await user.tab();
    expect(input).toHaveFocus();
  });

  it('uploads a valid file: a spinner while uploading, then done with its filePath', async () => {
    const pending = deferred<string>();
    const upload = vi.fn<Upload>(() => pending.promise);
    const { user, input, last } = open(upload);
    const file = fileOf('passport.png');
    await user.upload(input, file);
    expect(upload).toHaveBeenCalledWith(file);
    expect(within(row('passport.png')).getByRole('status')).toHaveTextContent('Uploading passport.png');
    expect(last()).toEqual([
      { id: expect.any(String), fileName: 'passport.png', s3FileName: 'passport.png', fileType: 'png', status: 'uploading' },
    ]);

    await act(async () => pending.resolve('kyc/u1/passport.png'));
    expect(within(row('passport.png')).queryByRole('status')).not.toBeInTheDocument();
    expect(row('passport.png')).toHaveTextContent('Uploaded');
    expect(last()).toEqual([expect.objectContaining({ status: 'done', filePath: 'kyc/u1/passport.png' })]);
  });

  it.each([
    ['a gif', fileOf('photo.gif', 20, 'image/gif')],
    ['a file without an extension', fileOf('scan', 20, 'image/png')],
    ['a pdf in disguise (.pdf.exe)', fileOf('id.pdf.exe', 20, 'application/octet-stream')],
  ])('refuses %s before uploading, with the format rule', async (_name, file) => {
    const upload = vi.fn<Upload>();
    const { user, input, changes } = open(upload);
    await user.upload(input, file);
    expect(screen.getByRole('alert')).toHaveTextContent(FORMAT);
    expect(input).toHaveAccessibleDescription(expect.stringContaining(FORMAT));
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(upload).not.toHaveBeenCalled();
    expect(changes).toEqual([]);
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
  });

  it('accepts upper-case extensions (PHOTO.JPG)', async () => {
    const upload = vi.fn<Upload>(async () => 'kyc/u1/a.jpg');
    const { user, input } = open(upload);
    await user.upload(input, fileOf('PHOTO.JPG', 20, 'image/jpeg'));
    expect(upload).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each([
    ['under 10 KB', 9.99, false],
    ['exactly 10 KB', 10, true],
    ['exactly 5120 KB', 5120, true],
    ['over 5120 KB', 5121, false],
  ])('a file %s (%s KB) is accepted: %s', async (_name, kb, accepted) => {
    const upload = vi.fn<Upload>(async () => 'kyc/u1/a.pdf');
    const { user, input } = open(upload);
    await user.upload(input, fileOf('statement.pdf', kb, 'application/pdf'));
    if (accepted) {
      expect(upload).toHaveBeenCalledTimes(1);
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    } else {
      expect(upload).not.toHaveBeenCalled();
      expect(screen.getByRole('alert')).toHaveTextContent(SIZE);
    }
  });

  it('with maxFiles 1 and a file in place, refuses a further one with the count rule', async () => {
    const upload = vi.fn<Upload>(async () => 'kyc/u1/front.png');
    const { user, input, last } = open(upload, { maxFiles: 1 });
    expect(input).not.toHaveAttribute('multiple');
    await user.upload(input, fileOf('front.png'));
    expect(await screen.findByText('Uploaded')).toBeInTheDocument();
    await user.upload(input, fileOf('another.png'));
    expect(screen.getByRole('alert')).toHaveTextContent('You can only upload 1 files');
    expect(upload).toHaveBeenCalledTimes(1);
    expect(last()).toHaveLength(1);
  });

  it('with maxFiles 2, a pick of three uploads two and refuses the third; each rule refusal leaves the valid files going', async () => {
    const upload = vi.fn<Upload>(() => new Promise<string>(() => {}));
    const { user, input, last } = open(upload, { maxFiles: 2 });
    expect(input).toHaveAttribute('multiple');
    await user.upload(input, [fileOf('a.png'), fileOf('b.gif'), fileOf('c.png'), fileOf('d.png')]);
    expect(upload.mock.calls.map(([file]) => file.name)).toEqual(['a.png', 'c.png']);
    expect(last()?.map((file) => file.fileName)).toEqual(['a.png', 'c.png']);
    // The first refusal is shown: one actionable message at a time.
    expect(screen.getByRole('alert')).toHaveTextContent(FORMAT);
    await user.upload(input, fileOf('e.png'));
    expect(screen.getByRole('alert')).toHaveTextContent('You can only upload 2 files');
  });

  it('without maxFiles, takes several files at once', async () => {
    const upload = vi.fn<Upload>(async (file) => `kyc/u1/${file.name}`);
    const { user, input, last } = open(upload);
    expect(input).toHaveAttribute('multiple');
    await user.upload(input, [fileOf('a.png'), fileOf('b.pdf', 30, 'application/pdf')]);
    expect(await screen.findAllByText('Uploaded')).toHaveLength(2);
    expect(last()?.map((file) => [file.fileName, file.status, file.filePath])).toEqual([
      ['a.png', 'done', 'kyc/u1/a.png'],
      ['b.pdf', 'done', 'kyc/u1/b.pdf'],
    ]);
  });

  it('a failed upload shows Upload failed with its reason; Try again uploads the same file again', async () => {
    const attempts = [deferred<string>(), deferred<string>()];
    let attempt = 0;
    const upload = vi.fn<Upload>(() => attempts[attempt++]!.promise);
    const { user, input, last } = open(upload);
    const file = fileOf('id-front.jpg', 20, 'image/jpeg');
    await user.upload(input, file);
    await act(async () => attempts[0]!.reject(new Error(SIZE)));
    const failed = row('id-front.jpg');
    expect(failed).toHaveTextContent('Upload failed');
    expect(failed).toHaveTextContent(SIZE);
    expect(last()).toEqual([expect.objectContaining({ status: 'error', error: SIZE })]);

    await user.click(within(failed).getByRole('button', { name: 'Try again' }));
    expect(upload).toHaveBeenCalledTimes(2);
    expect(upload.mock.calls[1]![0]).toBe(file);
    expect(within(row('id-front.jpg')).getByRole('status')).toHaveTextContent('Uploading id-front.jpg');
    expect(row('id-front.jpg')).not.toHaveTextContent('Upload failed');
    expect(row('id-front.jpg')).toHaveFocus();

    await act(async () => attempts[1]!.resolve('kyc/u1/id-front.jpg'));
    expect(row('id-front.jpg')).toHaveTextContent('Uploaded');
    expect(last()).toEqual([expect.objectContaining({ status: 'done', filePath: 'kyc/u1/id-front.jpg' })]);
    expect(last()?.[0]).not.toHaveProperty('error', expect.anything());
  });

  it('a rejection without a message shows Upload failed alone', async () => {
    const { user, input } = open(vi.fn<Upload>(() => Promise.reject('nope')));
    await user.upload(input, fileOf('a.png'));
    expect(await screen.findByText('Upload failed')).toBeInTheDocument();
    expect(row('a.png').textContent).toBe('a.pngUpload failedTry again');
  });

  it('removes a file with its labelled button and focuses the picker; the same file can be picked again', async () => {
    const upload = vi.fn<Upload>(async () => 'kyc/u1/a.png');
    const { user, input, last } = open(upload);
    await user.upload(input, fileOf('a.png'));
    await screen.findByText('Uploaded');
    await user.click(screen.getByRole('button', { name: 'Remove a.png' }));
    expect(screen.queryByText('a.png')).not.toBeInTheDocument();
    expect(last()).toEqual([]);
    expect(input).toHaveFocus();
    await user.upload(input, fileOf('a.png'));
    expect(upload).toHaveBeenCalledTimes(2);
  });

  it('a file removed while uploading stays removed when its upload ends', async () => {
    const pending = deferred<string>();
    const { user, input, last } = open(vi.fn<Upload>(() => pending.promise));
    await user.upload(input, fileOf('a.png'));
    await user.click(screen.getByRole('button', { name: 'Remove a.png' }));
    await act(async () => pending.resolve('kyc/u1/a.png'));
    expect(last()).toEqual([]);
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
  });

  it('a failed file can be removed too, and its error goes with it', async () => {
    const { user, input, last } = open(vi.fn<Upload>(() => Promise.reject(new Error('File upload failed'))));
    await user.upload(input, fileOf('a.png'));
    await screen.findByText('Upload failed');
    await user.click(screen.getByRole('button', { name: 'Remove a.png' }));
    expect(last()).toEqual([]);
    expect(screen.queryByText('Upload failed')).not.toBeInTheDocument();
  });

  it('two uploads finishing in any order each land on their own row', async () => {
    const first = deferred<string>();
    const second = deferred<string>();
    const upload = vi.fn<Upload>((file) => (file.name === 'a.png' ? first.promise : second.promise));
    const { user, input, last } = open(upload);
    await user.upload(input, [fileOf('a.png'), fileOf('b.png')]);
    await act(async () => second.resolve('kyc/u1/b.png'));
    await act(async () => first.reject(new Error('File upload failed')));
    expect(last()?.map((file) => [file.fileName, file.status])).toEqual([
      ['a.png', 'error'],
      ['b.png', 'done'],
    ]);
  });

  it('keyboard: Tab goes picker, Try again, Remove; Enter on Try again retries', async () => {
    let fail = true;
    const upload = vi.fn<Upload>(async () => {
      if (fail) throw new Error('File upload failed');
      return 'kyc/u1/a.png';
    });
    const { user, input } = open(upload);
    await user.upload(input, fileOf('a.png'));
    await screen.findByText('Upload failed');
    input.focus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Try again' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Remove a.png' })).toHaveFocus();
    await user.tab({ shift: true });
    fail = false;
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Uploaded')).toBeInTheDocument();
    expect(upload).toHaveBeenCalledTimes(2);
  });

  it('Try again on a file this widget never held (restored state) opens the picker in its place', async () => {
    const restored: UploadedFile = { id: 'old-1', fileName: 'old.png', s3FileName: 'old.png', fileType: 'png', status: 'error' };
    const { user, input, last } = open(vi.fn<Upload>(), { initial: [restored] });
    const clicked = vi.fn();
    input.addEventListener('click', clicked);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(clicked).toHaveBeenCalledTimes(1);
    expect(last()).toEqual([]);
  });
});
