import {
  CALL_ROUTES,
  ErrorCode,
  VERIFICATION_DECISIONS,
  VERIFICATION_NOTE_MAX_LENGTH,
  VERIFICATION_REJECT_REASONS,
  type VerificationDecision,
  type VerificationRejectReason,
} from '@causeway/contracts';
import type { DeskVerificationDecide } from '@causeway/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { apiErrorName } from '@/lib/http-errors';
import { useApiMutation } from '@/lib/use-api-mutation';
import { ConfirmDialog } from '@/ui';
import { useDeskCall } from '../api/desk-api';
import { type DeskVerificationListing, VERIFICATION_KEYS } from '../api/verifications-api';
import { deskErrorText } from '../desk-errors';
import { useTranslation } from '../texts';
import { dangerButtonClass, smallButtonClass } from './desk-classes';
import { eddFieldClass, eddLabelClass } from './edd-parts';

/** Refusals that mean the list behind is out of date: said on the screen (the row changes or goes) and the list read again. */
const STALE = [ErrorCode.WaitingItemSettled, ErrorCode.ReviewDecisionOnItsWay] as const;

/** What the decision tells the screen: what was sent, or a refusal after which the row is read again. */
export interface DecisionOutcome {
  kind: 'sent' | 'refused';
  text: string;
}

/**
 * The decision on one waiting review (docs/rules/operator-desk.md "Verifications"), behind a per-row disclosure:
 * Approve, Reject (with a fraud reason when fraud is why) or, for an identity only, Ask for documents again. The
 * note says why, and is needed unless approving; a rejection is final at the vendor, so it is confirmed first.
 * The vendor's answer (its webhook) changes the status later: until then the row shows the decision as sent.
 */
