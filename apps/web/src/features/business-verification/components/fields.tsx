import type { CountryItem } from '@causeway/contracts';
import { type ReactNode, useId } from 'react';
import { cx } from '@/ui/class-names';
import { CountrySelect, FieldError } from '@/ui';
import { useTranslation } from '../texts';

/**
 * The business form's fields. Unlike the app's TextInput, which shows a problem only once the field
 * was typed in, these show the problem they are given: the form decides (its own check after typing,
 * spec §5; every problem once a save was tried; the server's refusal and the reviewer's request at once,
 * on fields the person may not have touched).
 */
interface FieldFrameProps {
  label: ReactNode;
  /** Marked "(optional)" after the label. */
  optional?: boolean | undefined;
  hint?: ReactNode;
  error?: string | undefined;
  /** The reviewer asked for this field to be corrected (Resubmitting). */
  rejected?: boolean | undefined;
}

function useFieldIds(error: string | undefined, rejected: boolean | undefined, hint: ReactNode) {
  const id = useId();
  const ids = { input: `${id}-input`, hint: `${id}-hint`, error: `${id}-error`, rejected: `${id}-rejected` };
  const describedBy = cx(hint ? ids.hint : undefined, rejected ? ids.rejected : undefined, error ? ids.error : undefined) || undefined;
  return { ids, describedBy };
}

function FieldLabel({ htmlFor, label, optional }: { htmlFor: string; label: ReactNode; optional?: boolean | undefined }) {
  const { t } = useTranslation();
  return (
    <label htmlFor={htmlFor} className="mb-1.5 text-sm font-medium text-fg">
      {label}
      {optional ? <span className="font-normal text-muted"> {t('kyb.form.optional')}</span> : null}
    </label>
  );
}

function FieldNotes({ ids, hint, error, rejected }: { ids: ReturnType<typeof useFieldIds>['ids'] } & Omit<FieldFrameProps, 'label'>) {
  const { t } = useTranslation();
  return (
    <>
      {rejected ? (
        <p id={ids.rejected} className="mt-1 text-xs font-semibold text-danger">
          {t('kyb.rejected.marker')}
        </p>
      ) : null}
      {hint ? (
        <p id={ids.hint} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      ) : null}
      <FieldError id={ids.error} message={error} />
    </>
  );
}

const boxClass = (flagged: boolean) =>
  cx(
    'w-full min-w-0 rounded-xl border bg-surface px-3 text-base text-fg placeholder:text-muted',
    'focus:ring-2 focus:ring-focus focus-visible:outline-none! disabled:opacity-60',
    flagged ? 'border-danger' : 'border-line',
  );

export interface TextFieldProps extends FieldFrameProps {
  value: string;
  onChange: (value: string) => void;
  name?: string;
  type?: 'text' | 'date' | 'email' | 'url';
  /** A textarea of a few lines (long answers). */
  multiline?: boolean;
  autoComplete?: string;
  maxLength?: number;
  min?: string;
  max?: string;
  inputMode?: 'text' | 'decimal' | 'numeric' | 'email' | 'url';
  disabled?: boolean;
  /** Leaving the field (the EDD questionnaire saves an answer then). */
  onBlur?: () => void;
  className?: string;
}

export function TextField({
  label,
  optional,
  hint,
  error,
  rejected,
  value,
  onChange,
  multiline,
  className,
  type = 'text',
  ...rest
}: TextFieldProps) {
  const { ids, describedBy } = useFieldIds(error, rejected, hint);
  const common = {
    id: ids.input,
    value,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    ...rest,
  };
  return (
    <div className={cx('flex min-w-0 flex-col', className)}>
      <FieldLabel htmlFor={ids.input} label={label} optional={optional} />
      {multiline ? (
        <textarea
          {...common}
          rows={4}
          onChange={(event) => onChange(event.target.value)}
          className={cx(boxClass(Boolean(error || rejected)), 'py-3')}
        />
      ) : (
        <input
          {...common}
          type={type}
          onChange={(event) => onChange(event.target.value)}
          className={cx(boxClass(Boolean(error || rejected)), 'h-12', type === 'date' && 'dark:[color-scheme:dark]')}
        />
      )}
      <FieldNotes ids={ids} hint={hint} error={error} rejected={rejected} />
    </div>
  );
}

export interface SelectFieldProps extends FieldFrameProps {
  value: string;
  onChange: (value: string) => void;
  options: ReadonlyArray<{ value: string; label: string }>;
  /** The empty first option (nothing chosen yet). */
  placeholder: string;
  name?: string;
  disabled?: boolean;
  className?: string;
}

export function SelectField({
  label,
  optional,
  hint,
  error,
  rejected,
  value,
  onChange,
  options,
  placeholder,
  className,
  ...rest
}: SelectFieldProps) {
  const { ids, describedBy } = useFieldIds(error, rejected, hint);
  return (
    <div className={cx('flex min-w-0 flex-col', className)}>
      <FieldLabel htmlFor={ids.input} label={label} optional={optional} />
      <select
        id={ids.input}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
        className={cx(boxClass(Boolean(error || rejected)), 'h-12')}
        {...rest}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldNotes ids={ids} hint={hint} error={error} rejected={rejected} />
    </div>
  );
}

export interface CountryFieldProps extends FieldFrameProps {
  label: string;
  name: string;
  value: string;
  onChange: (code: string) => void;
  countries: readonly CountryItem[];
  disabled?: boolean;
  className?: string;
}

/** The app's country select (list-country-code, flags, names in the page language) with the form's notes under it. */
export function CountryField({ label, hint, error, rejected, className, ...select }: CountryFieldProps) {
  const { t } = useTranslation();
  const { ids } = useFieldIds(error, rejected, hint);
  return (
    <div className={cx('flex min-w-0 flex-col', className, (error || rejected) && '[&_select]:border-danger')}>
      <CountrySelect label={label} placeholder={t('kyb.form.selectCountry')} {...select} />
      <FieldNotes ids={ids} hint={hint} error={error} rejected={rejected} />
    </div>
  );
}

export function CheckboxField({
  label,
  checked,
  onChange,
  error,
  disabled,
}: {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string | undefined;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex flex-col">
      <label className="flex items-start gap-2 text-sm text-fg">
        <input
          type="checkbox"
          checked={checked}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? id : undefined}
          onChange={(event) => onChange(event.target.checked)}
          className="mt-0.5 size-4 shrink-0 accent-[var(--cw-primary)]"
        />
        <span>{label}</span>
      </label>
      <FieldError id={id} message={error} />
    </div>
  );
}
