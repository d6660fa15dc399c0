import type { KybApplication } from '@causeway/contracts';
import { useRef } from 'react';
import { BusinessVerificationBanner } from '@/shared/business-verification-banner';
import { ErrorView, Spinner } from '@/ui';
import { useKybApplication, useKybIndividuals } from '../api/kyb-api';
import { EddQuestionnaire } from '../edd/edd-questionnaire';
import { KybForm } from '../form/kyb-form';
import { PeopleStatusList } from '../people/people-status-list';
import { PeopleStep } from '../people/people-step';
import { ApplicationSummary } from '../summary/application-summary';
import { useTranslation } from '../texts';

/** EDD is asked (spec §4): standard KYB applies and the questionnaire is not answered, or must be answered again. */
export const isEddAsked = (info: KybApplication['kybInfo']): boolean =>
  info.kybStandardStatus !== null && (info.eddStatus === null || info.eddStatus === 'Resubmitting');

/**
 * corporation-portal/kyb-status, the Verification Center (docs/rules/kyb.md): the banner, then the
 * form itself while it may change (Initial, Resubmitting), else the submitted answers and the people
 * with their identity verification; and the EDD questionnaire when it is asked, with the owners from
 * the lower threshold to declare.
 */
export function KybStatusPage() {
  const { t } = useTranslation();
  const application = useKybApplication();
  const formRef = useRef<HTMLDivElement>(null);
  const title = useRef<HTMLHeadingElement>(null);

  if (application.isPending)
    return (
      <div className="flex min-h-[50vh] items-center justify-center">
        <Spinner size="lg" label={t('kyb.form.loading')} />
      </div>
    );
  if (application.isError) return <ErrorView title={t('kyb.form.loadFailed')} onRetry={() => void application.refetch()} />;
  const app = application.data;
  const toForm = () => {
    formRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    formRef.current?.querySelector<HTMLElement>('[aria-current="step"]')?.focus();
  };

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6">
      <h1 ref={title} tabIndex={-1} className="text-2xl font-semibold text-fg focus-visible:outline-none">
        {t('kyb.center.title')}
      </h1>
      <BusinessVerificationBanner kybInfo={app.kybInfo} onAction={app.editable ? toForm : undefined} />
      {app.editable ? (
        <div ref={formRef} className="scroll-mt-4">
          {/* Submitted: the page shows where it stands from the top, the keyboard with it. */}
          <KybForm application={app} onSubmitted={() => title.current?.focus()} />
        </div>
      ) : (
        <SubmittedApplication application={app} />
      )}
      {isEddAsked(app.kybInfo) ? <EddSection application={app} /> : null}
    </div>
  );
}

function SubmittedApplication({ application }: { application: KybApplication }) {
  const { t } = useTranslation();
  const individuals = useKybIndividuals();
  return (
    <>
      <PeopleStatusList />
      <section className="flex flex-col gap-3">
        <h2 className="text-lg font-semibold text-fg">{t('kyb.center.answers')}</h2>
        {individuals.data ? <ApplicationSummary application={application} individuals={individuals.data} /> : null}
      </section>
    </>
  );
}

function EddSection({ application }: { application: KybApplication }) {
  const { t } = useTranslation();
  return (
    <section className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-4 sm:p-6">
      <h2 className="text-lg font-semibold text-fg">{t('kyb.edd.title')}</h2>
      <p className="text-sm text-muted">{t('kyb.edd.intro')}</p>
      <p className="rounded-xl bg-surface-2 p-3 text-sm text-fg">
        {t('kyb.edd.ownersNote', { threshold: application.ownershipThresholdPercent })}
      </p>
      {/* The form, when open, has its own owners' step; otherwise owners are added here until EDD is submitted. */}
      {application.editable ? null : (
        <PeopleStep personType="Ownership_Individual" editable thresholdPercent={application.ownershipThresholdPercent} />
      )}
      <h3 className="mt-2 text-base font-semibold text-fg">{t('kyb.edd.questions')}</h3>
      <EddQuestionnaire />
    </section>
  );
}

export default KybStatusPage;
