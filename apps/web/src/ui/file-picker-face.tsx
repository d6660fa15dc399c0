import type { ChangeEvent, ReactNode, Ref } from 'react';
import { cx } from './class-names.ts';
import { UploadIcon } from './icons.tsx';

export interface FilePickerFaceProps {
  inputRef: Ref<HTMLInputElement>;
  /** Element ids: the field's label (rendered by the caller), the input, and the face's two lines. */
  ids: { label: string; input: string; choose: string; hint: string };
  accept: string;
  multiple: boolean;
  disabled?: boolean;
  /** Marks the input invalid and the face red (a refused file). */
  invalid: boolean;
  /** Extra ids describing the input (the refusal message), after the hint. */
  describedBy?: string | false | undefined;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  chooseText: string;
  hintText: ReactNode;
  /** The help form's shorter face (min-h-12) rather than the document upload's (min-h-14). */
  compact?: boolean;
}

/**
 * A real, keyboard-focusable file input behind a button-like label: clicking the face opens
 * the picker, and the focus ring follows the input's focus. Shared by the document upload and
 * the help form's attachments.
 */
export function FilePickerFace({
  inputRef,
  ids,
  accept,
  multiple,
  disabled,
  invalid,
  describedBy,
  onChange,
  chooseText,
  hintText,
  compact = false,
}: FilePickerFaceProps) {
  return (
    <>
      <input
        ref={inputRef}
        id={ids.input}
        type="file"
        multiple={multiple}
        accept={accept}
        disabled={disabled}
        aria-labelledby={`${ids.label} ${ids.choose}`}
        aria-describedby={cx(ids.hint, describedBy)}
        aria-invalid={invalid ? true : undefined}
        onChange={onChange}
        className="peer sr-only"
      />
      <label
        htmlFor={ids.input}
        className={cx(
          'flex cursor-pointer items-center gap-3 rounded-xl border border-dashed bg-surface px-3 transition hover:bg-surface-2',
          compact ? 'min-h-12 py-2' : 'min-h-14 py-2.5',
          'peer-focus-visible:ring-2 peer-focus-visible:ring-focus peer-disabled:cursor-not-allowed peer-disabled:opacity-60',
          invalid ? 'border-danger' : 'border-line',
        )}
      >
        <UploadIcon className="text-primary" />
        <span className="flex min-w-0 flex-col">
          <span id={ids.choose} className="text-sm font-semibold text-primary">
            {chooseText}
          </span>
          <span id={ids.hint} className="text-xs text-muted">
            {hintText}
          </span>
        </span>
      </label>
    </>
  );
}
