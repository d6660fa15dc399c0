import { CALL_ROUTES, EDD_MESSAGE_MAX_LENGTH, EDD_PARTS, type EddDecisionOutcome, type EddPart } from '@causeway/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useApiMutation } from '@/lib/use-api-mutation';
import { ConfirmDialog } from '@/ui';
import { useDeskCall } from '../api/desk-api';
import { type DeskEddCase, EDD_KEYS } from '../api/edd-api';
import { useTranslation } from '../texts';
import { cardClass, dangerButtonClass, smallButtonClass, titleClass } from './desk-classes';
import { eddErrorText, eddFieldClass, eddLabelClass } from './edd-parts';

/** The case statuses a reviewer may still decide on: approve and RFI only once answered (Pending); reject while open. */
const OPEN = ['Initial', 'RFI', 'Pending'];

/**
 * The decision on a case (docs/rules/edd.md "The operator's side"): Approve (Pass, the enhanced tier opens),
 * Reject (Fail, the account blocked with AC100004), or Ask for more (RFI: a message to the person and the parts
 * asked again). Each asks for confirmation first; the server audits it with the change.
 */
export function EddDecision({ answer }: { answer: DeskEddCase }) {
  const { t } = useTranslation();
  const call = useDeskCall();
  const queries = useQueryClient();
  const ids = { heading: useId(), note: useId(), message: useId(), messageError: useId() };
  const [note, setNote] = useState('');
  const [message, setMessage] = useState('');
  const [parts, setParts] = useState<EddPart[]>([...EDD_PARTS]);
  const [problem, setProblem] = useState<string>();
  const [confirming, setConfirming] = useState<EddDecisionOutcome | null>(null);
  const [said, setSaid] = useState<string>();
  const who = answer.email ?? answer.userId;

  const decide = useApiMutation({
    mutationFn: (outcome: EddDecisionOutcome) =>
      call(
        CALL_ROUTES.deskEddDecide,
        outcome === 'rfi'
          ? { caseId: answer.id, outcome, message: message.trim(), parts }
          : { caseId: answer.id, outcome, ...(note.trim() ? { note: note.trim() } : {}) },
      ),
    onSuccess: (_done, outcome) => {
      setSaid(t(`desk.edd.decision.done.${outcome}`, { who }));
      void queries.invalidateQueries({ queryKey: EDD_KEYS.all });
    },
  });

  if (!OPEN.includes(answer.status))
    return (
      <section aria-labelledby={ids.heading} className={cardClass}>
        <h2 id={ids.heading} className={titleClass}>
          {t('desk.edd.decision.title')}
        </h2>
        <p role="status" className="text-sm text-fg">
          {said ?? t('desk.edd.decision.closed', { status: t(`desk.edd.statuses.${answer.status}`) })}
        </p>
      </section>
    );

  const pending = answer.status === 'Pending';
  const ask = (outcome: EddDecisionOutcome) => {
    setSaid(undefined);
    if (outcome === 'rfi' && !message.trim()) return setProblem(t('desk.edd.decision.messageMissing'));
    if (outcome === 'rfi' && parts.length === 0) return setProblem(t('desk.edd.decision.partsMissing'));
    setProblem(undefined);
    setConfirming(outcome);
  };
  const togglePart = (part: EddPart, on: boolean) =>
    setParts((current) => EDD_PARTS.filter((each) => (each === part ? on : current.includes(each))));

  return (
    <section aria-labelledby={ids.heading} className={cardClass}>
      <h2 id={ids.heading} className={titleClass}>
        {t('desk.edd.decision.title')}
      </h2>
      {pending ? null : <p className="text-sm text-muted">{t('desk.edd.decision.notAnswered')}</p>}
      <div className="flex min-w-0 flex-col">
        <label htmlFor={ids.note} className={eddLabelClass}>
          {t('desk.edd.decision.note')}
        </label>
        <textarea
          id={ids.note}
          rows={2}
          value={note}
          maxLength={EDD_MESSAGE_MAX_LENGTH}
          onChange={(event) => setNote(event.target.value)}
          className={eddFieldClass}
        />
      </div>
      {pending ? (
        <fieldset className="flex min-w-0 flex-col gap-2 rounded-xl border border-line p-3">
          <legend className="px-1 text-sm font-semibold text-fg">{t('desk.edd.decision.rfiTitle')}</legend>
          <label htmlFor={ids.message} className={eddLabelClass}>
            {t('desk.edd.decision.message')}
          </label>
          <textarea
            id={ids.message}
            rows={3}
            value={message}
            maxLength={EDD_MESSAGE_MAX_LENGTH}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? ids.messageError : undefined}
            onChange={(event) => setMessage(event.target.value)}
            className={eddFieldClass}
          />
          <div className="flex flex-wrap gap-4">
            {EDD_PARTS.map((part) => (
              <label key={part} className="inline-flex min-h-10 items-center gap-2 text-sm text-fg">
                <input
                  type="checkbox"
                  className="size-5"
                  checked={parts.includes(part)}
                  onChange={(event) => togglePart(part, event.target.checked)}
                />
                {t(`desk.edd.parts.${part}`)}
              </label>
            ))}
          </div>
          <p id={ids.messageError} role="alert" className="text-sm text-danger empty:hidden">
            {problem ?? ''}
          </p>
        </fieldset>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {pending ? (
          <>
            <button type="button" className={smallButtonClass} disabled={decide.isPending} onClick={() => ask('approve')}>
              {t('desk.edd.decision.approve')}
            </button>
            <button type="button" className={smallButtonClass} disabled={decide.isPending} onClick={() => ask('rfi')}>
              {t('desk.edd.decision.rfi')}
            </button>
          </>
        ) : null}
        <button type="button" className={dangerButtonClass} disabled={decide.isPending} onClick={() => ask('reject')}>
          {t('desk.edd.decision.reject')}
        </button>
      </div>
      <p role="status" className="text-sm text-fg empty:hidden">
        {decide.isError ? <span className="text-danger">{eddErrorText(decide.error, t)}</span> : (said ?? null)}
      </p>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        title={confirming ? t(`desk.edd.decision.confirm.${confirming}.title`) : ''}
        description={confirming ? t(`desk.edd.decision.confirm.${confirming}.body`, { who }) : ''}
        confirmLabel={confirming ? t(`desk.edd.decision.confirm.${confirming}.yes`) : ''}
        cancelLabel={t('desk.edd.decision.confirm.cancel')}
        onConfirm={async () => {
          const outcome = confirming;
          if (!outcome) return;
          await decide.mutateAsync(outcome).catch(() => undefined);
          setConfirming(null);
        }}
      />
    </section>
  );
}
