import { CALL_ROUTES, QUESTION_ANSWER_TYPES, type QuestionAnswerType } from '@causeway/contracts';
import { type FormEvent, useId, useState } from 'react';
import { useApiMutation } from '@/lib/use-api-mutation';
import { GradientButton, TextInput } from '@/ui';
import { useDeskCall } from '../api/desk-api';
import type { DeskQuestionListing } from '../api/questionnaire-api';
import { useTranslation } from '../texts';
import { ChangeStatus, selectClass } from './config-parts';
import { dangerButtonClass, itemClass, smallButtonClass } from './desk-classes';

interface OptionDraft {
  en: string;
  zh: string;
  extraEn: string;
  extraZh: string;
}

/** A question as the form holds it: every field a string, as typed. */
interface QuestionDraft {
  id: string;
  questionGroup: string;
  answerType: QuestionAnswerType;
  textEn: string;
  textZh: string;
  descriptionEn: string;
  descriptionZh: string;
  sortOrder: string;
  options: OptionDraft[];
}

const EMPTY_OPTION: OptionDraft = { en: '', zh: '', extraEn: '', extraZh: '' };

const draftOf = (question: DeskQuestionListing | undefined): QuestionDraft => ({
  id: question?.id ?? '',
  questionGroup: question?.questionGroup ?? '',
  answerType: question?.answerType ?? 'INPUT_LINE',
  textEn: question?.text.en ?? '',
  textZh: question?.text.zh ?? '',
  descriptionEn: question?.description?.en ?? '',
  descriptionZh: question?.description?.zh ?? '',
  sortOrder: String(question?.sortOrder ?? 0),
  options: question?.options?.map((choice) => ({
    en: choice.option.en,
    zh: choice.option.zh,
    extraEn: choice.extraQuestion?.en ?? '',
    extraZh: choice.extraQuestion?.zh ?? '',
  })) ?? [{ ...EMPTY_OPTION }, { ...EMPTY_OPTION }],
});

/** What the call takes: a description or an extra question in both languages or none; options for a RADIO only. */
const bodyOf = (draft: QuestionDraft) => ({
  id: draft.id.trim(),
  questionGroup: draft.questionGroup.trim(),
  answerType: draft.answerType,
  text: { en: draft.textEn, zh: draft.textZh },
  description: draft.descriptionEn.trim() || draft.descriptionZh.trim() ? { en: draft.descriptionEn, zh: draft.descriptionZh } : null,
  options:
    draft.answerType === 'RADIO'
      ? draft.options.map((choice) => ({
          option: { en: choice.en, zh: choice.zh },
          extraQuestion: choice.extraEn.trim() || choice.extraZh.trim() ? { en: choice.extraEn, zh: choice.extraZh } : null,
        }))
      : null,
  sortOrder: Number.parseInt(draft.sortOrder, 10) || 0,
});

/**
 * A question's form, in English and Chinese (docs/rules/questionnaire.md "Questions"): a new one, or an edit of
 * `question` (its id stays). The server checks the whole (a 400 naming what is wrong, said here) and audits it.
 */
