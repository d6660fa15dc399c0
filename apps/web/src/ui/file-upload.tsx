import { DOCUMENT_EXTENSIONS, MAX_DOCUMENT_BYTES, MIN_DOCUMENT_BYTES } from '@causeway/contracts';
import { useId, useLayoutEffect, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from './class-names.ts';
import { FilePickerFace } from './file-picker-face.tsx';
import { CheckCircleIcon, CloseIcon, FileIcon } from './icons.tsx';
import { Spinner } from './spinner.tsx';

/** One file of a {@link FileUpload} (docs/rules/entities.md "Uploaded file"). */
export interface UploadedFile {
  /** Unique within the widget; made by the widget. */
  id: string;
  /** The name the person's file had. */
  fileName: string;
  /** The name the upload is signed for (sign-upload's s3FileName). */
  s3FileName: string;
  /** The lower-case extension: jpg, jpeg, png or pdf. */
  fileType: string;
  /** docs/rules/order-states.md: uploading, then done or error. */
  status: 'uploading' | 'done' | 'error';
  /** Where the file is stored, once done: what a submit sends. */
  filePath?: string;
  /** Why the upload failed (the server's message when it gave one). */
  error?: string;
}

/** Props of {@link FileUpload}. */
export interface FileUploadProps {
  /** Visible name of the field. */
  label: ReactNode;
  /** The files (controlled). */
  files: UploadedFile[];
  /** Called with the whole new list on every change (added, uploaded, failed, removed, retried). */
  onChange: (files: UploadedFile[]) => void;
  /** Stores one file and answers its filePath; a rejection marks the file failed (its Error message is shown). */
  upload: (file: File) => Promise<string>;
  /** At most this many files; a further one is refused. Unlimited when unset. */
  maxFiles?: number;
  /** Text under the picker; defaults to the accepted formats and sizes. */
  hint?: ReactNode;
  className?: string;
}

/** What the picker offers; the rules are checked again on every file (the dialog's filter is only a hint). */
const ACCEPT = [...DOCUMENT_EXTENSIONS.map((extension) => `.${extension}`), 'image/jpeg', 'image/png', 'application/pdf'].join(',');

const extensionOf = (name: string) => (name.includes('.') ? (name.split('.').pop() ?? '').toLowerCase() : '');
const messageOf = (reason: unknown) => (reason instanceof Error && reason.message ? reason.message : undefined);

/**
 * The document upload of docs/rules/entities.md, docs/rules/order-states.md and docs/rules/validation.md: a real file input (keyboard focusable, opened by Enter or
 * Space) under a visible drop-box label, then one row per file: a spinner while it uploads, a
 * tick when done, "Upload failed" with Try again when it failed; every row has a Remove button.
 * Files breaking a docs/rules/validation.md rule (format, size, count) are refused before any upload, with the
 * rule's text.
 */
export function FileUpload({ label, files, onChange, upload, maxFiles, hint, className }: FileUploadProps) {
  const { t } = useTranslation();
  const baseId = useId();
  const ids = {
    input: `${baseId}-input`,
    label: `${baseId}-label`,
    choose: `${baseId}-choose`,
    hint: `${baseId}-hint`,
    refusal: `${baseId}-refusal`,
  };
  const inputRef = useRef<HTMLInputElement>(null);
  const [refusal, setRefusal] = useState<string>();
  // Uploads end after later renders: they must change the list as it is then, through the current onChange.
  const latest = useRef({ files, onChange });
  useLayoutEffect(() => {
    latest.current = { files, onChange };
  });
  const sources = useRef(new Map<string, File>());
  const nextId = useRef(0);

  // An upload ending after an unmount still reports (through the last onChange): a form that
  // keeps the list gets the result rather than a file stuck "uploading".
  const update = (change: (list: UploadedFile[]) => UploadedFile[]) => {
    const next = change(latest.current.files);
    latest.current.files = next;
    latest.current.onChange(next);
  };
  const patch = (id: string, fields: Partial<UploadedFile>) =>
    update((list) => list.map((item) => (item.id === id ? { ...item, ...fields } : item)));
  const send = (id: string, file: File) => {
    upload(file).then(
      (filePath) => patch(id, { status: 'done', filePath, error: undefined }),
      (reason: unknown) => patch(id, { status: 'error', error: messageOf(reason) }),
    );
  };

  const problemOf = (file: File) => {
    if (!(DOCUMENT_EXTENSIONS as readonly string[]).includes(extensionOf(file.name))) return t('ui.fileUpload.format');
    if (file.size < MIN_DOCUMENT_BYTES || file.size > MAX_DOCUMENT_BYTES) return t('ui.fileUpload.size');
    return undefined;
  };

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(event.target.files ?? []);
    // Cleared so picking the same file again (after removing it) still fires a change.
    event.target.value = '';
    if (picked.length === 0) return;
    let room = maxFiles === undefined ? Infinity : maxFiles - latest.current.files.length;
    const refusals: string[] = [];
    const added: UploadedFile[] = [];
    for (const file of picked) {
      const problem = room <= 0 ? t('ui.fileUpload.tooMany', { max: maxFiles }) : problemOf(file);
      if (problem) {
        refusals.push(problem);
        continue;
      }
      room -= 1;
      const id = `${baseId}-file-${nextId.current++}`;
      sources.current.set(id, file);
      added.push({ id, fileName: file.name, s3FileName: file.name, fileType: extensionOf(file.name), status: 'uploading' });
    }
    setRefusal(refusals[0]);
    if (added.length === 0) return;
    update((list) => [...list, ...added]);
    for (const item of added) send(item.id, sources.current.get(item.id)!);
  };

  const remove = (id: string) => {
    sources.current.delete(id);
    setRefusal(undefined);
    update((list) => list.filter((item) => item.id !== id));
    // The row (and its focused button) is gone: keyboard users continue at the picker.
    inputRef.current?.focus();
  };

  const retry = (id: string) => {
    const file = sources.current.get(id);
    if (!file) {
      // Not picked in this widget's lifetime (e.g. restored state): pick it again.
      remove(id);
      inputRef.current?.click();
      return;
    }
    patch(id, { status: 'uploading', error: undefined });
    send(id, file);
    document.getElementById(id)?.focus();
  };

  return (
    <div role="group" aria-labelledby={ids.label} className={cx('flex min-w-0 flex-col gap-2', className)}>
      <span id={ids.label} className="text-sm font-medium text-fg">
        {label}
      </span>
      <FilePickerFace
        inputRef={inputRef}
        ids={ids}
        accept={ACCEPT}
        multiple={maxFiles === undefined || maxFiles > 1}
        invalid={Boolean(refusal)}
        describedBy={refusal ? ids.refusal : undefined}
        onChange={pick}
        chooseText={t('ui.fileUpload.choose')}
        hintText={hint ?? t('ui.fileUpload.hint')}
      />
      <ul aria-live="polite" className="flex flex-col gap-2 empty:hidden">
        {files.map((file) => (
          <FileRow key={file.id} file={file} onRemove={() => remove(file.id)} onRetry={() => retry(file.id)} />
        ))}
      </ul>
      {refusal ? (
        <p id={ids.refusal} role="alert" className="text-sm text-danger">
          {refusal}
        </p>
      ) : null}
    </div>
  );
}

