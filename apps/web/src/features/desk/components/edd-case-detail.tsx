import type { DeskOperatorView, EddPart } from '@causeway/contracts';
import { useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatDateTime } from '@/lib/date-format';
import { type DeskEddCase, useEddCase, useEvidenceDownload } from '../api/edd-api';
import { useTranslation } from '../texts';
import { cardClass, codeClass, itemClass, linkClass, smallButtonClass, titleClass } from './desk-classes';
import { EddDecision } from './edd-decision';
import { eddErrorText } from './edd-parts';
import { EddRating } from './edd-rating';
import { Field, QueryBody, ScreenHeader } from './screen-parts';

/**
 * One EDD case (docs/rules/operator-desk.md "EDD reviews"): where it stands, the person's answers (source of
 * wealth, source of funds) with their files to download, the person's rating and why, and the decision. The
 * server writes the look, each download and each decision to the audit log.
 */
export function EddCaseDetail({ caseId, back, operator }: { caseId: string; back: string; operator: DeskOperatorView }) {
  const { t } = useTranslation();
  const edd = useEddCase(caseId);
  const headingId = useId();
  // The person's page is the people screen's, beside this one (/:lng/desk/people/<userId>).
  const peopleBase = back.replace(/\/[^/]*$/, '/people');
  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-4">
      <Link to={back} className={linkClass}>
        {t('desk.edd.back')}
      </Link>
      <QueryBody query={edd}>
        {(answer) => (
          <>
            <ScreenHeader id={headingId} title={answer.email ?? answer.userId} intro={t('desk.edd.viewed')} />
            {operator.permissions.includes('people:read') ? (
              <Link to={`${peopleBase}/${encodeURIComponent(answer.userId)}`} className={linkClass}>
                {t('desk.edd.openPerson')}
              </Link>
            ) : null}
            <CaseFacts answer={answer} />
            <Answer answer={answer} part="SOW" />
            <Answer answer={answer} part="SOF" />
            <EddRating answer={answer} />
            <EddDecision answer={answer} />
          </>
        )}
      </QueryBody>
    </section>
  );
}

function CaseFacts({ answer }: { answer: DeskEddCase }) {
  const { t } = useTranslation();
  const { lng = 'en' } = useParams();
  const id = useId();
  return (
    <section aria-labelledby={id} className={cardClass}>
      <h2 id={id} className={titleClass}>
        {t('desk.edd.case')}
      </h2>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-2 sm:grid-cols-2">
        <Field label={t('desk.edd.caseId')} code>
          {answer.id}
        </Field>
        <Field label={t('desk.edd.status')}>{t(`desk.edd.statuses.${answer.status}`)}</Field>
        <Field label={t('desk.edd.trigger')}>{t(`desk.edd.triggers.${answer.trigger}`)}</Field>
        <Field label={t('desk.edd.requestedBy')}>{answer.requestedBy}</Field>
        <Field label={t('desk.edd.requestReason')}>{answer.requestReason}</Field>
        <Field label={t('desk.edd.askedParts')}>{answer.askedParts.map((part) => t(`desk.edd.parts.${part}`)).join(', ') || '—'}</Field>
        <Field label={t('desk.edd.deadline')}>{formatDateTime(answer.deadlineAt, lng)}</Field>
        {answer.submittedAt ? <Field label={t('desk.edd.submitted')}>{formatDateTime(answer.submittedAt, lng)}</Field> : null}
        {answer.rfiMessage ? <Field label={t('desk.edd.rfiMessage')}>{answer.rfiMessage}</Field> : null}
        {answer.decidedAt ? (
          <Field label={t('desk.edd.decided')}>
            {t('desk.edd.decidedBy', { at: formatDateTime(answer.decidedAt, lng), by: answer.decidedBy ?? '—' })}
          </Field>
        ) : null}
        {answer.decisionNote ? <Field label={t('desk.edd.decisionNote')}>{answer.decisionNote}</Field> : null}
      </dl>
    </section>
  );
}

/** One part's answer: the choice, the person's words, and each file with a download button. */
function Answer({ answer, part }: { answer: DeskEddCase; part: EddPart }) {
  const { t } = useTranslation();
  const { lng = 'en' } = useParams();
  const id = useId();
  const value = part === 'SOW' ? answer.sow : answer.sof;
  const download = useEvidenceDownload();
  const [failed, setFailed] = useState<string>();
  const [busy, setBusy] = useState<string>();
  const fetchFile = async (file: { filePath: string; fileName: string }) => {
    setFailed(undefined);
    setBusy(file.filePath);
    try {
      await download(answer.id, file);
    } catch (error) {
      setFailed(t('desk.edd.downloadFailed', { name: file.fileName, why: eddErrorText(error, t) }));
    } finally {
      setBusy(undefined);
    }
  };
  return (
    <section aria-labelledby={id} className={cardClass}>
      <h2 id={id} className={titleClass}>
        {t(`desk.edd.parts.${part}`)}
      </h2>
      {value ? (
        <>
          <dl className="grid grid-cols-1 gap-x-4 gap-y-2 sm:grid-cols-2">
            <Field label={t('desk.edd.choice')}>{`${value.choiceLabel} (${value.choice})`}</Field>
            <Field label={t('desk.edd.answeredAt')}>{formatDateTime(value.committedAt, lng)}</Field>
          </dl>
          <div className="flex min-w-0 flex-col">
            <h3 className="text-xs text-muted">{t('desk.edd.text')}</h3>
            <p className="text-sm break-words whitespace-pre-wrap text-fg">{value.text}</p>
          </div>
          <h3 className="text-sm font-semibold text-fg">{t('desk.edd.files')}</h3>
          <ul className="flex flex-col gap-2">
            {value.files.map((file) => (
              <li key={file.filePath} className={itemClass}>
                <p className="text-sm break-all text-fg">{file.fileName}</p>
                <p className={`${codeClass} text-xs`}>
                  <span className="sr-only">{t('desk.edd.sha256')}: </span>
                  {file.sha256}
                </p>
                <button
                  type="button"
                  className={`${smallButtonClass} self-start`}
                  aria-label={t('desk.edd.download', { name: file.fileName })}
                  disabled={busy === file.filePath}
                  onClick={() => void fetchFile(file)}
                >
                  {t('desk.edd.downloadButton')}
                </button>
              </li>
            ))}
          </ul>
          <p role="alert" className="text-sm text-danger empty:hidden">
            {failed ?? ''}
          </p>
        </>
      ) : (
        <p className="text-sm text-muted">{t('desk.edd.notAnswered')}</p>
      )}
    </section>
  );
}
