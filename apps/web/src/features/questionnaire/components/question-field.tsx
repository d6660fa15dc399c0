import {
  type AdditionalQuestion,
  QUESTION_LINE_MAX_LENGTH,
  QUESTION_MAX_FILES,
  QUESTION_TEXT_MAX_LENGTH,
  radioChoicesOf,
} from '@causeway/contracts';
import { type ReactNode, useId } from 'react';
import { FieldError, FileUpload } from '@/ui';
import { cx } from '@/ui/class-names';
import { type AnswerDraft, chosenOption } from '../questionnaire-answers';
import { useTranslation } from '../texts';

export interface QuestionFieldProps {
  question: AdditionalQuestion;
  draft: AnswerDraft;
  onChange: (draft: AnswerDraft) => void;
  /** Unanswered after a submit was tried: marked red, with a message (spec §5). */
  missing: boolean;
  upload: (file: File) => Promise<string>;
}

const boxClass = (flagged: boolean) =>
  cx(
    'w-full min-w-0 rounded-xl border bg-surface px-3 text-base text-fg placeholder:text-muted',
    'focus:ring-2 focus:ring-focus focus-visible:outline-none!',
    flagged ? 'border-danger' : 'border-line',
  );

interface TextAnswerProps {
  label: ReactNode;
  hint?: string | null | undefined;
  value: string;
  onChange: (value: string) => void;
  multiline: boolean;
  error: string | undefined;
}

/** A labelled text answer: one line (INPUT_LINE) or a few (INPUT_BAR, a choice's extra text); the error described. */
function TextAnswer({ label, hint, value, onChange, multiline, error }: TextAnswerProps) {
  const id = useId();
  const ids = { input: `${id}-input`, hint: `${id}-hint`, error: `${id}-error` };
  const describedBy = cx(hint ? ids.hint : undefined, error ? ids.error : undefined) || undefined;
  const common = {
    id: ids.input,
    value,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    maxLength: multiline ? QUESTION_TEXT_MAX_LENGTH : QUESTION_LINE_MAX_LENGTH,
  } as const;
  return (
    <div className="flex min-w-0 flex-col">
      <label htmlFor={ids.input} className="mb-1.5 text-sm font-medium text-fg">
        {label}
      </label>
      {multiline ? (
        <textarea
          {...common}
          rows={4}
          onChange={(event) => onChange(event.target.value)}
          className={cx(boxClass(Boolean(error)), 'py-3')}
        />
      ) : (
        <input
          {...common}
          type="text"
          onChange={(event) => onChange(event.target.value)}
          className={cx(boxClass(Boolean(error)), 'min-h-12')}
        />
      )}
      {hint ? (
        <p id={ids.hint} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      ) : null}
      <FieldError id={ids.error} message={error} />
    </div>
  );
}

/** One question in the input its answer type asks for (INPUT_LINE, INPUT_BAR, UPLOAD, RADIO with its extra text). */
export function QuestionField({ question, draft, onChange, missing, upload }: QuestionFieldProps) {
  const { t } = useTranslation();
  const error = missing ? t('questionnaire.unanswered') : undefined;
  if (question.answerType === 'INPUT_LINE' || question.answerType === 'INPUT_BAR')
    return (
      <TextAnswer
        label={question.questionText}
        hint={question.additionDescription}
        multiline={question.answerType === 'INPUT_BAR'}
        value={draft.text}
        onChange={(text) => onChange({ ...draft, text })}
        error={error}
      />
    );
  if (question.answerType === 'UPLOAD')
    return <UploadAnswer question={question} draft={draft} onChange={onChange} error={error} upload={upload} />;
  return <RadioAnswer question={question} draft={draft} onChange={onChange} error={error} />;
}

type GroupProps = Pick<QuestionFieldProps, 'question' | 'draft' | 'onChange'> & { error: string | undefined };

/** An UPLOAD question: the app's upload widget (format, size and count checked before any upload), in a group named by the question. */
function UploadAnswer({ question, draft, onChange, error, upload }: GroupProps & { upload: QuestionFieldProps['upload'] }) {
  const { t } = useTranslation();
  const id = useId();
  const describedBy = cx(question.additionDescription ? `${id}-hint` : undefined, error ? `${id}-error` : undefined) || undefined;
  return (
    <fieldset aria-describedby={describedBy} data-invalid={error ? true : undefined} className="flex min-w-0 flex-col gap-2">
      <legend className="mb-1.5 text-sm font-medium text-fg">{question.questionText}</legend>
      {question.additionDescription ? (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {question.additionDescription}
        </p>
      ) : null}
      <div className={cx('rounded-xl', error && 'outline outline-offset-4 outline-danger')}>
        <FileUpload
          label={t('questionnaire.upload.label')}
          files={draft.files}
          onChange={(files) => onChange({ ...draft, files })}
          upload={upload}
          maxFiles={QUESTION_MAX_FILES}
          hint={t('questionnaire.upload.hint', { max: QUESTION_MAX_FILES })}
        />
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}

/** A RADIO question: its options as radio buttons in a group; an option with an extra question asks it below. */
function RadioAnswer({ question, draft, onChange, error }: GroupProps) {
  const { t } = useTranslation();
  const id = useId();
  const choices = radioChoicesOf(question.radioQuestionDetail);
  const extraQuestion = chosenOption(question, draft)?.extraQuestionText;
  // Unanswered for want of a choice: the group is marked; for want of the extra text: that field is.
  const groupError = error && !extraQuestion ? error : undefined;
  const describedBy = cx(question.additionDescription ? `${id}-hint` : undefined, groupError ? `${id}-error` : undefined) || undefined;
  return (
    <fieldset aria-describedby={describedBy} data-invalid={groupError ? true : undefined} className="flex min-w-0 flex-col gap-2">
      <legend className="mb-1.5 text-sm font-medium text-fg">{question.questionText}</legend>
      {question.additionDescription ? (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {question.additionDescription}
        </p>
      ) : null}
      <div className={cx('flex flex-col gap-1 rounded-xl border p-2', groupError ? 'border-danger' : 'border-line')}>
        {choices.map((choice, index) => (
          <label
            key={`${index}-${choice.option}`}
            className="flex min-h-10 items-center gap-2 rounded-lg px-2 text-sm text-fg hover:bg-surface-2"
          >
            <input
              type="radio"
              name={`${id}-choice`}
              value={String(index)}
              checked={draft.choice === index}
              aria-invalid={groupError ? true : undefined}
              onChange={() => onChange({ ...draft, choice: index, extra: '' })}
              className="size-4 shrink-0 accent-[var(--cw-primary)]"
            />
            <span>{choice.option}</span>
          </label>
        ))}
      </div>
      <FieldError id={`${id}-error`} message={groupError} />
      {extraQuestion ? (
        <TextAnswer
          label={extraQuestion}
          multiline
          value={draft.extra}
          onChange={(extra) => onChange({ ...draft, extra })}
          error={error ? t('questionnaire.extraUnanswered') : undefined}
        />
      ) : null}
    </fieldset>
  );
}
