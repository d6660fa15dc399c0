import { HELP_ATTACHMENT_EXTENSIONS, HELP_ATTACHMENT_MAX_BYTES, HELP_MAX_ATTACHMENTS } from '@causeway/contracts';
import { useId, useRef, type ChangeEvent } from 'react';
import { useTranslation } from '../texts';
import { FilePickerFace } from '@/ui/file-picker-face';
import { CloseIcon, FileIcon } from '@/ui/icons';
import type { Attachment } from './use-request-form';
import type { AttachmentRefusal } from './use-request-form-rules';

/** What the picker offers; every file is checked again (a person can switch the dialog to "All files"). */
const ACCEPT = HELP_ATTACHMENT_EXTENSIONS.map((extension) => `.${extension}`).join(',');

/** A size as people read it, digits in the page's language: "820 B", "12 KB", "1.5 MB" (binary units, as file managers show). */
export function formatFileSize(bytes: number, language: string): string {
  const [value, unit] = bytes >= 1024 * 1024 ? [bytes / (1024 * 1024), 'MB'] : bytes >= 1024 ? [bytes / 1024, 'KB'] : [bytes, 'B'];
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(value)} ${unit}`;
}

export interface AttachmentFieldProps {
  attachments: Attachment[];
  refusals: AttachmentRefusal[];
  onAdd: (files: File[]) => void;
  onRemove: (id: string) => void;
  /** While the request is sent the list is frozen. */
  isBusy: boolean;
}

/**
 * The attachments of a support or feedback request (docs/rules/validation.md): a real, keyboard-focusable file
 * input (multiple) behind a button-like label, the chosen files with name and size, each with
 * its own Remove button, and why a picked file was refused (type, size, too many).
 */
export function AttachmentField({ attachments, refusals, onAdd, onRemove, isBusy }: AttachmentFieldProps) {
  const { t, i18n } = useTranslation();
  const baseId = useId();
  const ids = {
    label: `${baseId}-label`,
    choose: `${baseId}-choose`,
    hint: `${baseId}-hint`,
    refusals: `${baseId}-refusals`,
    input: `${baseId}-input`,
  };
  const inputRef = useRef<HTMLInputElement>(null);
  const maxSize = formatFileSize(HELP_ATTACHMENT_MAX_BYTES, i18n.language);

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(event.target.files ?? []);
    // Cleared so picking the same file again (after removing it) still fires a change.
    event.target.value = '';
    onAdd(picked);
  };

  const remove = (id: string) => {
    if (isBusy) return;
    onRemove(id);
    // The row and its focused button are gone: keyboard users continue at the picker.
    inputRef.current?.focus();
  };

  return (
    <div role="group" aria-labelledby={ids.label} className="flex min-w-0 flex-col gap-2">
      <span id={ids.label} className="text-sm font-medium text-fg">
        {t('helpForm.attachments.label')}
      </span>
      <FilePickerFace
        inputRef={inputRef}
        ids={ids}
        accept={ACCEPT}
        multiple
        disabled={isBusy}
        invalid={refusals.length > 0}
        describedBy={refusals.length > 0 ? ids.refusals : undefined}
        onChange={pick}
        chooseText={t('helpForm.attachments.choose')}
        hintText={t('helpForm.attachments.hint', { max: HELP_MAX_ATTACHMENTS, size: maxSize })}
        compact
      />
      {attachments.length > 0 ? (
        <ul aria-label={t('helpForm.attachments.listLabel', { count: attachments.length })} className="flex flex-col gap-2">
          {attachments.map(({ id, file }) => (
            <li key={id} className="flex min-w-0 items-center gap-2 rounded-xl border border-line bg-surface-2 py-1.5 pr-1 pl-3">
              <FileIcon className="text-muted" />
              <span className="flex min-w-0 flex-1 flex-col">
                <span title={file.name} className="truncate text-sm text-fg">
                  {file.name}
                </span>
                <span className="text-xs text-muted">{formatFileSize(file.size, i18n.language)}</span>
              </span>
              <button
                type="button"
                onClick={() => remove(id)}
                aria-disabled={isBusy || undefined}
                aria-label={t('helpForm.attachments.remove', { name: file.name })}
                className="flex size-9 shrink-0 items-center justify-center rounded-full text-muted hover:bg-surface hover:text-fg aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
              >
                <CloseIcon className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {refusals.length > 0 ? (
        <div id={ids.refusals} role="alert" className="flex flex-col gap-0.5 text-sm text-danger">
          {refusals.map((refusal, index) => (
            <p key={`${refusal.name}-${index}`} className="break-words">
              {t(`helpForm.errors.${refusal.reason}`, { name: refusal.name, size: maxSize, max: HELP_MAX_ATTACHMENTS })}
            </p>
          ))}
        </div>
      ) : null}
    </div>
  );
}
