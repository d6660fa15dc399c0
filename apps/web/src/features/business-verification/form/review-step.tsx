import type { KybApplication, KybDocTypeList, KybIndividual, KybSection } from '@causeway/contracts';
import { useId, useState } from 'react';
import { ErrorCode } from '@causeway/contracts';
import { errorText, isApiError, isError } from '@/lib/http-errors';
import { useApiMutation } from '@/lib/use-api-mutation';
import { GradientButton } from '@/ui';
import { useQueryClient } from '@tanstack/react-query';
import { KYB_KEYS, useKybApi, useStoreApplication } from '../api/kyb-api';
import { CheckboxField } from '../components/fields';
import { ApplicationSummary } from '../summary/application-summary';
import { useTranslation } from '../texts';
import { missingFields } from './missing-fields';
import { describeField } from './rejected';

export interface ReviewStepProps {
  application: KybApplication;
  documentTypes: KybDocTypeList['documentTypes'];
  individuals: readonly KybIndividual[];
  onEdit: (step: KybSection) => void;
  onSubmitted: (application: KybApplication) => void;
}

/**
 * Review & submit: the saved form read back, what submit-all will still ask for (each a way to its
 * step), the two declarations (saved as they are ticked), then submit-all.
 */
export function ReviewStep({ application, documentTypes, individuals, onEdit, onSubmitted }: ReviewStepProps) {
  const { t, i18n } = useTranslation();
  const api = useKybApi();
  const store = useStoreApplication();
  const queries = useQueryClient();
  // Ticked at once, saved as ticked; a refused save puts the boxes back as the server has them.
  const [declarations, setDeclarations] = useState(application.declarations);
  const declare = useApiMutation({
    mutationFn: (data: Partial<KybApplication['declarations']>) => api.saveSection({ section: 'Declarations', data }),
    onMutate: (data) => setDeclarations((current) => ({ ...current, ...data })),
    onSuccess: store,
    onError: () => setDeclarations(application.declarations),
  });
  const submit = useApiMutation({
    mutationFn: () => api.submitAll(),
    onSuccess: (submitted) => {
      store(submitted);
      // Each person now has their link and a verification to follow.
      void queries.invalidateQueries({ queryKey: KYB_KEYS.individuals });
      onSubmitted(submitted);
    },
  });
  const missingTitleId = useId();
  /** KybIncomplete names what is missing by path ("Still to fill in: GeneralData.taxId, ..."): said with the form's labels. */
  const submitRefusal = (error: unknown) => {
    if (!isError(error, ErrorCode.KybIncomplete) || !isApiError(error)) return errorText(error, t);
    const paths = error.msg
      .replace(/^[^:]*:\s*/, '')
      .split(/,\s*/)
      .filter(Boolean);
    return t('kyb.review.incomplete', { fields: paths.map((path) => describeField(path, t, (key) => i18n.exists(key))).join('; ') });
  };
  const missing = missingFields({ ...application, declarations }, documentTypes, individuals);
  const ready = missing.length === 0;
  const { allOwnersDeclared, informationAccurate } = declarations;

  return (
    <div className="flex flex-col gap-6">
      <ApplicationSummary application={application} individuals={individuals} onEdit={onEdit} />
      <fieldset className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4">
        <legend className="px-1 text-base font-semibold text-fg">{t('kyb.review.declarations')}</legend>
        <CheckboxField
          label={t('kyb.review.allOwnersDeclared', { threshold: application.ownershipThresholdPercent })}
          checked={allOwnersDeclared}
          onChange={(checked) => declare.mutate({ allOwnersDeclared: checked })}
        />
        <CheckboxField
          label={t('kyb.review.informationAccurate')}
          checked={informationAccurate}
          onChange={(checked) => declare.mutate({ informationAccurate: checked })}
        />
        {declare.isError ? (
          <p role="alert" className="text-sm text-danger">
            {errorText(declare.error, t)}
          </p>
        ) : null}
      </fieldset>
      {ready ? null : (
        <div role="status" aria-labelledby={missingTitleId} className="flex flex-col gap-2 rounded-xl border border-danger p-4">
          <p id={missingTitleId} className="text-sm font-semibold text-fg">
            {t('kyb.review.missingTitle')}
          </p>
          <ul className="flex list-disc flex-col gap-1 pl-5 text-sm text-fg">
            {missing.map((item, index) => (
              <li key={index}>
                {item.step === 'Review' ? (
                  t(item.labelKey, item.values)
                ) : (
                  <button
                    type="button"
                    onClick={() => onEdit(item.step as KybSection)}
                    className="text-left text-primary underline-offset-4 hover:underline"
                  >
                    {`${t(`kyb.sections.${item.step}`)}: ${t(item.labelKey, item.values)}`}
                  </button>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
      {submit.isError ? (
        <p role="alert" className="text-sm whitespace-pre-line text-danger">
          {submitRefusal(submit.error)}
        </p>
      ) : null}
      <GradientButton fullWidth loading={submit.isPending} variant={ready ? 'primary' : 'inactive'} onClick={() => submit.mutate()}>
        {t('kyb.review.submit')}
      </GradientButton>
    </div>
  );
}
