import { type FormEvent, useId, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { formatDateTime } from '@/lib/date-format';
import { GradientButton, TextInput } from '@/ui';
import { usePeople } from '../api/desk-api';
import { useQuestionnairesWaiting } from '../api/questionnaire-api';
import type { DeskScreenProps } from '../desk-screens';
import { useTranslation } from '../texts';
import { AppropriatenessRecordView } from './appropriateness-record';
import { cardClass, codeClass, itemClass, smallButtonClass, titleClass } from './desk-classes';
import { PersonQuestionnaires } from './person-questionnaires';
import { QuestionBank } from './question-bank';
import { QueryBody, ScreenHeader } from './screen-parts';

/**
 * Questionnaires (docs/rules/operator-desk.md "Questionnaires"): the answered questionnaires waiting for a decision,
 * one person's questionnaires and appropriateness test (found by email, kept in the URL as ?person=), and the
 * question bank. What each part offers follows the role: asking needs journeys:start, the bank's changes config:change.
 */
export function QuestionnaireScreen({ operator }: DeskScreenProps) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const person = params.get('person') ?? '';
  const headingId = useId();
  const choose = (userId: string) => setParams(userId ? { person: userId } : {});
  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-4">
      <ScreenHeader id={headingId} title={t('desk.questionnaires.title')} intro={t('desk.questionnaires.intro')} />
      <Waiting onOpen={choose} />
      <ByPerson userId={person} onChoose={choose} mayAssign={operator.permissions.includes('journeys:start')} />
      <QuestionBank mayEdit={operator.permissions.includes('config:change')} />
    </section>
  );
}

function Waiting({ onOpen }: { onOpen: (userId: string) => void }) {
  const { t } = useTranslation();
  const { lng = 'en' } = useParams();
  const waiting = useQuestionnairesWaiting();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={cardClass}>
      <h2 id={headingId} className={titleClass}>
        {t('desk.questionnaires.waiting.title')}
      </h2>
      <QueryBody query={waiting}>
        {(answer) =>
          answer.questionnaires.length === 0 ? (
            <p className="text-sm text-muted">{t('desk.questionnaires.waiting.none')}</p>
          ) : (
            <ul className="flex flex-col gap-2">
              {answer.questionnaires.map((questionnaire) => (
                <li key={questionnaire.id} className={itemClass}>
                  <p className="text-sm font-semibold break-all text-fg">{questionnaire.email ?? questionnaire.userId}</p>
                  <p className="text-sm text-fg">
                    {t('desk.questionnaires.waiting.answered', {
                      at: formatDateTime(questionnaire.answeredAt ?? questionnaire.assignedAt, lng),
                      n: String(questionnaire.answers.length),
                    })}
                  </p>
                  <button
                    type="button"
                    className={`${smallButtonClass} self-start`}
                    aria-label={t('desk.questionnaires.waiting.openOne', { who: questionnaire.email ?? questionnaire.userId })}
                    onClick={() => onOpen(questionnaire.userId)}
                  >
                    {t('desk.questionnaires.waiting.open')}
                  </button>
                </li>
              ))}
            </ul>
          )
        }
      </QueryBody>
    </section>
  );
}

function ByPerson({ userId, onChoose, mayAssign }: { userId: string; onChoose: (userId: string) => void; mayAssign: boolean }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={cardClass}>
      <h2 id={headingId} className={titleClass}>
        {t('desk.questionnaires.byPerson.title')}
      </h2>
      {userId ? (
        <>
          <p className={codeClass}>{userId}</p>
          <button type="button" className={`${smallButtonClass} self-start`} onClick={() => onChoose('')}>
            {t('desk.questionnaires.byPerson.another')}
          </button>
          <PersonQuestionnaires userId={userId} mayAssign={mayAssign} />
          <AppropriatenessRecordView userId={userId} />
        </>
      ) : (
        <PersonSearch onChoose={onChoose} />
      )}
    </section>
  );
}

/** Finds a person by part of their email (the People screen's own search call). */
function PersonSearch({ onChoose }: { onChoose: (userId: string) => void }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState<string>();
  const search = (event: FormEvent) => {
    event.preventDefault();
    if (typed.trim()) setQ(typed.trim());
  };
  return (
    <>
      <form role="search" className="flex flex-col gap-2 sm:flex-row sm:items-end" onSubmit={search}>
        <TextInput
          className="min-w-0 flex-1"
          label={t('desk.questionnaires.byPerson.search')}
          type="search"
          value={typed}
          onValueChange={setTyped}
        />
        <GradientButton type="submit">{t('desk.questionnaires.byPerson.submit')}</GradientButton>
      </form>
      {q ? <SearchResults q={q} onChoose={onChoose} /> : null}
    </>
  );
}

function SearchResults({ q, onChoose }: { q: string; onChoose: (userId: string) => void }) {
  const { t } = useTranslation();
  const people = usePeople(q, 1);
  return (
    <QueryBody query={people}>
      {(answer) => (
        <div className="flex flex-col gap-2">
          <p className="text-sm text-muted" aria-live="polite">
            {answer.total === 0 ? t('desk.people.none') : t('desk.people.found', { total: String(answer.total) })}
          </p>
          <ul className="flex flex-col gap-2">
            {answer.people.map((person) => (
              <li key={person.userId} className={itemClass}>
                <p className="text-sm break-all text-fg">{person.email}</p>
                <button
                  type="button"
                  className={`${smallButtonClass} self-start`}
                  aria-label={t('desk.questionnaires.byPerson.chooseOne', { email: person.email })}
                  onClick={() => onChoose(person.userId)}
                >
                  {t('desk.questionnaires.byPerson.choose')}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </QueryBody>
  );
}

export default QuestionnaireScreen;
