import { KYB_LONG_TEXT_MAX_LENGTH } from '@causeway/contracts';
import { useId } from 'react';
import { FieldError } from '@/ui';
import { cx } from '@/ui/class-names';
import { DocumentField } from '../components/document-field';
import { TextField } from '../components/fields';
import { useTranslation } from '../texts';
import { chosenExtraQuestion, type EddDraft, type EddQuestion, radioChoicesOf } from './edd-answers';

export interface EddQuestionFieldProps {
  question: EddQuestion;
  draft: EddDraft;
  onChange: (draft: EddDraft) => void;
  /** Saves the answer as it stands (questionnaire/commit): on leaving a text, on a choice, once files are stored. */
  onCommit: (draft: EddDraft) => void;
  /** Unanswered after a submit was tried: marked red (spec §5). */
  missing: boolean;
  upload: (file: File) => Promise<string>;
}

/** One EDD question in the input its answer type asks for (INPUT_LINE, INPUT_BAR, UPLOAD, RADIO). */
export function EddQuestionField({ question, draft, onChange, onCommit, missing, upload }: EddQuestionFieldProps) {
  const { t } = useTranslation();
  const error = missing ? t('kyb.edd.unanswered') : undefined;
  const hint = question.additionDescription ?? undefined;
  if (question.answerType === 'INPUT_LINE' || question.answerType === 'INPUT_BAR') {
    return (
      <TextField
        label={question.questionText}
        hint={hint}
        multiline={question.answerType === 'INPUT_BAR'}
        maxLength={KYB_LONG_TEXT_MAX_LENGTH}
        value={draft.text}
        onChange={(text) => onChange({ ...draft, text })}
        onBlur={() => onCommit(draft)}
        error={error}
      />
    );
  }
  if (question.answerType === 'UPLOAD') {
    return (
      <div className="flex flex-col gap-1">
        <DocumentField
          label={question.questionText}
          files={draft.files}
          onChange={(files) => {
            const next = { ...draft, files };
            onChange(next);
            if (!files.some((file) => file.status === 'uploading')) onCommit(next);
          }}
          upload={upload}
          error={error}
        />
        {hint ? <p className="text-xs text-muted">{hint}</p> : null}
      </div>
    );
  }
  return <RadioQuestion question={question} draft={draft} onChange={onChange} onCommit={onCommit} error={error} />;
}

function RadioQuestion({
  question,
  draft,
  onChange,
  onCommit,
  error,
}: Pick<EddQuestionFieldProps, 'question' | 'draft' | 'onChange' | 'onCommit'> & { error: string | undefined }) {
  const id = useId();
  const choices = radioChoicesOf(question.radioQuestionDetail);
  const extraQuestion = chosenExtraQuestion(question, draft);
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined} className="flex min-w-0 flex-col gap-2">
      <legend className="mb-1.5 text-sm font-medium text-fg">{question.questionText}</legend>
      {question.additionDescription ? <p className="text-xs text-muted">{question.additionDescription}</p> : null}
      <div className={cx('flex flex-col gap-1 rounded-xl border p-2', error ? 'border-danger' : 'border-line')}>
        {choices.map((choice) => (
          <label key={choice.option} className="flex min-h-10 items-center gap-2 rounded-lg px-2 text-sm text-fg hover:bg-surface-2">
            <input
              type="radio"
              name={`${id}-choice`}
              value={choice.option}
              checked={draft.option === choice.option}
              onChange={() => {
                const next = { ...draft, option: choice.option, extra: '' };
                onChange(next);
                if (!choice.extraQuestionText) onCommit(next);
              }}
              className="size-4 shrink-0 accent-[var(--cw-primary)]"
            />
            <span>{choice.option}</span>
          </label>
        ))}
      </div>
      {extraQuestion ? (
        <TextField
          label={extraQuestion}
          multiline
          maxLength={KYB_LONG_TEXT_MAX_LENGTH}
          value={draft.extra}
          onChange={(extra) => onChange({ ...draft, extra })}
          onBlur={() => onCommit(draft)}
          error={error && draft.extra.trim() === '' ? error : undefined}
        />
      ) : null}
      <FieldError id={`${id}-error`} message={error && !extraQuestion ? error : undefined} />
    </fieldset>
  );
}
