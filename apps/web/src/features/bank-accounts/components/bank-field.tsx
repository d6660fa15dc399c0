import { forwardRef, type ComponentPropsWithoutRef, useId } from 'react';
import { FieldError } from '@/ui';

export interface BankFieldProps extends Omit<ComponentPropsWithoutRef<'input'>, 'value' | 'onChange'> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** The field's problem, in words, once it is to be shown (after the field was left, or on Save); else undefined. */
  error?: string;
  /** A line under the label that says what to type. */
  hint?: string;
}

/**
 * A labelled field of the bank-account form. Unlike the shared TextInput, which shows a problem only once
 * something was typed, it shows what its owner says when: a field left empty is marked on Save too, and a
 * number the server refused is marked under its field. The problem is tied to the input (aria-invalid,
 * aria-describedby) and announced as it appears.
 */
export const BankField = forwardRef<HTMLInputElement, BankFieldProps>(function BankField(
  { label, value, onValueChange, error, hint, id, className, ...inputProps },
  ref,
) {
  const own = useId();
  const inputId = id ?? `${own}-input`;
  const hintId = `${own}-hint`;
  const errorId = `${own}-error`;
  return (
    <div className={`flex min-w-0 flex-col ${className ?? ''}`}>
      <label htmlFor={inputId} className="mb-1.5 text-sm font-medium text-fg">
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="mb-1.5 text-xs text-muted">
          {hint}
        </p>
      ) : null}
      <input
        ref={ref}
        {...inputProps}
        id={inputId}
        value={value}
        onChange={(event) => onValueChange(event.currentTarget.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined}
        className={`h-12 w-full min-w-0 rounded-xl border bg-surface px-3 text-base text-fg focus:ring-2 focus:ring-focus focus-visible:outline-none! ${
          error ? 'border-danger' : 'border-line'
        }`}
      />
      <FieldError id={errorId} message={error} />
    </div>
  );
});
