import { type AccountOverview, type EntitySwitchResult, entityProtocolOf, PATHS } from '@causeway/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ACCOUNT_INFO_KEY, useAccountInfo } from '@/lib/account-info';
import { useHttpClient } from '@/lib/http-context';
import { storedMode } from '@/lib/mode';
import { createSessionStore, tokenRecordOf } from '@/lib/session';
import { ErrorView, GradientButton, Spinner } from '@/ui';

interface Precheck {
  canSwitch: boolean;
  targetEntity: 'PL' | 'LI' | null;
  deadline: string | null;
  overDeadLine: boolean;
  protocol: 'STATEMENT' | 'STATEMENT_LI' | null;
  version: string | null;
}

/**
 * user-migration (spec §4 entity migration): the account moves to its target entity once the
 * person accepts that entity's statement; "Later" is offered until the deadline. A switch flagged
 * by an operator runs silently. The move rotates the session, so the new token is stored. No
 * link: nothing gives the entity statement a URL, and the general privacy page is not that statement.
 */
export function UserMigrationPage() {
  const { t, i18n } = useTranslation();
  const { lng } = useParams();
  const navigate = useNavigate();
  const client = useHttpClient();
  const queries = useQueryClient();
  const mode = storedMode();
  const info = useAccountInfo(mode, { reportErrors: true });
  const precheck = useQuery({ queryKey: ['entity-switch-precheck'], queryFn: () => client.get<Precheck>(PATHS.entitySwitchPrecheck), staleTime: 0 });
  const [state, setState] = useState<'idle' | 'working' | 'failed'>('idle');
  const silentStarted = useRef(false);

  async function accept(target: 'PL' | 'LI') {
    setState('working');
    try {
      const moved = await client.get<EntitySwitchResult>(PATHS.entitySwitch, { query: { entityProtocolId: entityProtocolOf(target) }, silent: true });
      const session = createSessionStore();
      await session.setToken(mode, tokenRecordOf(moved.token));
      session.setEntity(moved.entityTag);
      await queries.invalidateQueries({ queryKey: ACCOUNT_INFO_KEY });
      await navigate(`/${lng}/account-status`, { replace: true });
    } catch {
      setState('failed');
    }
  }

  async function later() {
    try {
      await client.post(PATHS.routeEntityCheck);
    } catch {
      // The client has reported the failure (the call is not silent); both choices stay offered.
      return;
    }
    queries.setQueryData<AccountOverview>(ACCOUNT_INFO_KEY, (current) => (current?.kycInfo ? { ...current, kycInfo: { ...current.kycInfo, hitClickedLaterCache: true } } : current));
    await navigate(`/${lng}/settings`, { replace: true });
  }

  const target = precheck.data?.targetEntity ?? null;
  const silent = Boolean(info.data?.kycInfo?.entitySwitch);
  useEffect(() => {
    if (precheck.data && !precheck.data.canSwitch) void navigate(`/${lng}/account-status`, { replace: true });
    // Spec §4: a flagged switch happens without asking; once per page.
    if (silent && target && !silentStarted.current) {
      silentStarted.current = true;
      void accept(target);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [precheck.data, silent, target]);

  // A flagged switch that failed has no Accept to press: Try again runs it again.
  function retry() {
    if (state === 'failed' && silent && target) {
      void accept(target);
      return;
    }
    setState('idle');
    void precheck.refetch();
  }

  if (state === 'failed' || precheck.isError) {
    return <ErrorView title={t('verification.migration.failed')} onRetry={retry} />;
  }
  if (!precheck.data || !target || silent || state === 'working') {
    return <div className="flex min-h-[50vh] items-center justify-center"><Spinner size="lg" label={t('verification.migration.working')} /></div>;
  }
  const { deadline, overDeadLine, protocol, version } = precheck.data;
  const date = deadline ? new Intl.DateTimeFormat(i18n.language === 'zh' ? 'zh-CN' : 'en-GB', { dateStyle: 'long' }).format(new Date(deadline)) : null;
  return (
    <section aria-labelledby="user-migration-title" className="mx-auto flex w-full max-w-[480px] flex-col gap-4 py-6">
      <h1 id="user-migration-title" className="text-2xl font-semibold text-fg">{t('verification.migration.title')}</h1>
      <p className="text-sm text-fg">{t('verification.migration.intro', { entity: t(`verification.migration.entities.${target}`), protocol, version })}</p>
      {date ? <p className="text-sm text-muted">{overDeadLine ? t('verification.migration.overdue') : t('verification.migration.deadline', { date })}</p> : null}
      <GradientButton fullWidth showContinueArrow onClick={() => void accept(target)}>{t('verification.migration.accept')}</GradientButton>
      {!overDeadLine ? <GradientButton fullWidth variant="outline" onClick={() => void later()}>{t('verification.migration.later')}</GradientButton> : null}
    </section>
  );
}

export default UserMigrationPage;
