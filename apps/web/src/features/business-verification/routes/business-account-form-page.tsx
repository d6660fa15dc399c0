import { Navigate, useNavigate, useParams } from 'react-router';
import { businessFailureReason, businessVerificationState } from '@/lib/business-verification';
import { ErrorView, Spinner } from '@/ui';
import { useKybApplication } from '../api/kyb-api';
import { KybForm } from '../form/kyb-form';
import { useTranslation } from '../texts';

/** Where a business follows its verification once the form is submitted. */
export const VERIFICATION_CENTER_PATH = 'corporation-portal/kyb-status';

/**
 * business-account-form (simple header): the onboarding form of a business that has not submitted,
 * or must correct what the reviewer asked (Resubmitting). A form that cannot change any more leads to
 * the Verification Center, as does a successful submit.
 */
export function BusinessAccountFormPage() {
  const { t } = useTranslation();
  const { lng = 'en' } = useParams();
  const navigate = useNavigate();
  const application = useKybApplication();
  const center = `/${lng}/${VERIFICATION_CENTER_PATH}`;

  if (application.isPending)
    return (
      <div className="flex min-h-[50vh] items-center justify-center">
        <Spinner size="lg" label={t('kyb.form.loading')} />
      </div>
    );
  if (application.isError) return <ErrorView title={t('kyb.form.loadFailed')} onRetry={() => void application.refetch()} />;
  if (!application.data.editable) return <Navigate replace to={center} />;
  const resubmitting = businessVerificationState(application.data.kybInfo) === 'Resubmitting';
  const reason = resubmitting ? businessFailureReason(application.data.kybInfo) : null;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold text-fg">{t('kyb.form.title')}</h1>
        <p className="text-sm text-muted">{t(resubmitting ? 'kyb.form.resubmitIntro' : 'kyb.form.intro')}</p>
      </div>
      {reason ? <p className="rounded-xl border border-danger bg-surface p-4 text-sm whitespace-pre-line text-fg">{reason}</p> : null}
      <KybForm application={application.data} onSubmitted={() => navigate(center)} />
    </div>
  );
}

export default BusinessAccountFormPage;
