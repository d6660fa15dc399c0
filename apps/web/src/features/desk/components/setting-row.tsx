import { ErrorCode } from '@causeway/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, type ReactNode, useId, useState } from 'react';
import { useParams } from 'react-router';
import { formatDateTime } from '@/lib/date-format';
import { apiErrorName, isApiError, type Translate } from '@/lib/http-errors';
import { useApiMutation } from '@/lib/use-api-mutation';
import type { SettingChangeAnswer } from '../api/settings-api';
import { deskErrorText } from '../desk-errors';
import { useTranslation } from '../texts';
import { dangerButtonClass, smallButtonClass } from './desk-classes';

/**
 * One row of a settings table on the "Fees and limits" screen: its values editable in place, a Save that
 * sends only what changed, and the server's answer said under it (before → after) or why it was refused.
 */

/** Decimal strings as the server takes them: no sign, no exponent, no comma, at most so many decimals. */
export const decimalPattern = (places: number) => new RegExp(`^\\d{1,20}(\\.\\d{1,${places}})?$`);
export const wholeNumberPattern = /^\d{1,3}$/;

export interface SettingField {
  /** The field's name in the call's body and in the change's before and after. */
  name: string;
  /** Its column's name. */
  header: string;
  /** As the server holds it now. */
  value: string;
  pattern: RegExp;
  /** What to say when what was typed does not fit `pattern`. */
  invalid: string;
  /** The keyboard a phone shows: digits only for a count. */
  inputMode?: 'decimal' | 'numeric';
}

export const tableBoxClass =
  'min-w-0 overflow-x-auto rounded-xl border border-line focus-visible:ring-2 focus-visible:ring-focus focus-visible:outline-none';
export const tableClass = 'w-full min-w-max border-collapse text-left text-sm text-fg';
export const headCellClass = 'border-b border-line bg-surface-2 px-3 py-2 text-xs font-medium text-muted';
export const cellClass = 'border-b border-line px-3 py-2 align-top';
const inputClass =
  'min-h-10 w-32 rounded-lg border bg-surface px-2 font-mono text-sm text-fg focus-visible:ring-2 focus-visible:ring-focus focus-visible:outline-none';