export function QuestionForm({
  question,
  onDone,
  onCancel,
}: {
  question?: DeskQuestionListing;
  onDone: (saved: DeskQuestionListing) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const call = useDeskCall();
  const headingId = useId();
  const [draft, setDraft] = useState(() => draftOf(question));
  const set =
    <K extends keyof QuestionDraft>(key: K) =>
    (value: QuestionDraft[K]) =>
      setDraft((now) => ({ ...now, [key]: value }));
  const setOption = (index: number, key: keyof OptionDraft) => (value: string) =>
    setDraft((now) => ({ ...now, options: now.options.map((choice, at) => (at === index ? { ...choice, [key]: value } : choice)) }));
  const save = useApiMutation({
    mutationFn: () =>
      question ? call(CALL_ROUTES.deskQuestionUpdate, bodyOf(draft)) : call(CALL_ROUTES.deskQuestionCreate, bodyOf(draft)),
    onSuccess: onDone,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const typeId = useId();
  const q = 'desk.questionnaires.form';
  return (
    <form aria-labelledby={headingId} className={`${itemClass} gap-3`} onSubmit={submit} noValidate>
      <h3 id={headingId} className="text-base font-semibold text-fg">
        {question ? t(`${q}.editTitle`, { id: question.id }) : t(`${q}.newTitle`)}
      </h3>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <TextInput label={t(`${q}.id`)} value={draft.id} onValueChange={set('id')} readOnly={!!question} required maxLength={64} />
        <TextInput label={t(`${q}.group`)} value={draft.questionGroup} onValueChange={set('questionGroup')} required maxLength={64} />
        <div className="flex min-w-0 flex-col gap-1.5">
          <label htmlFor={typeId} className="text-sm font-medium text-fg">
            {t(`${q}.type`)}
          </label>
          <select
            id={typeId}
            className={selectClass}
            value={draft.answerType}
            onChange={(event) => set('answerType')(event.currentTarget.value as QuestionAnswerType)}
          >
            {QUESTION_ANSWER_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`desk.questionnaires.types.${type}`)}
              </option>
            ))}
          </select>
        </div>
        <TextInput label={t(`${q}.sortOrder`)} inputMode="numeric" value={draft.sortOrder} onValueChange={set('sortOrder')} />
        <TextInput label={t(`${q}.textEn`)} value={draft.textEn} onValueChange={set('textEn')} required maxLength={500} lang="en" />
        <TextInput label={t(`${q}.textZh`)} value={draft.textZh} onValueChange={set('textZh')} required maxLength={500} lang="zh" />
        <TextInput
          label={t(`${q}.descriptionEn`)}
          value={draft.descriptionEn}
          onValueChange={set('descriptionEn')}
          maxLength={1000}
          lang="en"
        />
        <TextInput
          label={t(`${q}.descriptionZh`)}
          value={draft.descriptionZh}
          onValueChange={set('descriptionZh')}
          maxLength={1000}
          lang="zh"
        />
      </div>
      {draft.answerType === 'RADIO' ? (
        <fieldset className="flex min-w-0 flex-col gap-3">
          <legend className="text-sm font-semibold text-fg">{t(`${q}.options`)}</legend>
          {draft.options.map((choice, index) => (
            <div
              key={index}
              role="group"
              aria-label={t(`${q}.option`, { n: String(index + 1) })}
              className="grid grid-cols-1 gap-2 sm:grid-cols-2"
            >
              <TextInput
                label={t(`${q}.optionEn`, { n: String(index + 1) })}
                value={choice.en}
                onValueChange={setOption(index, 'en')}
                lang="en"
              />
              <TextInput
                label={t(`${q}.optionZh`, { n: String(index + 1) })}
                value={choice.zh}
                onValueChange={setOption(index, 'zh')}
                lang="zh"
              />
              <TextInput
                label={t(`${q}.extraEn`, { n: String(index + 1) })}
                value={choice.extraEn}
                onValueChange={setOption(index, 'extraEn')}
                lang="en"
              />
              <TextInput
                label={t(`${q}.extraZh`, { n: String(index + 1) })}
                value={choice.extraZh}
                onValueChange={setOption(index, 'extraZh')}
                lang="zh"
              />
              {draft.options.length > 2 ? (
                <button
                  type="button"
                  className={`${dangerButtonClass} self-start`}
                  onClick={() => setDraft((now) => ({ ...now, options: now.options.filter((_, at) => at !== index) }))}
                >
                  {t(`${q}.removeOption`, { n: String(index + 1) })}
                </button>
              ) : null}
            </div>
          ))}
          {draft.options.length < 10 ? (
            <button
              type="button"
              className={`${smallButtonClass} self-start`}
              onClick={() => setDraft((now) => ({ ...now, options: [...now.options, { ...EMPTY_OPTION }] }))}
            >
              {t(`${q}.addOption`)}
            </button>
          ) : null}
        </fieldset>
      ) : null}
      <ChangeStatus said={null} error={save.error} />
      <div className="flex flex-wrap gap-2">
        <GradientButton type="submit" loading={save.isPending}>
          {question ? t(`${q}.save`) : t(`${q}.create`)}
        </GradientButton>
        <button type="button" className={smallButtonClass} onClick={onCancel}>
          {t(`${q}.cancel`)}
        </button>
      </div>
    </form>
  );
}
