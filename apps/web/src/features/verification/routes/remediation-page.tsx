import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ACCOUNT_INFO_KEY, useAccountInfo } from '@/lib/account-info';
import { useHttpClient } from '@/lib/http-context';
import { errorText } from '@/lib/http-errors';
import { storedMode } from '@/lib/mode';
import { useApiMutation } from '@/lib/use-api-mutation';
import { countryNameOf, ErrorView, GradientButton, Spinner } from '@/ui';
import { useCountries } from '@/lib/use-countries';
import { createVerificationApi, type KycAddress } from '../api/verification-api';
import { KycAddressForm } from '../components/kyc-address-form';
import { errorViewContent } from '../error-content';

/**
 * remediation (docs/rules/order-states.md: KYC Pass with remediation status Pop): the person reviews what
 * verification recorded, updates the address if it changed, and confirms (close-remediation).
 * A changed identity needs a new identity check, which support starts.
 */
export function RemediationPage() {
  const { t, i18n } = useTranslation();
  const { lng } = useParams();
  const navigate = useNavigate();
  const queries = useQueryClient();
  const api = createVerificationApi(useHttpClient());
  const info = useAccountInfo(storedMode(), { reportErrors: true });
  const basic = useQuery({ queryKey: ['kyc-basic-info'], queryFn: () => api.basicInfo() });
  const countries = useCountries();
  const [editingAddress, setEditingAddress] = useState(false);
  // The last failure of either call, said where the person is (the address form, or above Confirm).
  const [error, setError] = useState<string>();
  const closing = useApiMutation({
    mutationFn: () => api.closeRemediation(),
    // Still pending while the settings page opens: Confirm stays busy until the page is left.
    onSuccess: async () => {
      await queries.invalidateQueries({ queryKey: ACCOUNT_INFO_KEY });
      await navigate(`/${lng}/settings`, { replace: true });
    },
    onError: (failure) => setError(errorText(failure, t)),
  });
  const addressSave = useApiMutation({
    mutationFn: (next: KycAddress) => api.updateAddress(next),
    onSuccess: async () => {
      setEditingAddress(false);
      await basic.refetch();
    },
    onError: (failure) => setError(errorText(failure, t)),
  });

  const due = info.data?.kycInfo?.remediationStatus === 'Pop';
  useEffect(() => {
    if (info.data && !due) void navigate(`/${lng}/account-status`, { replace: true });
  }, [info.data, due, lng, navigate]);

  // The list of countries only names them (the codes are shown until it answers): its failure is not the page's.
  const failed = info.isError ? info : basic.isError ? basic : null;
  if (failed) return <ErrorView content={errorViewContent(failed.error, t)} onRetry={() => void failed.refetch()} />;
  if (!basic.data || !info.data || !due)
    return (
      <div className="flex min-h-[50vh] items-center justify-center">
        <Spinner size="lg" label={t('verification.remediation.title')} />
      </div>
    );

  const countryName = (code: string | null) => (code ? countryNameOf(countries.data, code, i18n.language) : '—');
  const { firstName, lastName, dob, nationality, residentCountry, address } = basic.data;
  const rows: Array<[string, string]> = [
    [t('verification.remediation.name'), [firstName, lastName].filter(Boolean).join(' ') || '—'],
    [t('verification.remediation.dob'), dob ?? '—'],
    [t('verification.remediation.nationality'), countryName(nationality)],
    [t('verification.remediation.residence'), countryName(residentCountry)],
    [
      t('verification.remediation.address'),
      address ? `${address.addressLine}, ${address.postalCode} ${address.city}, ${countryName(address.country)}` : '—',
    ],
  ];

  const confirm = () => {
    setError(undefined);
    closing.mutate();
  };
  // The form shows its own progress until the promise settles; a failure is the page's error.
  const saveAddress = (next: KycAddress) =>
    addressSave.mutateAsync(next).then(
      () => undefined,
      () => undefined,
    );

  return (
    <section aria-labelledby="remediation-title" className="mx-auto flex w-full max-w-[480px] flex-col gap-4 py-6">
      <h1 id="remediation-title" className="text-2xl font-semibold text-fg">
        {t('verification.remediation.title')}
      </h1>
      <p className="text-sm text-fg">{t('verification.remediation.intro')}</p>
      <dl className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4">
        {rows.map(([label, value]) => (
          <div key={label} className="flex flex-col">
            <dt className="text-xs text-muted">{label}</dt>
            <dd className="break-words text-sm text-fg">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-muted">{t('verification.remediation.identityChanged')}</p>
      {editingAddress ? (
        countries.data ? (
          <KycAddressForm countries={countries.data} residentCountry={residentCountry} error={error} onSubmit={saveAddress} />
        ) : countries.isError ? (
          <ErrorView headingLevel={2} content={errorViewContent(countries.error, t)} onRetry={() => void countries.refetch()} />
        ) : (
          <Spinner size="md" label={t('verification.address.title')} />
        )
      ) : (
        <>
          {error ? (
            <p role="alert" className="text-sm text-danger">
              {error}
            </p>
          ) : null}
          <GradientButton fullWidth showContinueArrow loading={closing.isPending} onClick={confirm}>
            {t('verification.remediation.confirm')}
          </GradientButton>
          <GradientButton fullWidth variant="outline" onClick={() => setEditingAddress(true)}>
            {t('verification.remediation.changeAddress')}
          </GradientButton>
        </>
      )}
    </section>
  );
}

export default RemediationPage;
