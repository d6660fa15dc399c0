import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { ACCOUNT_INFO_KEY, storeAccountInfo, useAccountInfo } from '@/lib/account-info';
import { takeBuyTarget } from '@/lib/buy-after-verification';
import { gateFor } from '@/lib/gating';
import { useHttpClient } from '@/lib/http-context';
import { errorText } from '@/lib/http-errors';
import { stripLocale } from '@/lib/locale-path';
import { storedMode } from '@/lib/mode';
import { useApiMutation } from '@/lib/use-api-mutation';
import { supportTopicOf } from '@/lib/support-form';
import { ErrorView, GradientButton, Spinner } from '@/ui';
import { ContactSupport } from '@/ui/contact-support';
import { useCountries } from '@/lib/use-countries';
import { createVerificationApi, type KycAddress } from '../api/verification-api';
import { EddStage } from '../components/edd-stage';
import { KycAddressForm } from '../components/kyc-address-form';
import { useHostKycEvents } from '../hooks/use-host-kyc-events';
import { errorViewContent } from '../error-content';

/** Set by the vendor's step when it sends the person back: the review may not have reached us yet. */
export const FROM_VENDOR_PARAM = 'fromVendor';

/** Pending reviews usually end within minutes: the page asks again this often. */
export const PENDING_POLL_MS = 5000;
const BACK_FROM_VENDOR_POLLS = 12;

type Stage = 'Initial' | 'Pending' | 'Resubmitting' | 'Fail' | 'Pass' | 'Terminated';
/** The stages with a button that moves them on; Pending follows the review by itself, Fail and Terminated are final (Contact support). */
type ActionStage = 'Initial' | 'Resubmitting' | 'Pass';
export type AccountStatusVariant = 'default' | 'entity' | 'roma';

/**
 * account-status (and its entity and Roma variants): the verification stage with the one action
 * that moves it on. Initial and Resubmitting open the vendor's step (or our own document step for
 * flow version V2); Pending follows the review by itself; Pass asks for the address when it is
 * missing (kycAddress), then continues to the buy page.
 */
