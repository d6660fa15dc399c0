import { type AccountOverview, type DocsVerificationSubmit, ErrorCode, type ErrorName, wireCodeOf } from '@causeway/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ACCOUNT_INFO_KEY, storeAccountInfo, useAccountInfo } from '@/lib/account-info';
import { useHttpClient } from '@/lib/http-context';
import { apiErrorName, errorText, type Translate } from '@/lib/http-errors';
import { storedMode } from '@/lib/mode';
import { useApiMutation } from '@/lib/use-api-mutation';
import { uploadDocument } from '@/lib/upload-document';
import { ErrorView, Spinner } from '@/ui';
import { useCountries } from '@/lib/use-countries';
import { createUploadHandoffApi } from '../api/upload-handoff-api';
import { createVerificationApi } from '../api/verification-api';
import { DocsVerificationForm } from '../components/docs-verification-form';
import { errorViewContent } from '../error-content';
import { uploadRefusalText } from '../upload-errors';

/** Errors whose catalogue meaning is for developers: the page says it in the person's words (texts keyed by wire code). */
const OWN_TEXT_ERRORS: readonly ErrorName[] = [ErrorCode.VerificationCannotStart, ErrorCode.DocumentFileUnknown];

/** Why the documents were refused: our words for OWN_TEXT_ERRORS, else the server's message or the network/timeout text, and this page's own text instead of the generic one. */
function submissionErrorText(failure: unknown, t: Translate): string {
  const own = OWN_TEXT_ERRORS.find((known) => known === apiErrorName(failure));
  if (own) return t(`verification.docs.error.${wireCodeOf(own)}`);
  const text = errorText(failure, t);
  return text === t('common.somethingWentWrong') ? t('verification.docs.failed') : text;
}

/**
 * Where the account must go instead of this page: the vendor's step for flow V1 (docsverification
 * is its own route only for V2); the status page when verification cannot start (passed, under
 * review, blocked or closed: the server refuses those with VerificationCannotStart). Null to stay.
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
  const submission = useApiMutation({
    mutationFn: (body: DocsVerificationSubmit) => api.submitDocuments(body),
    onSuccess: async (answer) => {
      storeAccountInfo(queries, answer);
      // Replace: the form is done with; the redirect effect may get there first, to the same place.
      await navigate(`/${lng}/account-status`, { replace: true });
    },
    onError: (failure) => {
      // The account moved on meanwhile (e.g. reviewed elsewhere): read it again, the redirect follows.
      if (apiErrorName(failure) === ErrorCode.VerificationCannotStart) void queries.invalidateQueries({ queryKey: ACCOUNT_INFO_KEY });
    },
  });
  const error = submission.error ? submissionErrorText(submission.error, t) : undefined;
  // One mutation for every photo the form's widget hands over (it shows each file's progress and failure itself).
  const documentUpload = useApiMutation({ mutationFn: (file: File) => uploadDocument(client, file, 'kyc') });

  useEffect(() => {
    if (redirect) void navigate(`/${lng}/${redirect}`, { replace: true });
  }, [redirect, lng, navigate]);

  // The form shows its own progress until the promise settles; a failure is said in it (error).
  const submit = (body: DocsVerificationSubmit) =>
    submission.mutateAsync(body).then(
      () => undefined,
      () => undefined,
    );

  const failed = info.isError ? info : countries.isError ? countries : null;
  if (failed) {
    return <ErrorView content={errorViewContent(failed.error, t)} onRetry={() => void failed.refetch()} />;
  }
  if (!info.data || redirect || !countries.data) {
    return (
      <div className="flex min-h-[50vh] items-center justify-center">
        <Spinner size="lg" label={t('verification.docs.loading')} />
      </div>
    );
  }

  return (
    <section aria-labelledby="docs-verification-title" className="mx-auto flex w-full max-w-[480px] flex-col gap-5 py-6">
      <div className="flex flex-col gap-2">
        <p className="text-sm font-medium uppercase tracking-wide text-muted">{t('verification.statusTitle')}</p>
        <h1 id="docs-verification-title" className="text-2xl font-semibold text-fg">
          {t('verification.docs.title')}
        </h1>
        <p className="text-sm text-muted">{t('verification.docs.intro')}</p>
      </div>
      <DocsVerificationForm
        countries={countries.data}
        residentCountry={info.data.kycInfo?.residentCountry ?? null}
        upload={(file) =>
          documentUpload.mutateAsync(file).catch((failure: unknown) => {
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
