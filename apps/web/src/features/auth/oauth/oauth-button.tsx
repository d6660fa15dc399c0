import type { LoginMode } from '@causeway/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useHttpClient } from '@/lib/http-context';
import { useLegalLinks } from '@/lib/legal-links';
import { GradientButton } from '@/ui';
import { TaggedText } from '@/ui/tagged-text';
import { FormError } from '../components/auth-card';
import { goToProvider } from './go-to-provider';
import { createOauthApi } from './oauth-api';
import { callbackUrlOf, keepPendingSignIn, newBrowserSecret } from './pending-sign-in';
import { useTranslation } from './texts';

/** oauth/config answers the same for everyone: asked once, kept ten minutes. */
const CONFIG_STALE_MS = 10 * 60 * 1000;

const NEW_TAB = {
  target: '_blank',
  rel: 'noopener noreferrer',
  className: 'font-medium text-primary underline underline-offset-2',
} as const;

/**
 * "Sign in with Binance" (OAUTH_DISPLAY_NAME), under the sign-in page's email step; nothing when the
 * install offers no provider or its config cannot be read. A press gets a ticket, asks the server for
 * the provider's address (the PKCE challenge and the nonce are made there, from the ticket and this
 * tab's secret), keeps what the callback page needs in this tab, and goes to the provider. Loaded
 * lazily by the sign-in pages: none of it is in their first load.
 */
export default function OauthButton({ mode }: { mode: LoginMode }) {
  const { t, i18n } = useTranslation();
  const { lng = 'en' } = useParams();
  const [params] = useSearchParams();
  const http = useHttpClient();
  const api = useMemo(() => createOauthApi(http), [http]);
  const config = useQuery({ queryKey: ['oauth-config'], queryFn: () => api.config(), staleTime: CONFIG_STALE_MS, retry: false });
  const links = useLegalLinks(i18n.language);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  const name = config.data?.enabled ? config.data.displayName : null;
  if (!name) return null;

  async function start(displayName: string) {
    setBusy(true);
    setError(undefined);
    try {
      const { ticket, expireSeconds } = await api.ticket();
      const browserSecret = newBrowserSecret();
      const redirectUri = callbackUrlOf(window.location.origin, lng);
      const { url } = await api.authorizeUrl({ ticket, browserSecret, redirectUri });
      const next = params.get('next') ?? undefined;
      keepPendingSignIn({ ticket, browserSecret, redirectUri, mode, displayName, next }, expireSeconds * 1000);
      goToProvider(url);
    } catch {
      setError(t('oauth.startFailed', { name: displayName }));
    }
    // Not left busy: Back from the provider may bring this very page back (the back-forward cache).
    setBusy(false);
  }

  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center gap-3 text-sm text-muted">
        <span aria-hidden="true" className="h-px flex-1 bg-line" />
        <span>{t('oauth.or')}</span>
        <span aria-hidden="true" className="h-px flex-1 bg-line" />
      </div>
      <GradientButton variant="white" fullWidth loading={busy} onClick={() => void start(name)}>
        {t('oauth.continueWith', { name })}
      </GradientButton>
      <p className="text-xs text-muted">
        <TaggedText
          text={t('oauth.terms', { name })}
          tags={{
            terms: (words) => (
              <a href={links.terms} {...NEW_TAB}>
                {words}
              </a>
            ),
            privacy: (words) => (
              <a href={links.privacy} {...NEW_TAB}>
                {words}
              </a>
            ),
          }}
        />
      </p>
      <FormError message={error} />
    </div>
  );
}