export function VerificationDecisionForm({
  item,
  who,
  onOutcome,
}: {
  item: DeskVerificationListing;
  who: string;
  onOutcome: (outcome: DecisionOutcome | null) => void;
}) {
  const { t } = useTranslation();
  const call = useDeskCall();
  const queries = useQueryClient();
  const ids = {
    form: useId(),
    decision: useId(),
    reason: useId(),
    reasonHint: useId(),
    note: useId(),
    noteHint: useId(),
    noteError: useId(),
  };
  const [open, setOpen] = useState(false);
  const [decision, setDecision] = useState<VerificationDecision>('approve');
  const [reason, setReason] = useState<VerificationRejectReason | ''>('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const offered = VERIFICATION_DECISIONS.filter((each) => each !== 'askAgain' || item.subject === 'kyc');
  const reload = () => void queries.invalidateQueries({ queryKey: VERIFICATION_KEYS.all });

  const decide = useApiMutation({
    mutationFn: (body: DeskVerificationDecide) => call(CALL_ROUTES.deskVerificationDecide, body),
    onSuccess: (answer) => {
      setOpen(false);
      onOutcome({
        kind: 'sent',
        text: t('desk.verifications.done', { decision: t(`desk.verifications.decisions.${answer.decision}`), who }),
      });
      reload();
    },
    onError: (error) => {
      const name = apiErrorName(error);
      if (name && (STALE as readonly string[]).includes(name)) {
        setOpen(false);
        onOutcome({ kind: 'refused', text: deskErrorText(error, t) });
        reload();
      }
    },
  });

  /** The body to send, or a problem said at the note (nothing is sent then). */
  const bodyOf = (): DeskVerificationDecide | string => {
    const trimmed = note.trim();
    if (decision !== 'approve' && !trimmed) return t('desk.verifications.form.noteMissing');
    if (trimmed.length > VERIFICATION_NOTE_MAX_LENGTH)
      return t('desk.verifications.form.noteTooLong', { max: String(VERIFICATION_NOTE_MAX_LENGTH) });
    return {
      subject: item.subject,
      userId: item.userId,
      decision,
      ...(decision === 'reject' && reason ? { reason } : {}),
      ...(trimmed ? { note: trimmed } : {}),
    };
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onOutcome(null);
    const body = bodyOf();
    if (typeof body === 'string') return setProblem(body);
    setProblem(undefined);
    if (body.decision === 'reject') return setConfirming(true);
    decide.mutate(body);
  };

  const refusal =
    decide.isError && !STALE.includes(apiErrorName(decide.error) as (typeof STALE)[number]) ? deskErrorText(decide.error, t) : '';

  return (
    <div className="flex min-w-0 flex-col gap-3">
      <button
        type="button"
        className={`${smallButtonClass} self-start`}
        aria-expanded={open}
        aria-controls={open ? ids.form : undefined}
        aria-label={t('desk.verifications.decideFor', { who })}
        onClick={() => {
          onOutcome(null);
          setOpen((was) => !was);
        }}
      >
        {t('desk.verifications.decide')}
      </button>
      {open ? (
        <form
          id={ids.form}
          noValidate
          aria-label={t('desk.verifications.form.title', { who })}
          className="flex min-w-0 flex-col gap-3 rounded-xl border border-line p-3"
          onSubmit={submit}
        >
          <fieldset className="flex min-w-0 flex-col gap-2">
            <legend className="mb-1 text-sm font-semibold text-fg">{t('desk.verifications.form.decision')}</legend>
            {offered.map((value) => (
              <label key={value} className="flex min-h-10 items-start gap-2 rounded-lg border border-line p-2 text-sm text-fg">
                <input
                  type="radio"
                  name={ids.decision}
                  className="mt-0.5 size-5 shrink-0"
                  value={value}
                  checked={decision === value}
                  onChange={() => {
                    setDecision(value);
                    setProblem(undefined);
                  }}
                />
                <span className="flex min-w-0 flex-col">
                  <span className="font-medium">{t(`desk.verifications.decisions.${value}`)}</span>
                  <span className="text-xs text-muted">{t(`desk.verifications.form.hints.${value}`)}</span>
                </span>
              </label>
            ))}
          </fieldset>
          {decision === 'reject' ? (
            <div className="flex min-w-0 flex-col">
              <label htmlFor={ids.reason} className={eddLabelClass}>
                {t('desk.verifications.form.reason')}
              </label>
              <select
                id={ids.reason}
                value={reason}
                aria-describedby={ids.reasonHint}
                onChange={(event) => setReason(event.target.value as VerificationRejectReason | '')}
                className={eddFieldClass}
              >
                <option value="">{t('desk.verifications.reasons.none')}</option>
                {VERIFICATION_REJECT_REASONS.map((value) => (
                  <option key={value} value={value}>
                    {t(`desk.verifications.reasons.${value}`)}
                  </option>
                ))}
              </select>
              <p id={ids.reasonHint} className="mt-1 text-xs text-muted">
                {t('desk.verifications.form.reasonHint')}
              </p>
            </div>
          ) : null}
          <div className="flex min-w-0 flex-col">
            <label htmlFor={ids.note} className={eddLabelClass}>
              {t(decision === 'approve' ? 'desk.verifications.form.noteOptional' : 'desk.verifications.form.noteRequired')}
            </label>
            <textarea
              id={ids.note}
              rows={3}
              value={note}
              required={decision !== 'approve'}
              maxLength={VERIFICATION_NOTE_MAX_LENGTH}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${ids.noteHint} ${ids.noteError}` : ids.noteHint}
              onChange={(event) => setNote(event.target.value)}
              className={eddFieldClass}
            />
            <p id={ids.noteHint} className="mt-1 text-xs text-muted">
              {t('desk.verifications.form.noteHint', { max: String(VERIFICATION_NOTE_MAX_LENGTH) })}
            </p>
            <p id={ids.noteError} role="alert" className="mt-1 text-sm text-danger empty:hidden">
              {problem ?? ''}
            </p>
          </div>
          <p role="alert" className="text-sm text-danger empty:hidden">
            {refusal}
          </p>
          <button
            type="submit"
            className={`${decision === 'reject' ? dangerButtonClass : smallButtonClass} self-start`}
            disabled={decide.isPending}
          >
            {t(`desk.verifications.form.submit.${decision}`)}
          </button>
        </form>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={(next) => {
          if (!next) setConfirming(false);
        }}
        title={t('desk.verifications.confirm.title')}
        description={t('desk.verifications.confirm.body', { who })}
        confirmLabel={t('desk.verifications.confirm.yes')}
        cancelLabel={t('desk.verifications.confirm.cancel')}
        onConfirm={async () => {
          const body = bodyOf();
          if (typeof body !== 'string') await decide.mutateAsync(body).catch(() => undefined);
          setConfirming(false);
        }}
      />
    </div>
  );
}
