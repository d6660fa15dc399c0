import { type FormEvent, useRef, useState } from 'react';
import { useParams } from 'react-router';
import type { LocalisedText } from '@causeway/contracts';
import { cx } from '@/ui/class-names';
import { GradientButton } from '@/ui';
import { useTranslation } from '../texts';
import { StepActions, type StepProps } from './step-parts';

/** The test's texts come in English and Chinese: Chinese for any zh page, English for every other. */
const inLanguage = (text: LocalisedText, lng: string) => (lng.toLowerCase().startsWith('zh') ? text.zh : text.en);

/**
 * QUESTIONS: every question of the attempt as a group of radios (fieldset and legend). Submitting with some left
 * unanswered marks each of them, says how many in an alert, and moves focus to the first.
 */
export function QuestionsStep(props: StepProps) {
  const { t } = useTranslation();
  const { lng = 'en' } = useParams();
  const { assessment } = props;
  const questions = assessment.questions ?? [];
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const [checked, setChecked] = useState(false);
  // The first radio of each question: where focus goes when that question is the first left unanswered.
  const firstRadios = useRef<Record<string, HTMLInputElement | null>>({});
  const missing = questions.filter((question) => !chosen[question.id]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (missing.length > 0) {
      firstRadios.current[missing[0]!.id]?.focus();
      return;
    }
    const answers = questions.map((question) => ({ questionId: question.id, optionId: chosen[question.id]! }));
    props.move(() => props.api.answer(assessment.attempt, answers));
  };

  return (
    <form noValidate onSubmit={submit} className="mt-3">
      <p className="text-sm text-muted">{t('risk.test.questions.intro')}</p>
      <p className="mt-1 text-xs text-muted">
        {t('risk.test.questions.attempt', { attempt: assessment.attempt, failuresAllowed: assessment.failuresAllowed })}
      </p>
      <ol className="mt-4 flex flex-col gap-4">
        {questions.map((question, index) => {
          const unanswered = checked && !chosen[question.id];
          const errorId = `q-${question.id}-error`;
          return (
            <li key={question.id}>
              <fieldset
                aria-describedby={unanswered ? errorId : undefined}
                className={cx('rounded-2xl border bg-surface p-4', unanswered ? 'border-danger' : 'border-line')}
              >
                <legend className="float-left w-full text-sm font-semibold text-fg">
                  <span className="text-muted">{index + 1}. </span>
                  {inLanguage(question.prompt, lng)}
                </legend>
                <div className="clear-both flex flex-col gap-2 pt-3">
                  {question.options.map((option, optionIndex) => {
                    const selected = chosen[question.id] === option.id;
                    return (
                      <label
                        key={option.id}
                        className={cx(
                          'flex cursor-pointer items-start gap-3 rounded-xl border p-3 text-sm text-fg',
                          selected ? 'border-primary bg-surface-2' : 'border-line',
                        )}
                      >
                        <input
                          ref={(input) => {
                            if (optionIndex === 0) firstRadios.current[question.id] = input;
                          }}
                          type="radio"
                          name={`q-${question.id}`}
                          value={option.id}
                          checked={selected}
                          onChange={() => setChosen((current) => ({ ...current, [question.id]: option.id }))}
                          className="mt-0.5 size-4 shrink-0 accent-[var(--cw-primary)]"
                        />
                        <span>{inLanguage(option.label, lng)}</span>
                      </label>
                    );
                  })}
                </div>
                {unanswered ? (
                  <p id={errorId} className="mt-2 text-sm text-danger">
                    {t('risk.test.questions.choose')}
                  </p>
                ) : null}
              </fieldset>
            </li>
          );
        })}
      </ol>
      {checked && missing.length > 0 ? (
        <p role="alert" className="mt-4 text-sm text-danger">
          {t('risk.test.questions.missing', { count: missing.length })}
        </p>
      ) : null}
      <StepActions stage="QUESTIONS" props={props}>
        <GradientButton type="submit" fullWidth loading={props.pending}>
          {t('risk.test.questions.submit')}
        </GradientButton>
      </StepActions>
    </form>
  );
}
