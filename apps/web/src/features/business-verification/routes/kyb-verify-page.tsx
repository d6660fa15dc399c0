import { CALL_ROUTES, ErrorCode, type KybIndividualAccess } from '@causeway/contracts';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import type { HttpClient } from '@/lib/http-client';
import { isError, limitText } from '@/lib/http-errors';
import { leaveAppFor } from '@/lib/leave-app';
import { createSessionFreeHttpClient } from '@/lib/session-free-http-client';
import { launchSumsub } from '@/shared/sumsub-websdk';
import { CheckCircleIcon, ErrorView, GradientButton, Spinner } from '@/ui';
import { useTranslation } from '../texts';

/** Back from the sandbox vendor's page: the ticket is not in the address any more (the vendor's return address takes no fragment). */
export const SUBMITTED_PARAM = 'submitted';

/**
 * The ticket of the emailed link: `kyb-verify#<ticket>` (docs/rules/kyb.md), or `#ticket=<ticket>` as
 * the file-upload link writes it. A fragment, so the browser never sends it to a server or a Referer.
 */
export function ticketFrom(hash: string): string | undefined {
  const fragment = hash.replace(/^#/, '').trim();
  if (!fragment) return undefined;
  const ticket = fragment.includes('=') ? new URLSearchParams(fragment).get('ticket') : decodeURIComponent(fragment);
  return ticket?.trim() ? ticket.trim() : undefined;
}

/** The app's theme is on <html data-theme>; features read the attribute rather than import the app shell. */
const isDarkTheme = () => document.documentElement.dataset.theme === 'dark';

/** An expired, unknown or malformed ticket (the body's own validation). */
const isRefusedTicket = (error: unknown) => isError(error, ErrorCode.KybLinkInvalid, ErrorCode.MalformedRequest);

export interface KybVerifyPageProps {
  /** The session-free client the page calls through (tests give their own). */
  createClient?: () => HttpClient;
}

/**
 * kyb-verify (no sign-in): a director, owner or authorised trader opens the emailed link and verifies
 * their own identity for the business. The ticket goes in the body of get-access-token-kyb through a
 * session-free client (no session of this browser goes along, no failure leads to a login page); the
 * answer names the company, the person and their status, and holds the KYC vendor's access: the
 * sandbox vendor's page, or Sumsub's WebSDK run here.
 */
export function KybVerifyPage({ createClient = createSessionFreeHttpClient }: KybVerifyPageProps) {
  const { t } = useTranslation();
  const { hash, search } = useLocation();
  const ticket = ticketFrom(hash);
  const [client] = useState(createClient);
  useEffect(() => () => client.dispose(), [client]);
  if (ticket) return <TicketVerification key={ticket} client={client} ticket={ticket} />;
  if (new URLSearchParams(search).has(SUBMITTED_PARAM)) return <Sent />;
  return <ErrorView title={t('kyb.verify.invalid.title')} content={t('kyb.verify.invalid.content')} />;
}

function Sent({ companyName }: { companyName?: string }) {
  const { t } = useTranslation();
  return (
    <Card>
      <CheckCircleIcon className="size-10 text-success" aria-hidden="true" />
      <h1 className="text-2xl font-semibold text-fg">{t('kyb.verify.sent.title')}</h1>
      <p role="status" className="text-sm text-muted">
        {companyName ? t('kyb.verify.sent.company', { company: companyName }) : t('kyb.verify.sent.text')}
      </p>
    </Card>
  );
}

const Card = ({ children }: { children: ReactNode }) => (
  <section className="mx-auto flex w-full max-w-[480px] flex-col gap-4 px-4 py-10">{children}</section>
);

function TicketVerification({ client, ticket }: { client: HttpClient; ticket: string }) {
  const { t, i18n } = useTranslation();
  const { lng = 'en' } = useParams();
  const containerId = `sumsub-${useId().replace(/:/g, '')}`;
  // Kept in memory only (the query cache, dropped with the page): the ticket never leaves the body of the call.
  const askAccess = () => client.call(CALL_ROUTES.kybIndividualAccessToken, { ticket });
  const access = useQuery({ queryKey: ['kyb-verify', ticket], queryFn: askAccess, retry: false, staleTime: 0, gcTime: 0 });
  const [phase, setPhase] = useState<'ready' | 'vendor' | 'sent' | 'failed'>('ready');

  if (access.isPending)
    return (
      <div className="flex min-h-[50vh] items-center justify-center">
        <Spinner size="lg" label={t('kyb.form.loading')} />
      </div>
    );
  if (access.isError && isRefusedTicket(access.error))
    return <ErrorView title={t('kyb.verify.invalid.title')} content={t('kyb.verify.invalid.content')} />;
  if (access.isError || phase === 'failed')
    return (
      <ErrorView
        title={t('kyb.verify.failed')}
        content={access.isError ? limitText(access.error, t) : undefined}
        onRetry={() => {
          setPhase('ready');
          void access.refetch();
        }}
      />
    );
  const person: KybIndividualAccess = access.data;
  if (phase === 'sent') return <Sent companyName={person.companyName} />;

  const open = () => {
    if (person.provider === 'sandbox' && person.url) {
      const separator = person.url.includes('?') ? '&' : '?';
      const back = `/${lng}/kyb-verify?${SUBMITTED_PARAM}=1`;
      leaveAppFor(`${person.url}${separator}returnUrl=${encodeURIComponent(back)}`);
      return;
    }
    setPhase('vendor');
    launchSumsub({
      selector: `#${containerId}`,
      accessToken: person.token,
      refreshToken: async () => (await askAccess()).token,
      lang: i18n.language,
      dark: isDarkTheme(),
      onSubmitted: () => setPhase('sent'),
      onError: () => setPhase('failed'),
    }).catch(() => setPhase('failed'));
  };

  const passed = person.verificationStatus === 'Pass';
  return (
    <Card>
      <h1 className="text-2xl font-semibold text-fg">{t('kyb.verify.title', { company: person.companyName })}</h1>
      <p className="text-base text-fg">{t('kyb.verify.greeting', { name: person.firstName })}</p>
      <p className="text-sm text-muted">{t('kyb.verify.why', { company: person.companyName })}</p>
      <p role="status" className="flex items-center gap-2 rounded-xl bg-surface-2 p-3 text-sm text-fg">
        {passed ? <CheckCircleIcon className="shrink-0 text-success" aria-hidden="true" /> : null}
        {passed ? t('kyb.verify.done') : t('kyb.verify.status', { status: t(`kyb.personStatus.${person.verificationStatus}`) })}
      </p>
      {passed || phase === 'vendor' ? null : (
        <GradientButton fullWidth showContinueArrow onClick={open}>
          {t('kyb.verify.continue')}
        </GradientButton>
      )}
      <div id={containerId} />
    </Card>
  );
}

export default KybVerifyPage;
