import type { AccountOverview, DocsVerificationSubmit } from '@causeway/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ACCOUNT_INFO_KEY, storeAccountInfo, useAccountInfo } from '@/lib/account-info';
import { useHttpClient } from '@/lib/http-context';
import { errorText, isApiError } from '@/lib/http-errors';
import { storedMode } from '@/lib/mode';
import { uploadDocument } from '@/lib/upload-document';
import { ErrorView, Spinner } from '@/ui';
import { useCountries } from '@/lib/use-countries';
import { createUploadHandoffApi } from '../api/upload-handoff-api';
import { createVerificationApi } from '../api/verification-api';
import { DocsVerificationForm } from '../components/docs-verification-form';
import { errorViewContent } from '../error-content';
import { uploadRefusalText } from '../upload-errors';

/** Codes whose catalogue meaning is for developers: the page says it in the person's words. */
const OWN_TEXT_CODES = ['KYC0000001', 'KYC0000002'] as const;

/**
 * Where the account must go instead of this page: the vendor's step for flow V1 (docsverification
 * is its own route only for V2); the status page when verification cannot start (passed, under
 * review, blocked or closed: the server refuses those with KYC0000001). Null to stay.
 */
function redirectFor(info: AccountOverview): 'sumsub' | 'account-status' | null {
  const kyc = info.kycInfo;
  if (!kyc || kyc.kycStatus === 'Pass' || kyc.kycStatus === 'Pending') return 'account-status';
  if (info.accountStatus === 'Blocked' || info.accountStatus === 'Terminated') return 'account-status';
  return kyc.kycFlowVersion === 'V1' ? 'sumsub' : null;
}

/** docsverification (flow V2): our own document step; on success the review is Pending and account-status follows it. */
export function DocsVerificationPage() {
  const { t } = useTranslation();
  const { lng } = useParams();
  const navigate = useNavigate();
  const queries = useQueryClient();
  const client = useHttpClient();
  const api = createVerificationApi(client);
  const phoneHandoff = createUploadHandoffApi(client);
  const info = useAccountInfo(storedMode(), { reportErrors: true });
  const redirect = info.data ? redirectFor(info.data) : null;
  const countries = useCountries({ enabled: Boolean(info.data && !redirect) });
  const [error, setError] = useState<string>();

  useEffect(() => {
    if (redirect) void navigate(`/${lng}/${redirect}`, { replace: true });
  }, [redirect, lng, navigate]);

  const submit = async (body: DocsVerificationSubmit) => {
    setError(undefined);
    try {
      const answer = await api.submitDocuments(body);
      storeAccountInfo(queries, answer);
      // Replace: the form is done with; the redirect effect may get there first, to the same place.
      await navigate(`/${lng}/account-status`, { replace: true });
    } catch (failure) {
      const code = isApiError(failure) ? failure.code : undefined;
      const own = OWN_TEXT_CODES.find((known) => known === code);
      if (own) setError(t(`verification.docs.error.${own}`));
      else {
        // The server's message or the network/timeout text; this page's own text instead of the generic one.
        const text = errorText(failure, t);
        setError(text === t('common.somethingWentWrong') ? t('verification.docs.failed') : text);
      }
      // The account moved on meanwhile (e.g. reviewed elsewhere): read it again, the redirect follows.
      if (code === 'KYC0000001') void queries.invalidateQueries({ queryKey: ACCOUNT_INFO_KEY });
    }
  };

  const failed = info.isError ? info : countries.isError ? countries : null;
  if (failed) {
    return <ErrorView content={errorViewContent(failed.error, t)} onRetry={() => void failed.refetch()} />;
  }
  if (!info.data || redirect || !countries.data) {
    return <div className="flex min-h-[50vh] items-center justify-center"><Spinner size="lg" label={t('verification.docs.loading')} /></div>;
  }

  return (
    <section aria-labelledby="docs-verification-title" className="mx-auto flex w-full max-w-[480px] flex-col gap-5 py-6">
      <div className="flex flex-col gap-2">
        <p className="text-sm font-medium uppercase tracking-wide text-muted">{t('verification.statusTitle')}</p>
        <h1 id="docs-verification-title" className="text-2xl font-semibold text-fg">{t('verification.docs.title')}</h1>
        <p className="text-sm text-muted">{t('verification.docs.intro')}</p>
      </div>
      <DocsVerificationForm
        countries={countries.data}
        residentCountry={info.data.kycInfo?.residentCountry ?? null}
        upload={(file) =>
          uploadDocument(client, file, 'kyc').catch((failure: unknown) => {
            // The widget shows the Error's message under "Upload failed": ours where we have words (a quota: until when).
            const text = uploadRefusalText(failure, t);
            throw text ? new Error(text) : failure;
          })
        }
        phoneHandoff={phoneHandoff}
        error={error}
        onSubmit={submit}
      />
    </section>
  );
}

export default DocsVerificationPage;