function FileRow({ file, onRemove, onRetry }: { file: UploadedFile; onRemove: () => void; onRetry: () => void }) {
  const { t } = useTranslation();
  const nameId = `${file.id}-name`;
  return (
    <li
      id={file.id}
      tabIndex={-1}
      data-status={file.status}
      className="flex min-w-0 items-center gap-2 rounded-xl border border-line bg-surface-2 py-2 pr-1 pl-3 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-focus"
    >
      <FileIcon className={file.status === 'error' ? 'text-danger' : 'text-muted'} />
      <div className="flex min-w-0 flex-1 flex-col">
        <span id={nameId} title={file.fileName} className="truncate text-sm text-fg">
          {file.fileName}
        </span>
        {file.status === 'error' ? (
          <span className="text-xs text-danger">
            <span className="font-semibold">{t('ui.fileUpload.uploadFailed')}</span>
            {file.error ? <span className="block break-words">{file.error}</span> : null}
          </span>
        ) : null}
      </div>
      {file.status === 'uploading' ? (
        <Spinner size="sm" className="text-primary" label={t('ui.fileUpload.uploading', { name: file.fileName })} />
      ) : null}
      {file.status === 'done' ? (
        <span className="flex items-center text-success">
          <CheckCircleIcon />
          <span className="sr-only">{t('ui.fileUpload.uploaded')}</span>
        </span>
      ) : null}
      {file.status === 'error' ? (
        <button
          type="button"
          onClick={onRetry}
          aria-describedby={nameId}
          className="min-h-9 shrink-0 rounded-lg px-2 text-sm font-semibold text-primary hover:bg-surface"
        >
          {t('ui.fileUpload.tryAgain')}
        </button>
      ) : null}
      <button
        type="button"
        onClick={onRemove}
        aria-label={t('ui.fileUpload.remove', { name: file.fileName })}
        className="flex size-9 shrink-0 items-center justify-center rounded-full text-muted hover:bg-surface hover:text-fg"
      >
        <CloseIcon className="size-4" />
      </button>
    </li>
  );
}