/** A table in its own scrolling box (so the page never scrolls sideways at 360 px), which the keyboard can scroll too. */
export function SettingsTable({ caption, headers, children }: { caption: string; headers: readonly string[]; children: ReactNode }) {
  const captionId = useId();
  return (
    // Focusable, and named by the caption (a group, not a second landmark beside its section): a keyboard scrolls a table wider than the screen.
    <div role="group" aria-labelledby={captionId} tabIndex={0} className={tableBoxClass}>
      <table className={tableClass}>
        <caption id={captionId} className="sr-only">
          {caption}
        </caption>
        <thead>
          <tr>
            {headers.map((header) => (
              <th key={header} scope="col" className={headCellClass}>
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** The refusal in the desk's words; a bad value keeps the server's reason, which names the field and the bound. */
export function settingErrorText(error: unknown, t: Translate): string {
  const name = apiErrorName(error);
  if (name === ErrorCode.SettingValueInvalid || name === ErrorCode.MalformedRequest)
    return t('desk.fees.refused', { detail: isApiError(error) ? error.msg : '' });
  if (name === ErrorCode.SettingNotFound) return t('desk.fees.notFound');
  return deskErrorText(error, t);
}

const shown = (value: unknown, t: Translate) => (value === null || value === undefined ? t('desk.fees.none') : String(value));

/** "Fee rate: 0.025 → 0.03": the fields the change moved (all of them when it moved none). */
export function changeText(answer: SettingChangeAnswer, fields: ReadonlyArray<Pick<SettingField, 'name' | 'header'>>, t: Translate) {
  const moved = fields.filter((field) => shown(answer.before?.[field.name], t) !== shown(answer.after?.[field.name], t));
  const listed = moved.length > 0 ? moved : fields;
  const values = listed
    .map((field) => `${field.header}: ${shown(answer.before?.[field.name], t)} → ${shown(answer.after?.[field.name], t)}`)
    .join('; ');
  return answer.after === null
    ? t('desk.fees.removed', { setting: answer.setting, change: values })
    : t('desk.fees.saved', { setting: answer.setting, change: values });
}

/** Who changed a row last, and when; "as installed" while nobody has. */
export function LastChange({ updatedAt, updatedBy }: { updatedAt: string | null; updatedBy: string | null }) {
  const { t } = useTranslation();
  const { lng = 'en' } = useParams();
  if (!updatedAt) return <span className="text-muted">{t('desk.fees.asInstalled')}</span>;
  return <span>{t('desk.fees.changedBy', { when: formatDateTime(updatedAt, lng), who: updatedBy ?? '' })}</span>;
}

/** What a row sends: the fields that changed, as typed (trimmed); the screen turns them into its call. */
export type SaveRow = (changed: Record<string, string>) => Promise<SettingChangeAnswer>;

export function SettingRow({
  name,
  heading,
  cells,
  fields,
  lastChange,
  save,
  remove,
  queryKey,
}: {
  /** The row's name in labels ("CHECKOUT", "Tier 1"). */
  name: string;
  /** The row's first cell. */
  heading: ReactNode;
  /** Cells shown after the heading, before the editable ones (a coin, a currency). */
  cells?: ReactNode;
  fields: readonly SettingField[];
  lastChange: { updatedAt: string | null; updatedBy: string | null };
  save: SaveRow;
  /** A second action that removes the row's setting (a crypto's own spread). */
  remove?: { label: string; ariaLabel: string; run: () => Promise<SettingChangeAnswer> };
  /** What to read again once a change is saved. */
  queryKey: readonly unknown[];
}) {
  const { t } = useTranslation();
  const queries = useQueryClient();
  const outcomeId = useId();
  const [draft, setDraft] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string>();
  const mutation = useApiMutation({
    mutationFn: (run: () => Promise<SettingChangeAnswer>) => run(),
    onSuccess: () => {
      setDraft({});
      void queries.invalidateQueries({ queryKey });
    },
  });

  const valueOf = (field: SettingField) => draft[field.name] ?? field.value;
  const submit = () => {
    setProblem(undefined);
    mutation.reset();
    const changed = Object.fromEntries(
      fields
        .map((field) => [field.name, valueOf(field).trim()] as const)
        .filter(([fieldName, value]) => {
          const field = fields.find((candidate) => candidate.name === fieldName)!;
          return value !== field.value;
        }),
    );
    if (Object.keys(changed).length === 0) return setProblem(t('desk.fees.nothingChanged'));
    const wrong = fields.find((field) => changed[field.name] !== undefined && !field.pattern.test(changed[field.name]!));
    if (wrong) return setProblem(wrong.invalid);
    mutation.mutate(() => save(changed));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      submit();
    }
  };

  const failed = problem ?? (mutation.isError ? settingErrorText(mutation.error, t) : undefined);
  return (
    <tr>
      <th scope="row" className={`${cellClass} font-medium`}>
        {heading}
      </th>
      {cells}
      {fields.map((field) => (
        <td key={field.name} className={cellClass}>
          <input
            type="text"
            inputMode={field.inputMode ?? 'decimal'}
            autoComplete="off"
            spellCheck={false}
            aria-label={t('desk.fees.inputLabel', { field: field.header, row: name })}
            aria-invalid={failed !== undefined}
            aria-describedby={outcomeId}
            className={`${inputClass} ${failed ? 'border-danger' : 'border-line'}`}
            value={valueOf(field)}
            onChange={(event) => setDraft((current) => ({ ...current, [field.name]: event.target.value }))}
            onKeyDown={onKeyDown}
          />
        </td>
      ))}
      <td className={`${cellClass} text-xs`}>
        <LastChange {...lastChange} />
      </td>
      <td className={cellClass}>
        <div className="flex max-w-72 min-w-48 flex-col gap-2">
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className={smallButtonClass}
              disabled={mutation.isPending}
              aria-label={t('desk.fees.saveRow', { row: name })}
              onClick={submit}
            >
              {mutation.isPending ? t('desk.fees.saving') : t('desk.fees.save')}
            </button>
            {remove ? (
              <button
                type="button"
                className={dangerButtonClass}
                disabled={mutation.isPending}
                aria-label={remove.ariaLabel}
                onClick={() => {
                  setProblem(undefined);
                  mutation.mutate(remove.run);
                }}
              >
                {remove.label}
              </button>
            ) : null}
          </div>
          <p id={outcomeId} role="status" className="text-xs break-words empty:hidden">
            {failed ? <span className="text-danger">{failed}</span> : mutation.data ? changeText(mutation.data, fields, t) : null}
          </p>
        </div>
      </td>
    </tr>
  );
}
