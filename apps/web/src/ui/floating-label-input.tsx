import { forwardRef, useState, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import { cx } from './class-names.ts';
import { FieldError } from './field-error.tsx';
import { useValidation, type ValidatedFieldProps } from './use-validation.ts';

/** Props of {@link FloatingLabelInput}: native input props (except value/onChange/placeholder) plus the options below. */
export interface FloatingLabelInputProps
  extends ValidatedFieldProps, Omit<ComponentPropsWithoutRef<'input'>, 'value' | 'defaultValue' | 'onChange' | 'placeholder'> {
  /** Label shown inside the box, floating to the top when focused or filled. */
  label: ReactNode;
  /** A control at the right end inside the box (a 40 px icon button, e.g. "Show password"). */
  trailing?: ReactNode;
}

/**
 * A 56 px tall field whose label sits inside the box like a placeholder and floats up when the
 * input is focused or filled. Error behaviour is the same as TextInput's (see useValidation).
 */
export const FloatingLabelInput = forwardRef<HTMLInputElement, FloatingLabelInputProps>(function FloatingLabelInput(
  {
    label,
    trailing,
    value,
    defaultValue,
    onValueChange,
    validate,
    errors,
    id,
    'aria-describedby': describedBy,
    className,
    disabled,
    onFocus,
    onBlur,
    ...inputProps
  },
  ref,
) {
  const [focused, setFocused] = useState(false);
  const field = useValidation({ id, describedBy, value, defaultValue, onValueChange, validate, errors });
  const floating = focused || field.value !== '';

  return (
    <div className={cx('flex flex-col', className)}>
      <div
        data-floating={floating}
        className={cx(
          'relative h-14 rounded-xl border bg-surface focus-within:ring-2 focus-within:ring-focus',
          field.error ? 'border-danger' : 'border-line',
          disabled && 'opacity-60',
        )}
      >
        <input
          {...inputProps}
          ref={ref}
          {...field.inputProps}
          disabled={disabled}
          onFocus={(event) => {
            setFocused(true);
            onFocus?.(event);
          }}
          onBlur={(event) => {
            setFocused(false);
            onBlur?.(event);
          }}
          className={cx(
            'peer size-full rounded-xl bg-transparent px-3 pt-5 pb-1.5 text-base text-fg focus-visible:outline-none!',
            trailing !== undefined && 'pr-12',
          )}
        />
        {/* After the input so `peer-autofill` can float it when the browser autofills the field
            before React sees a value. */}
        <label
          htmlFor={field.inputProps.id}
          className={cx(
            'pointer-events-none absolute left-3 truncate text-muted transition-all',
            trailing === undefined ? 'max-w-[calc(100%-24px)]' : 'max-w-[calc(100%-64px)]',
            floating ? 'top-1.5 text-xs' : 'top-1/2 -translate-y-1/2 text-base',
            'peer-autofill:top-1.5 peer-autofill:translate-y-0 peer-autofill:text-xs',
          )}
        >
          {label}
        </label>
        {trailing !== undefined && <div className="absolute inset-y-0 right-1 flex items-center">{trailing}</div>}
      </div>
      <FieldError id={field.errorId} message={field.error} />
    </div>
  );
});
