import { ErrorCode } from '@causeway/contracts';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useHttpClient } from '@/lib/http-context';
import { isError } from '@/lib/http-errors';
import { isBusinessMode, storedMode } from '@/lib/mode';
import { useTrack } from '@/lib/telemetry';
import { ErrorView } from '@/ui';
import { failureCodeOf, useQuestionIds } from '../questionnaire-api';
import { QuestionnaireForm } from '../components/questionnaire-form';
import { useTranslation } from '../texts';

/**
 * questionnaire (docs/rules/screens.md): the questions asked of the person on a page of their own (a bookmark, an
 * operator's message). The dialog never opens over it.
 */
export default function QuestionnairePage() {
  const { t } = useTranslation();
  const { lng = 'en' } = useParams();
  const ids = useQuestionIds();
  const client = useHttpClient();
  const track = useTrack();
  // A failure is logged (spec §8) and said here, with Try again; a dead session goes to its sign-in page.
  useEffect(() => {
    if (!ids.error) return;
    track('questionnaire.loadFailed', { message: failureCodeOf(ids.error) });
    if (isError(ids.error, ErrorCode.SessionRequired)) client.report(ids.error);
  }, [client, ids.error, track]);
  const [state, setState] = useState<'open' | 'none' | 'done'>('open');
  const home = `/${lng}/${isBusinessMode(storedMode()) ? 'corporation-portal/home' : 'dashboard'}`;
  const back = (
    <Link to={home} className="font-medium text-primary underline-offset-4 hover:underline">
      {t('questionnaire.page.back')}
    </Link>
  );
  return (
    <section aria-labelledby="questionnaire-title" className="mx-auto flex w-full max-w-xl flex-col gap-4">
      <h1 id="questionnaire-title" className="text-2xl font-semibold text-fg">
        {t('questionnaire.page.title')}
      </h1>
      {ids.isError ? (
        <ErrorView headingLevel={2} title={t('questionnaire.loadFailed')} onRetry={() => void ids.refetch()} />
      ) : state === 'open' ? (
        <div className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-4 sm:p-6">
          <p className="text-sm text-muted">{t('questionnaire.intro')}</p>
          <QuestionnaireForm onSubmitted={() => setState('done')} onNothingAsked={() => setState('none')} />
        </div>
      ) : (
        <div role="status" className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4 text-fg sm:p-6">
          <p>{t(state === 'done' ? 'questionnaire.page.done' : 'questionnaire.page.nothingAsked')}</p>
          {back}
        </div>
      )}
    </section>
  );
}
