import { CALL_ROUTES } from '@causeway/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useApiMutation } from '@/lib/use-api-mutation';
import { useDeskCall } from '../api/desk-api';
import { type DeskQuestionListing, QUESTIONNAIRE_KEYS, useQuestions } from '../api/questionnaire-api';
import { useTranslation } from '../texts';
import { ChangeStatus } from './config-parts';
import { cardClass, codeClass, dangerButtonClass, itemClass, smallButtonClass, titleClass } from './desk-classes';
import { QuestionForm } from './question-form';
import { QueryBody } from './screen-parts';

/**
 * The question bank (docs/rules/questionnaire.md "Questions"): every question in both languages, active or not.
 * An operator whose role may change configuration (config:change) writes, edits, deactivates and activates them;
 * the others read them (to ask them).
 */
export function QuestionBank({ mayEdit }: { mayEdit: boolean }) {
  const { t } = useTranslation();
  const call = useDeskCall();
  const queries = useQueryClient();
  const questions = useQuestions();
  const headingId = useId();
  /** The form open: 'new', a question's id, or none. */
  const [editing, setEditing] = useState<string>();
  const [said, setSaid] = useState<string>();
  const refresh = () => queries.invalidateQueries({ queryKey: QUESTIONNAIRE_KEYS.questions });
  const toggle = useApiMutation({
    mutationFn: (input: { id: string; active: boolean }) => call(CALL_ROUTES.deskQuestionActive, input),
    onSuccess: (saved) => {
      setSaid(t(saved.active ? 'desk.questionnaires.bank.activated' : 'desk.questionnaires.bank.deactivated', { id: saved.id }));
      void refresh();
    },
  });
  const saved = (question: DeskQuestionListing) => {
    setSaid(t('desk.questionnaires.bank.saved', { id: question.id }));
    setEditing(undefined);
    void refresh();
  };
  return (
    <section aria-labelledby={headingId} className={cardClass}>
      <h2 id={headingId} className={titleClass}>
        {t('desk.questionnaires.bank.title')}
      </h2>
      <p className="text-sm text-muted">{mayEdit ? t('desk.questionnaires.bank.intro') : t('desk.questionnaires.bank.readOnly')}</p>
      <ChangeStatus said={said} error={toggle.error} />
      {mayEdit && editing === 'new' ? <QuestionForm onDone={saved} onCancel={() => setEditing(undefined)} /> : null}
      {mayEdit && editing !== 'new' ? (
        <button type="button" className={`${smallButtonClass} self-start`} onClick={() => setEditing('new')}>
          {t('desk.questionnaires.bank.new')}
        </button>
      ) : null}
      <QueryBody query={questions}>
        {(answer) =>
          answer.questions.length === 0 ? (
            <p className="text-sm text-muted">{t('desk.questionnaires.bank.none')}</p>
          ) : (
            <ul className="flex flex-col gap-2">
              {answer.questions.map((question) =>
                editing === question.id ? (
                  <li key={question.id}>
                    <QuestionForm question={question} onDone={saved} onCancel={() => setEditing(undefined)} />
                  </li>
                ) : (
                  <li key={question.id} className={itemClass}>
                    <p className="text-sm font-semibold break-words text-fg" lang="en">
                      {question.text.en}
                    </p>
                    <p className="text-sm break-words text-fg" lang="zh">
                      {question.text.zh}
                    </p>
                    <p className={codeClass}>
                      {[question.id, question.questionGroup, t(`desk.questionnaires.types.${question.answerType}`)].join(' · ')}
                    </p>
                    {question.options ? (
                      <p className="text-xs break-words text-muted">
                        {question.options.map((choice) => `${choice.option.en} / ${choice.option.zh}`).join(' · ')}
                      </p>
                    ) : null}
                    <p className="text-xs text-muted">
                      {question.active ? t('desk.questionnaires.bank.active') : t('desk.questionnaires.bank.inactive')}
                    </p>
                    {mayEdit ? (
                      <div className="flex flex-wrap gap-2">
                        <button
                          type="button"
                          className={smallButtonClass}
                          aria-label={t('desk.questionnaires.bank.editOne', { id: question.id })}
                          onClick={() => setEditing(question.id)}
                        >
                          {t('desk.questionnaires.bank.edit')}
                        </button>
                        <button
                          type="button"
                          className={question.active ? dangerButtonClass : smallButtonClass}
                          disabled={toggle.isPending}
                          aria-label={t(
                            question.active ? 'desk.questionnaires.bank.deactivateOne' : 'desk.questionnaires.bank.activateOne',
                            { id: question.id },
                          )}
                          onClick={() => toggle.mutate({ id: question.id, active: !question.active })}
                        >
                          {question.active ? t('desk.questionnaires.bank.deactivate') : t('desk.questionnaires.bank.activate')}
                        </button>
                      </div>
                    ) : null}
                  </li>
                ),
              )}
            </ul>
          )
        }
      </QueryBody>
    </section>
  );
}