export function AccountStatusPage({ variant = 'default' }: { variant?: AccountStatusVariant }) {
  const { t } = useTranslation();
  const { lng } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const client = useHttpClient();
  const queries = useQueryClient();
  const api = createVerificationApi(client);
  const mode = storedMode();
  const info = useAccountInfo(mode, { reportErrors: true });
  const kycStatus = info.data?.kycInfo?.kycStatus;
  const stage: Stage | undefined = info.data?.accountStatus === 'Terminated' ? 'Terminated' : kycStatus;
  const [params] = useSearchParams();
  const backFromVendor = params.get(FROM_VENDOR_PARAM) === '1';
  // While pending (or just back from the vendor, whose webhook may still be on its way), ask the
  // vendor (upd-kyc-status) so the page moves as soon as it decided.
  useQuery({
    queryKey: ['kyc-refresh'],
    queryFn: async () => {
      storeAccountInfo(queries, await api.refreshStatus());
      return true;
    },
    enabled: stage === 'Pending' || (backFromVendor && stage === 'Initial'),
    // Pending: until decided. Back from the vendor but still Initial (left without submitting): a minute, then stop.
    refetchInterval: (query) => (stage === 'Pending' || query.state.dataUpdateCount < BACK_FROM_VENDOR_POLLS ? PENDING_POLL_MS : false),
  });
  useHostKycEvents(info.data?.kycInfo ?? null);
  // What became of the verification a merchant shared (Reusable KYC): being checked while Pending, refused while Initial.
  const shared = info.data?.kycInfo?.sharedKyc;
  const sharedKycShown =
    shared && ((shared.outcome === 'reused' && stage === 'Pending') || (shared.outcome === 'refused' && stage === 'Initial'));
  const sharedKycNote = sharedKycShown
    ? t(`verification.sharedKyc.${shared.outcome}`, { merchant: shared.merchantName || t('verification.sharedKyc.someMerchant') })
    : null;
  const needsAddress = stage === 'Pass' && info.data?.kycInfo?.currentKycStep === 'POA';
  const countries = useCountries({ enabled: needsAddress });
  const addressSave = useApiMutation({
    mutationFn: (address: KycAddress) => api.updateAddress(address),
    onSuccess: () => queries.invalidateQueries({ queryKey: ACCOUNT_INFO_KEY }),
  });
  const addressError = addressSave.error ? errorText(addressSave.error, t) : undefined;

  // The account may have moved on while the person waited (blocked by the review, or another
  // entity's status page): docs/rules/order-states.md gating decides, from this page too.
  const gate = info.data ? gateFor(info.data, { path: stripLocale(location.pathname), isRoma: variant === 'roma' }) : null;
  useEffect(() => {
    if (gate) void navigate(`/${lng}/${gate}`, { replace: true });
  }, [gate, lng, navigate]);

  if (!info.data || !stage) {
    return info.isError ? (
      <ErrorView content={errorViewContent(info.error, t)} onRetry={() => void info.refetch()} />
    ) : (
      <div className="flex min-h-[50vh] items-center justify-center">
        <Spinner size="lg" label={t('verification.statusTitle')} />
      </div>
    );
  }

  const startStep = () => void navigate(`/${lng}/${info.data.kycInfo?.kycFlowVersion === 'V2' ? 'docsverification' : 'sumsub'}`);
  // The form shows its own progress until the promise settles; a failure is said in it (addressError).
  const saveAddress = (address: KycAddress) =>
    addressSave.mutateAsync(address).then(
      () => undefined,
      () => undefined,
    );
  const actions: Record<ActionStage, () => void> = {
    Initial: startStep,
    Resubmitting: startStep,
    // Verified, the person came to buy: the buy page, not the settings (issue 14).
    Pass: () => void navigate(`/${lng}/${takeBuyTarget()}`),
  };
  const actionStage = stage in actions ? (stage as ActionStage) : null;
  // Fail and Terminated are final: the support form is one click away, no dead end.
  const supportTopic = supportTopicOf(stage);

  return (
    <section aria-labelledby="account-status-title" className="mx-auto flex w-full max-w-[480px] flex-col gap-5 py-6">
      <p className="text-sm font-medium uppercase tracking-wide text-muted">{t('verification.statusTitle')}</p>
      <div className="flex flex-col gap-2">
        <h1 id="account-status-title" className="text-2xl font-semibold text-fg">
          {t(`verification.stage.${stage}.title`)}
        </h1>
        <p className="text-sm text-fg">{t(`verification.stage.${stage}.content`)}</p>
        {variant === 'entity' ? <p className="text-sm text-muted">{t('verification.entityNote')}</p> : null}
        {variant === 'roma' ? <p className="text-sm text-muted">{t('verification.romaNote')}</p> : null}
        {sharedKycNote ? <p className="text-sm text-muted">{sharedKycNote}</p> : null}
      </div>
      {stage === 'Pending' ? <Spinner size="md" label={t('verification.stage.Pending.title')} /> : null}
      {/* Enhanced due diligence asked of a verified person (docs/rules/edd.md): its stage, above the address and Continue. */}
      {stage === 'Pass' ? <EddStage kycInfo={info.data.kycInfo} /> : null}
      {needsAddress ? (
        countries.data ? (
          <KycAddressForm
            countries={countries.data}
            residentCountry={info.data.kycInfo?.residentCountry ?? null}
            error={addressError}
            onSubmit={saveAddress}
          />
        ) : countries.isError ? (
          <ErrorView headingLevel={2} content={errorViewContent(countries.error, t)} onRetry={() => void countries.refetch()} />
        ) : (
          <Spinner size="md" label={t('verification.address.title')} />
        )
      ) : actionStage ? (
        <GradientButton fullWidth showContinueArrow onClick={actions[actionStage]}>
          {t(`verification.stage.${actionStage}.action`)}
        </GradientButton>
      ) : supportTopic ? (
        <ContactSupport topic={t(supportTopic)} />
      ) : null}
    </section>
  );
}

export const AccountStatusDefaultPage = () => <AccountStatusPage />;
export const AccountStatusEntityPage = () => <AccountStatusPage variant="entity" />;
export const AccountStatusRomaPage = () => <AccountStatusPage variant="roma" />;
