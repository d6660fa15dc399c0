import { CALL_ROUTES } from '@causeway/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useHttpClient } from '@/lib/http-context';
import { Spinner } from '@/ui';
import { SANDBOX_TOOLS } from '../sandbox-tools';

function ServerStatus() {
  const { t } = useTranslation();
  const client = useHttpClient();
  const health = useQuery({ queryKey: ['health'], queryFn: () => client.call(CALL_ROUTES.health, undefined, { silent: true }) });
  if (health.isPending) return <Spinner label={t('common.loading')} />;
  if (health.isError) return <p className="text-danger">{t('pages.sandbox.statusError')}</p>;
  const { database, version } = health.data;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      <dt className="text-muted">{t('pages.sandbox.version')}</dt>
      <dd>{version}</dd>
      <dt className="text-muted">{t('pages.sandbox.database')}</dt>
      <dd data-testid="database-kind">
        {t(`pages.sandbox.databaseKind.${database.kind}`)} {database.version}
      </dd>
    </dl>
  );
}

/** /sandbox: what this install offers for testing, and the server's state. */
export function SandboxPage() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <header>
        <h1 className="text-2xl font-semibold">{t('pages.sandbox.title')}</h1>
        <p className="mt-2 text-muted">{t('pages.sandbox.intro')}</p>
      </header>
      <section aria-labelledby="sandbox-status" className="rounded-2xl border border-line bg-surface p-4">
        <h2 id="sandbox-status" className="mb-3 text-lg font-semibold">
          {t('pages.sandbox.status')}
        </h2>
        <ServerStatus />
      </section>
      <section aria-labelledby="sandbox-tools" className="rounded-2xl border border-line bg-surface p-4">
        <h2 id="sandbox-tools" className="mb-3 text-lg font-semibold">
          {t('pages.sandbox.tools')}
        </h2>
        <ul className="flex flex-col divide-y divide-line">
          {SANDBOX_TOOLS.map((tool) => (
            <li key={tool.key} className="flex flex-col gap-1 py-3 sm:flex-row sm:items-baseline sm:justify-between">
              <a href={tool.href} className="font-medium text-primary underline-offset-4 hover:underline">
                {t(`pages.sandbox.tool.${tool.key}.name`)}
              </a>
              <span className="text-sm text-muted">{t(`pages.sandbox.tool.${tool.key}.description`)}</span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

export default SandboxPage;
