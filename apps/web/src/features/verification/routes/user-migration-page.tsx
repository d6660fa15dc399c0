import { type AccountOverview, CALL_ROUTES, entityProtocolOf } from '@causeway/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { ACCOUNT_INFO_KEY, useAccountInfo } from '@/lib/account-info';
import { useHttpClient } from '@/lib/http-context';
import { storedMode } from '@/lib/mode';
import { createSessionStore, tokenRecordOf } from '@/lib/session';
import { useApiMutation } from '@/lib/use-api-mutation';
import { ErrorView, GradientButton, Spinner } from '@/ui';

/**
 * The tag of the migration email sent to people leaving the limited entity (its link:
 * user-migration?entityTag=limited): their flagged switch ends on service-upgrade-complete.
 */
const LIMITED_ENTITY_EMAIL_TAG = 'limited';

/**
 * user-migration (docs/rules/order-states.md entity migration): the account moves to its target entity once the
 * person accepts that entity's statement; "Later" is offered until the deadline. A switch flagged
 * by an operator runs silently, and ends on account-status, or on service-upgrade-complete when the
 * person came from the limited entity's email ({@link LIMITED_ENTITY_EMAIL_TAG}). The move rotates the
 * session, so the new token is stored. No link: nothing gives the entity statement a URL, and the
 * general privacy page is not that statement.
 */
export function UserMigrationPage() {
  const { t, i18n } = useTranslation();
  const { lng } = useParams();
  const [params] = useSearchParams();
  const fromLimitedEntityEmail = params.get('entityTag') === LIMITED_ENTITY_EMAIL_TAG;
  const navigate = useNavigate();
  const client = useHttpClient();
  const queries = useQueryClient();
  const mode = storedMode();
  const info = useAccountInfo(mode, { reportErrors: true });
  const precheck = useQuery({
    queryKey: ['entity-switch-precheck'],
    queryFn: () => client.call(CALL_ROUTES.entitySwitchPrecheck),
    staleTime: 0,
  });
  const silentStarted = useRef(false);
  const switching = useApiMutation({
    mutationFn: (target: 'PL' | 'LI') =>
      client.call(CALL_ROUTES.entitySwitch, { entityProtocolId: entityProtocolOf(target) }, { silent: true }),
    // Still pending while the status page opens: the page shows its spinner until it is left.
    onSuccess: async (moved) => {
      const session = createSessionStore();
      await session.setToken(mode, tokenRecordOf(moved.token));
      session.setEntity(moved.entityTag);
      await queries.invalidateQueries({ queryKey: ACCOUNT_INFO_KEY });
      const upgraded = silent && fromLimitedEntityEmail;
      await navigate(`/${lng}/${upgraded ? 'service-upgrade-complete' : 'account-status'}`, { replace: true });
    },
  });
  const postponing = useApiMutation({
    mutationFn: () => client.call(CALL_ROUTES.routeEntityCheck),
    onSuccess: async () => {
      queries.setQueryData<AccountOverview>(ACCOUNT_INFO_KEY, (current) =>
        current?.kycInfo ? { ...current, kycInfo: { ...current.kycInfo, hitClickedLaterCache: true } } : current,
      );
      await navigate(`/${lng}/settings`, { replace: true });
    },
    // The client has reported a failure (the call is not silent); both choices stay offered.
  });
  const accept = (target: 'PL' | 'LI') => switching.mutate(target);

  const target = precheck.data?.targetEntity ?? null;
  const silent = Boolean(info.data?.kycInfo?.entitySwitch);
  useEffect(() => {
    if (precheck.data && !precheck.data.canSwitch) void navigate(`/${lng}/account-status`, { replace: true });
    // docs/rules/order-states.md: a flagged switch happens without asking; once per page.
    if (silent && target && !silentStarted.current) {
      silentStarted.current = true;
      accept(target);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [precheck.data, silent, target]);

  // A flagged switch that failed has no Accept to press: Try again runs it again.
  function retry() {
    if (switching.isError && silent && target) {
      accept(target);
      return;
    }
    switching.reset();
    void precheck.refetch();
  }

  if (switching.isError || precheck.isError) {
    return <ErrorView title={t('verification.migration.failed')} onRetry={retry} />;
  }
  if (!precheck.data || !target || silent || switching.isPending) {
    return (
      <div className="flex min-h-[50vh] items-center justify-center">
        <Spinner size="lg" label={t('verification.migration.working')} />
      </div>
    );
  }
  const { deadline, overDeadLine, protocol, version } = precheck.data;
  const date = deadline
    ? new Intl.DateTimeFormat(i18n.language === 'zh' ? 'zh-CN' : 'en-GB', { dateStyle: 'long' }).format(new Date(deadline))
    : null;
  return (
    <section aria-labelledby="user-migration-title" className="mx-auto flex w-full max-w-[480px] flex-col gap-4 py-6">
      <h1 id="user-migration-title" className="text-2xl font-semibold text-fg">
        {t('verification.migration.title')}
      </h1>
      <p className="text-sm text-fg">
        {t('verification.migration.intro', { entity: t(`verification.migration.entities.${target}`), protocol, version })}
      </p>
      {date ? (
        <p className="text-sm text-muted">
          {overDeadLine ? t('verification.migration.overdue') : t('verification.migration.deadline', { date })}
        </p>
      ) : null}
      <GradientButton fullWidth showContinueArrow onClick={() => accept(target)}>
        {t('verification.migration.accept')}
      </GradientButton>
      {!overDeadLine ? (
        <GradientButton fullWidth variant="outline" onClick={() => postponing.mutate()}>
          {t('verification.migration.later')}
        </GradientButton>
      ) : null}
    </section>
  );
}

export default UserMigrationPage;
