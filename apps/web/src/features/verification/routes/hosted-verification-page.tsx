import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { storeAccountInfo } from '@/lib/account-info';
import { useHttpClient } from '@/lib/http-context';
import { limitText } from '@/lib/http-errors';
import { leaveAppFor } from '@/lib/leave-app';
import { ErrorView, Spinner } from '@/ui';
import { createVerificationApi } from '../api/verification-api';
import { FROM_VENDOR_PARAM } from './account-status-page';
import { launchSumsub } from '@/shared/sumsub-websdk';

/** The app's theme is on <html data-theme>; features read the attribute rather than import the app shell. */
const isDarkTheme = () => document.documentElement.dataset.theme === 'dark';

/**
 * sumsub and sumsub-webview: the vendor's hosted verification step. With the sandbox vendor the
 * page hands over to the vendor's own page (it sends the person back to account-status); with
 * Sumsub it runs the WebSDK in place and, once the person submitted, asks for the review at once.
 */
export function HostedVerificationPage() {
  const { t, i18n } = useTranslation();
  const { lng } = useParams();
  const navigate = useNavigate();
  const queries = useQueryClient();
  const api = createVerificationApi(useHttpClient());
  const containerId = `sumsub-${useId().replace(/:/g, '')}`;
  const [failed, setFailed] = useState(false);
  const access = useQuery({ queryKey: ['kyc-access-token'], queryFn: () => api.accessToken(), staleTime: 0, gcTime: 0, retry: false });
  const statusPath = `/${lng}/account-status`;
  /** Back from the vendor: the status page asks the vendor at once rather than wait for its webhook. */
  const returnPath = `${statusPath}?${FROM_VENDOR_PARAM}=1`;

  // One launch per access token, also under React's development double effects.
  const launched = useRef<string | undefined>(undefined);
  useEffect(() => {
    const token = access.data;
    if (!token || launched.current === token.token) return;
    launched.current = token.token;
    if (token.provider === 'sandbox' && token.url) {
      const separator = token.url.includes('?') ? '&' : '?';
      leaveAppFor(`${token.url}${separator}returnUrl=${encodeURIComponent(returnPath)}`);
      return;
    }
    void launchSumsub({
      selector: `#${containerId}`,
      accessToken: token.token,
      refreshToken: async () => (await api.accessToken()).token,
      lang: i18n.language,
      dark: isDarkTheme(),
      onSubmitted: () => {
        // A failed refresh still goes back: the status page reads the account info itself. Caught
        // so that failure is not an unhandled rejection.
        void api
          .refreshStatus()
          .then((info) => storeAccountInfo(queries, info))
          .catch(() => undefined)
          .finally(() => navigate(returnPath));
      },
      onError: () => setFailed(true),
    }).catch(() => setFailed(true));
    // Once per access token.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [access.data]);

  if (access.isError || failed) {
    return (
      <ErrorView
        title={t('verification.hosted.failed')}
        // get-access-token is limited per person (REQ0000429): say until when, not just that it failed.
        content={access.isError ? limitText(access.error, t) : undefined}
        onRetry={() => {
          setFailed(false);
          void access.refetch();
        }}
        footer={
          <Link to={statusPath} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
            {t('verification.hosted.back')}
          </Link>
        }
      />
    );
  }
  return (
    <div className="mx-auto w-full max-w-[640px] py-4">
      {access.data?.provider !== 'sumsub' ? (
        <div className="flex min-h-[50vh] items-center justify-center">
          <Spinner size="lg" label={t('verification.hosted.loading')} />
        </div>
      ) : null}
      <div id={containerId} />
    </div>
  );
}

export default HostedVerificationPage;
