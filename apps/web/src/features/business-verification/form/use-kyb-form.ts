import type { KybApplication, KybCompanySection } from '@causeway/contracts';
import { useReducer, useState } from 'react';
import { useCountries } from '@/lib/use-countries';
import { useApiMutation } from '@/lib/use-api-mutation';
import { countryNameOf } from '@/ui';
import { useKybApi, useStoreApplication } from '../api/kyb-api';
import { useTranslation } from '../texts';
import { type CompanyDrafts, sectionUpdateOf } from './drafts';
import { fieldChecks } from './field-rules';
import { FORM_STEPS, initialFormState, isCompanySection, kybFormReducer } from './kyb-form-state';
import { isRejectedField } from './rejected';
import { type ProblemContext, sectionProblems } from './section-problems';
import type { SectionBinding } from './section-binding';
import { serverProblemsOf } from './server-problems';

/** A section has files still uploading: they are not stored yet, so leaving would drop them. */
function isUploading(section: KybCompanySection, drafts: CompanyDrafts): boolean {
  const files =
    section === 'BusinessData'
      ? Object.values(drafts.BusinessData.documents).flat()
      : section === 'BusinessProfileFinancials'
        ? [...drafts.BusinessProfileFinancials.sourceOfFundsFiles, ...drafts.BusinessProfileFinancials.sourceOfWealthFiles]
        : [];
  return files.some((file) => file?.status === 'uploading');
}

/**
 * The onboarding form's behaviour: the steps, the company sections' drafts, and the save of a
 * company section (basic-info/update) whenever the person leaves its step, by Back, Save and
 * continue or the step list. A step with problems, files still uploading or a refused save keeps the
 * person on it, its problems shown.
 */
export function useKybForm(application: KybApplication, initialStep: number) {
  const { t, i18n } = useTranslation();
  const api = useKybApi();
  const store = useStoreApplication();
  const countries = useCountries().data;
  const [state, dispatch] = useReducer(kybFormReducer, undefined, () => initialFormState(application, initialStep));
  // Filled by each upload as it ends, before the widget reports it: read by the next render's checks.
  const [fingerprints] = useState(() => new Map<string, string>());
  const save = useApiMutation({ mutationFn: (section: KybCompanySection) => api.saveSection(sectionUpdateOf(section, state.drafts)) });

  const context: ProblemContext = {
    t,
    checks: fieldChecks(t),
    lng: i18n.language,
    countryName: (code) => countryNameOf(countries, code, i18n.language),
    fingerprints,
  };
  const step = FORM_STEPS[state.step] ?? 'Review';

  /** Leaves the current step for `next`, saving a changed company section first; false when the person stays. */
  const goTo = async (next: number): Promise<boolean> => {
    if (save.isPending) return false;
    if (isCompanySection(step) && state.dirty.has(step)) {
      if (isUploading(step, state.drafts)) {
        dispatch({ type: 'attempted', section: step, message: t('kyb.form.uploading') });
        return false;
      }
      if (Object.keys(sectionProblems(step, state.drafts, context)).length > 0) {
        dispatch({ type: 'attempted', section: step, message: t('kyb.form.fixProblems') });
        return false;
      }
      try {
        store(await save.mutateAsync(step));
        dispatch({ type: 'saved', section: step });
      } catch (error) {
        const section = state.drafts[step];
        const refused = serverProblemsOf(error, t, { sectionPrefixes: [step], isField: (path) => path.split('.')[0]! in section });
        const named = Object.keys(refused.fields).length > 0;
        dispatch({
          type: 'refused',
          section: step,
          fields: refused.fields,
          message: refused.message ?? (named ? t('kyb.form.fixProblems') : undefined),
        });
        return false;
      }
    }
    dispatch({ type: 'goTo', step: next });
    return true;
  };

  const binding = <S extends KybCompanySection>(section: S): SectionBinding<S> => {
    const problems = sectionProblems(section, state.drafts, context);
    const showAll = state.attempted.has(section);
    return {
      draft: state.drafts[section],
      change: (update, path) => dispatch({ type: 'change', section, update: update as (draft: never) => unknown, path }),
      errorOf: (path) => {
        const key = `${section}.${path}`;
        return state.serverProblems[key] || (showAll || state.touched.has(key) ? problems[path] : undefined);
      },
      isRejected: (path) => isRejectedField(application.rejectedFields, `${section}.${path}`),
    };
  };

  return { state, step, goTo, binding, saving: save.isPending, fingerprints };
}
