import type { UnsubscribeResult } from '@causeway/contracts';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import type { HttpClient } from '@/lib/http-client';
import { limitText } from '@/lib/http-errors';
import { createSessionFreeHttpClient } from '@/lib/session-free-http-client';
import { useApiMutation } from '@/lib/use-api-mutation';
import { ErrorView, GradientButton, Spinner } from '@/ui';
import { createPromotionEmailApi, isRefusedLink, isReplacedLink, tokenFrom } from '../api';
import { useTranslation } from '../texts';

export interface UnsubscribePageProps {
  /** The session-free client the page calls through (tests give their own). */
  createClient?: () => HttpClient;
}

/** What the unsubscribed page is told: the address that left the list. */
export interface UnsubscribedState {
  email: string;
}

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';

/**
 * unsubscribe#<token> (no sign-in, no chrome): the screen a promotional email's unsubscribe link opens.
 * Opening it changes nothing (mail scanners follow links): it shows the address the link names and
 * asks to confirm; the confirm POSTs the token and leads to `unsubscribed`. Calls go through a
 * session-free client: the link is the only credential, and no failure leads to a sign-in page.
 */
export function UnsubscribePage({ createClient = createSessionFreeHttpClient }: UnsubscribePageProps) {
  const { t } = useTranslation();
  const { lng = 'en' } = useParams();
  const token = tokenFrom(useLocation().hash);
  const [client] = useState(createClient);
  useEffect(() => () => client.dispose(), [client]);
  const settings = (
    <Link to={`/${lng}/settings`} className={linkClass}>
      {t('promotionEmail.unsubscribe.settings')}
    </Link>
  );
  if (!token)
    return (
      <ErrorView title={t('promotionEmail.unsubscribe.invalidTitle')} content={t('promotionEmail.unsubscribe.missing')} footer={settings} />
    );
  return <ConfirmUnsubscribe key={token} client={client} token={token} settings={settings} />;
}

function ConfirmUnsubscribe({ client, token, settings }: { client: HttpClient; token: string; settings: ReactNode }) {
  const { t } = useTranslation();
  const { lng = 'en' } = useParams();
  const navigate = useNavigate();
  const titleId = useId();
  const api = createPromotionEmailApi(client);
  // Kept in memory only (dropped with the page): the token never leaves the body of the calls.
  const details = useQuery({ queryKey: ['unsubscribe-link', token], queryFn: () => api.linkDetails(token), retry: false, gcTime: 0 });
  const confirm = useApiMutation({
    mutationFn: () => api.unsubscribe(token),
    onSuccess: (result: UnsubscribeResult) =>
      navigate(`/${lng}/unsubscribed`, { replace: true, state: { email: result.email } satisfies UnsubscribedState }),
  });

  if (details.isPending)
    return (
      <div className="flex min-h-[50vh] items-center justify-center">
        <Spinner size="lg" label={t('promotionEmail.unsubscribe.loading')} />
      </div>
    );
  const refusal = details.error ?? confirm.error;
  if (refusal && isRefusedLink(refusal))
    return (
      <ErrorView title={t('promotionEmail.unsubscribe.invalidTitle')} content={t('promotionEmail.unsubscribe.invalid')} footer={settings} />
    );
  if (refusal && isReplacedLink(refusal))
    return (
      <ErrorView
        title={t('promotionEmail.unsubscribe.replacedTitle')}
        content={t('promotionEmail.unsubscribe.replaced')}
        footer={settings}
      />
    );
  if (details.isError)
    return (
      <ErrorView
        content={limitText(details.error, t) ?? t('promotionEmail.unsubscribe.failed')}
        onRetry={() => void details.refetch()}
        footer={settings}
      />
    );

  const { email, subscribed } = details.data;
  return (
    <section aria-labelledby={titleId} className="mx-auto flex w-full max-w-md flex-col gap-4 px-4 py-10">
      <h1 id={titleId} className="text-xl font-semibold text-fg">
        {t('promotionEmail.unsubscribe.title')}
      </h1>
      {subscribed ? (
        <>
          <p className="text-sm break-words text-fg">{t('promotionEmail.unsubscribe.confirmText', { email })}</p>
          {confirm.isError ? (
            <p role="alert" className="text-sm text-danger">
              {limitText(confirm.error, t) ?? t('promotionEmail.unsubscribe.failed')}
            </p>
          ) : null}
          <GradientButton fullWidth loading={confirm.isPending} onClick={() => confirm.mutate()}>
            {t('promotionEmail.unsubscribe.confirm')}
          </GradientButton>
        </>
      ) : (
        <>
          <p role="status" className="text-sm break-words text-fg">
            {t('promotionEmail.unsubscribe.already', { email })}
          </p>
          <p className="text-sm">{settings}</p>
        </>
      )}
    </section>
  );
}

export default UnsubscribePage;
