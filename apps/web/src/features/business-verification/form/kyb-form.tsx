import { KYB_PERSON_TYPES, type KybApplication, type KybPersonType, type KybSection } from '@causeway/contracts';
import { useEffect, useId, useRef } from 'react';
import { useCountries } from '@/lib/use-countries';
import { ErrorView, GradientButton, Spinner } from '@/ui';
import { useKybDocumentTypes, useKybIndividuals } from '../api/kyb-api';
import { useKybUpload } from '../components/use-kyb-upload';
import { PeopleStep } from '../people/people-step';
import { useTranslation } from '../texts';
import { BusinessDataStep } from './business-data-step';
import { FinancialsStep } from './financials-step';
import { GeneralDataStep } from './general-data-step';
import { FORM_STEPS, isCompanySection } from './kyb-form-state';
import { RejectedFields } from './rejected-fields';
import { sectionOfRejected } from './rejected';
import { ReviewStep } from './review-step';
import { StepIndicator } from './step-indicator';
import { useKybForm } from './use-kyb-form';

export interface KybFormProps {
  /** The application as basic-info/get answered it (kept current by every save). */
  application: KybApplication;
  onSubmitted: (application: KybApplication) => void;
}

const isPersonType = (step: string): step is KybPersonType => (KYB_PERSON_TYPES as readonly string[]).includes(step);

/**
 * The business onboarding form (docs/rules/kyb.md): the six sections in order, then Review &
 * submit. Asked for the list of countries and of documents first; opens on the first step the
 * reviewer flagged when corrections were asked.
 */
export function KybForm({ application, onSubmitted }: KybFormProps) {
  const { t } = useTranslation();
  const countries = useCountries();
  const documentTypes = useKybDocumentTypes();
  if (countries.isError || documentTypes.isError) {
    return (
      <ErrorView
        headingLevel={2}
        title={t('kyb.form.loadFailed')}
        onRetry={() => {
          if (countries.isError) void countries.refetch();
          if (documentTypes.isError) void documentTypes.refetch();
        }}
      />
    );
  }
  if (!countries.data || !documentTypes.data) return <Spinner size="lg" label={t('kyb.form.loading')} className="mx-auto my-12" />;
  return <LoadedForm application={application} onSubmitted={onSubmitted} />;
}

function LoadedForm({ application, onSubmitted }: KybFormProps) {
  const { t } = useTranslation();
  const flagged = new Set(application.rejectedFields.flatMap((field) => sectionOfRejected(field) ?? []));
  const firstFlagged = FORM_STEPS.findIndex((step) => flagged.has(step as KybSection));
  const form = useKybForm(application, Math.max(0, firstFlagged));
  const countries = useCountries().data ?? [];
  const documentTypes = useKybDocumentTypes().data ?? [];
  const individuals = useKybIndividuals();
  const upload = useKybUpload(form.fingerprints);
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const { step } = form;
  const index = form.state.step;

  // A new step takes the keyboard and the screen reader to its heading (not on the first render).
  const shownStep = useRef(index);
  useEffect(() => {
    if (shownStep.current !== index) heading.current?.focus();
    shownStep.current = index;
  }, [index]);

  const goToStep = (name: string) => void form.goTo(FORM_STEPS.indexOf(name as (typeof FORM_STEPS)[number]));
  const content = (() => {
    if (step === 'GeneralData') return <GeneralDataStep binding={form.binding('GeneralData')} countries={countries} />;
    if (step === 'BusinessData')
      return (
        <BusinessDataStep binding={form.binding('BusinessData')} countries={countries} documentTypes={documentTypes} upload={upload} />
      );
    if (step === 'BusinessProfileFinancials')
      return <FinancialsStep binding={form.binding('BusinessProfileFinancials')} documentTypes={documentTypes} upload={upload} />;
    if (isPersonType(step)) return <PeopleStep personType={step} editable thresholdPercent={application.ownershipThresholdPercent} />;
    if (!individuals.data) return <Spinner size="lg" label={t('kyb.form.loading')} className="mx-auto my-8" />;
    return (
      <ReviewStep
        application={application}
        documentTypes={documentTypes}
        individuals={individuals.data}
        onEdit={goToStep}
        onSubmitted={onSubmitted}
      />
    );
  })();

  return (
    <div className="flex flex-col gap-6">
      <RejectedFields fields={application.rejectedFields} onGo={goToStep} />
      <StepIndicator current={index} flagged={flagged} onGo={(next) => void form.goTo(next)} />
      <section aria-labelledby={headingId} className="flex flex-col gap-5 rounded-2xl border border-line bg-surface p-4 sm:p-6">
        <div className="flex flex-col gap-1">
          <p className="text-sm text-muted">{t('kyb.form.stepOf', { current: index + 1, total: FORM_STEPS.length })}</p>
          <h2 id={headingId} ref={heading} tabIndex={-1} className="text-xl font-semibold text-fg focus-visible:outline-none">
            {t(`kyb.sections.${step}`)}
          </h2>
        </div>
        {content}
        {form.state.stepMessage ? (
          <p role="alert" className="text-sm text-danger">
            {form.state.stepMessage}
          </p>
        ) : null}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
          {index > 0 ? (
            <GradientButton variant="outline" className="sm:min-w-40" onClick={() => void form.goTo(index - 1)}>
              {t('kyb.form.back')}
            </GradientButton>
          ) : (
            <span />
          )}
          {step !== 'Review' ? (
            <GradientButton className="sm:min-w-48" loading={form.saving} onClick={() => void form.goTo(index + 1)}>
              {isCompanySection(step) ? t('kyb.form.saveAndContinue') : t('kyb.form.continue')}
            </GradientButton>
          ) : null}
        </div>
      </section>
    </div>
  );
}
