import { type ComponentPropsWithoutRef, useId } from 'react';

/** A native text box in the desk's looks (dark mode follows the colour tokens), labelled, at least 40 px tall. */
export const textAreaClass =
  'min-h-20 w-full min-w-0 rounded-lg border border-line bg-surface px-3 py-2 text-sm text-fg focus-visible:ring-2 focus-visible:ring-focus focus-visible:outline-none';

/** A labelled text box; `hint` is read with it (aria-describedby). */
export function LabelledTextArea({
  label,
  hint,
  value,
  onValueChange,
  ...props
}: { label: string; hint?: string; value: string; onValueChange: (value: string) => void } & Omit<
  ComponentPropsWithoutRef<'textarea'>,
  'value' | 'onChange'
>) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {label}
      </label>
      <textarea
        id={id}
        className={textAreaClass}
        value={value}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => onValueChange(event.currentTarget.value)}
        {...props}
      />
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** The language a localised text of the server is shown in: Chinese on a zh page, else English. */
export const textLanguageOf = (lng: string): 'en' | 'zh' => (lng.toLowerCase().startsWith('zh') ? 'zh' : 'en');

/** Saves bytes the desk session fetched (base64) as a file: a link would carry no desk header. */
export function saveFile(file: { fileName: string; contentType: string; base64: string }): void {
  const binary = atob(file.base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  const url = URL.createObjectURL(new Blob([bytes], { type: file.contentType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the file to the browser.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
