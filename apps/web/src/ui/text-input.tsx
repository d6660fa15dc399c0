import { forwardRef, useImperativeHandle, useRef, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from './class-names.ts';
import { FieldError } from './field-error.tsx';
import { CloseIcon } from './icons.tsx';
import { useValidation, type ValidatedFieldProps } from './use-validation.ts';

/** Props of {@link TextInput}: native input props (except value/onChange) plus the options below. */
export interface TextInputProps
  extends ValidatedFieldProps, Omit<ComponentPropsWithoutRef<'input'>, 'value' | 'defaultValue' | 'onChange' | 'prefix'> {
  /** Visible label, associated with the input. */
  label: ReactNode;
  /** Content before the input inside the box (icon, currency). */
  prefix?: ReactNode;
  /** Content after the input inside the box (unit, button). */
  suffix?: ReactNode;
  /** Shows a "Clear" button while the field has a value. */
  clearable?: boolean;
}

/**
 * Labelled text field with optional prefix, suffix and clear button. Errors follow
 * {@link useValidation}: shown only after the user has typed, first message only, HTML sanitised.
 */
export const TextInput = forwardRef<HTMLInputElement, TextInputProps>(function TextInput(
  {
    label,
    prefix,
    suffix,
    clearable = false,
    value,
    defaultValue,
    onValueChange,
    validate,
    errors,
    id,
    'aria-describedby': describedBy,
    className,
    disabled,
    readOnly,
    ...inputProps
  },
  ref,
) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  useImperativeHandle(ref, () => inputRef.current as HTMLInputElement, []);
  const field = useValidation({ id, describedBy, value, defaultValue, onValueChange, validate, errors });
  const showClear = clearable && field.value !== '' && !disabled && !readOnly;

  const clear = () => {
    field.setValue('');
    inputRef.current?.focus();
  };

  return (
    <div className={cx('flex flex-col', className)}>
      <label htmlFor={field.inputProps.id} className="mb-1.5 text-sm font-medium text-fg">
        {label}
      </label>
      {/* The box draws the focus ring so prefix and suffix sit inside it. */}
      <div
        className={cx(
          'flex min-h-12 items-center gap-2 rounded-xl border bg-surface px-3 focus-within:ring-2 focus-within:ring-focus',
          field.error ? 'border-danger' : 'border-line',
          disabled && 'opacity-60',
        )}
      >
        {prefix !== undefined && <span className="flex shrink-0 items-center text-muted">{prefix}</span>}
        <input
          ref={inputRef}
          {...inputProps}
          {...field.inputProps}
          disabled={disabled}
          readOnly={readOnly}
          className="min-w-0 flex-1 bg-transparent py-3 text-base text-fg placeholder:text-muted focus-visible:outline-none!"
        />
        {showClear && (
          <button
            type="button"
            aria-label={t('ui.textInput.clear')}
            onClick={clear}
            className="-mr-1 flex size-8 shrink-0 items-center justify-center rounded-full text-muted hover:bg-surface-2 hover:text-fg"
          >
            <CloseIcon className="size-4" />
          </button>
        )}
        {suffix !== undefined && <span className="flex shrink-0 items-center text-muted">{suffix}</span>}
      </div>
      <FieldError id={field.errorId} message={field.error} />
    </div>
  );
});
