import { ErrorCode } from '@causeway/contracts';
import type { ReactNode } from 'react';
import { formatDateTime } from '@/lib/date-format';
import { isApiError, isError, type Translate } from '@/lib/http-errors';
import { deskErrorText } from '../desk-errors';
import { useTranslation } from '../texts';

/** A native select in the desk's looks: 40 px tall, the app's colour tokens (dark mode follows). */
export const selectClass =
  'min-h-10 w-full min-w-0 rounded-lg border border-line bg-surface px-3 text-sm text-fg focus-visible:ring-2 focus-visible:ring-focus focus-visible:outline-none';

/**
 * An on/off switch (a button with role="switch"): its name says what it turns, aria-checked whether it is on,
 * and "On"/"Off" is written beside the knob, so the state is not told by colour alone.
 */
export function OnOffSwitch({
  on,
  label,
  disabled = false,
  onToggle,
}: {
  on: boolean;
  label: string;
  disabled?: boolean;
  onToggle: (next: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      aria-label={label}
      disabled={disabled}
      onClick={() => onToggle(!on)}
      className="inline-flex min-h-10 shrink-0 items-center gap-2 rounded-lg px-1 text-sm text-fg focus-visible:ring-2 focus-visible:ring-focus focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-60"
    >
      <span
        aria-hidden="true"
        className={`relative inline-flex h-6 w-11 items-center rounded-full border border-line transition ${on ? 'bg-primary' : 'bg-surface-2'}`}
      >
        <span className={`inline-block size-4 rounded-full bg-surface shadow transition ${on ? 'translate-x-6' : 'translate-x-1'}`} />
      </span>
      <span aria-hidden="true" className="w-8 text-start">
        {on ? t('desk.config.on') : t('desk.config.off')}
      </span>
    </button>
  );
}

/** Who changed a row last and when, or that it stands as first made. */
export function LastChange({ updatedBy, updatedAt, lng }: { updatedBy: string | null; updatedAt: string | null; lng: string }) {
  const { t } = useTranslation();
  return (
    <p className="text-xs break-all text-muted">
      {updatedAt ? t('desk.config.changedBy', { by: updatedBy ?? '—', at: formatDateTime(updatedAt, lng) }) : t('desk.config.neverChanged')}
    </p>
  );
}

/**
 * Why a change was refused: a setting gone (SET0000002) in the desk's words; a value the server refused
 * (SET0000001) with its reason, which names the field (the server's words); else as every desk call says it.
 */
export function configErrorText(error: unknown, t: Translate): string {
  if (isError(error, ErrorCode.SettingNotFound)) return t('desk.config.notFound');
  if (isError(error, ErrorCode.SettingValueInvalid) && isApiError(error))
    return t('desk.config.refused', { detail: error.msg || t('desk.config.unknownReason') });
  return deskErrorText(error, t);
}

/**
 * A section's live line: what its last change did, or why it failed, in the desk's words. Always in the page,
 * so a screen reader announces what is put in it.
 */
export function ChangeStatus({ said, error }: { said: ReactNode; error: unknown }) {
  const { t } = useTranslation();
  return (
    <p role="status" className="text-sm text-fg empty:hidden">
      {error ? <span className="text-danger">{configErrorText(error, t)}</span> : said}
    </p>
  );
}
