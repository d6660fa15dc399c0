import type { Health } from '@causeway/contracts';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { errorText } from '@/lib/http-errors';
import { useServerHealth } from '@/lib/server-health';
import { ErrorView, Spinner } from '@/ui';
import { useTranslation } from '../texts';
import { BUY_TEST_CARDS, DEMO_ACCOUNTS, PAYOUT_TEST_CARDS, type TestCard } from '../sandbox-test-data';
import { API_TOOLS, FLOW_PAGES, sandboxToolHref } from '../sandbox-tools';

const sectionClass = 'flex min-w-0 flex-col gap-3 rounded-2xl border border-line bg-surface p-4';
const linkClass =
  'rounded font-medium text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-focus focus-visible:outline-none';
const cellClass = 'py-2 pr-3 align-top';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={sectionClass}>
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function ServerStatus({ health }: { health: Health }) {
  const { t } = useTranslation();
  const { database, version } = health;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      <dt className="text-muted">{t('sandbox.version')}</dt>
      <dd className="min-w-0 break-all">{version}</dd>
      <dt className="text-muted">{t('sandbox.database')}</dt>
      <dd data-testid="database-kind">
        {t(`sandbox.databaseKind.${database.kind}`)} {database.version}
      </dd>
    </dl>
  );
}

/** Every tool: the sandbox's pages the server registered (health), then the API's reference pages. */
function Tools({ health, lng }: { health: Health; lng: string }) {
  const { t } = useTranslation();
  const tools = [
    ...health.sandboxTools.map((key) => ({ key, href: sandboxToolHref(key, lng) })),
    ...API_TOOLS.map(({ key, href }) => ({ key, href })),
  ];
  return (
    <ul className="flex flex-col divide-y divide-line">
      {tools.map((tool) => (
        <li key={tool.key} className="flex flex-col gap-1 py-3 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
          <a href={tool.href} className={`${linkClass} shrink-0`}>
            {t(`sandbox.tool.${tool.key}.name`)}
          </a>
          <span className="text-sm text-muted sm:text-right">{t(`sandbox.tool.${tool.key}.description`)}</span>
        </li>
      ))}
    </ul>
  );
}

/** One table of test cards: the number (with its network) and what it does. Two columns: it fits 360 px. */
function CardTable<Outcome extends string>({
  caption,
  cards,
  outcomeKey,
}: {
  caption: string;
  cards: ReadonlyArray<TestCard<Outcome>>;
  outcomeKey: 'buy' | 'payout';
}) {
  const { t } = useTranslation();
  return (
    <table className="w-full text-left text-sm">
      <caption className="pb-1 text-left font-medium text-fg">{caption}</caption>
      <thead className="text-muted">
        <tr>
          <th scope="col" className={`${cellClass} font-normal`}>
            {t('sandbox.cards.number')}
          </th>
          <th scope="col" className={`${cellClass} font-normal`}>
            {t('sandbox.cards.outcome')}
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-line border-t border-line">
        {cards.map((card) => (
          <tr key={card.number}>
            <th scope="row" className={`${cellClass} font-normal`}>
              <span className="block font-mono whitespace-nowrap text-fg">{card.number}</span>
              <span className="text-xs text-muted">{card.network}</span>
            </th>
            <td className={`${cellClass} text-fg`}>{t(`sandbox.cards.${outcomeKey}.${card.outcome}`)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function DemoAccounts() {
  const { t } = useTranslation();
  const { password, individual, business, merchant } = DEMO_ACCOUNTS;
  const code = (text: string) => <code className="font-mono break-all text-fg">{text}</code>;
  const rows = [
    { who: code(individual), signIn: t('sandbox.accounts.password', { password }), has: t('sandbox.accounts.individual') },
    { who: code(business), signIn: t('sandbox.accounts.samePassword'), has: t('sandbox.accounts.business') },
    {
      who: t('sandbox.accounts.merchant'),
      signIn: t('sandbox.accounts.merchantKeys', { apiKey: merchant.apiKey, secret: merchant.secret }),
      has: t('sandbox.accounts.merchantHas', { code: merchant.code }),
    },
  ];
  return (
    <>
      <p className="text-sm text-muted">{t('sandbox.accounts.intro')}</p>
      {/* A list of small description lists rather than a wide table: three columns do not fit 360 px. */}
      <ul className="flex flex-col divide-y divide-line">
        {rows.map((row, index) => (
          <li key={index} className="py-3">
            <dl className="grid grid-cols-1 gap-x-4 gap-y-0.5 text-sm sm:grid-cols-[8rem_1fr]">
              <dt className="text-muted">{t('sandbox.accounts.who')}</dt>
              <dd className="min-w-0 font-medium text-fg">{row.who}</dd>
              <dt className="text-muted">{t('sandbox.accounts.signIn')}</dt>
              <dd className="min-w-0 break-words text-fg">{row.signIn}</dd>
              <dt className="text-muted">{t('sandbox.accounts.has')}</dt>
              <dd className="min-w-0 text-fg">{row.has}</dd>
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * /sandbox: what this install offers for testing. Shown only where the install has sandbox tools
 * (health's sandboxTools; never in production): the server's state, a link to every tool, the
 * pages the checkout opens itself, the test cards and the demo accounts (docs/sandbox.md).
 */
export function SandboxPage() {
  const { t } = useTranslation();
  const { lng = 'en' } = useParams();
  const health = useServerHealth();

  if (health.isPending)
    return (
      <div className="flex min-h-[50vh] items-center justify-center">
        <Spinner size="lg" label={t('sandbox.loading')} />
      </div>
    );
  if (health.isError)
    return (
      <ErrorView
        title={t('sandbox.title')}
        content={
          <>
            <span className="block">{t('sandbox.statusError')}</span>
            <span className="block">{errorText(health.error, t)}</span>
          </>
        }
        onRetry={() => void health.refetch()}
      />
    );
  if (health.data.sandboxTools.length === 0)
    return (
      <section aria-labelledby="sandbox-none" className="mx-auto flex max-w-md flex-col gap-3 py-10 text-center">
        <h1 id="sandbox-none" className="text-2xl font-semibold">
          {t('sandbox.none.title')}
        </h1>
        <p className="text-muted">{t('sandbox.none.content')}</p>
        <Link to={`/${lng}`} className={linkClass}>
          {t('sandbox.none.home')}
        </Link>
      </section>
    );

  return (
    <div className="mx-auto flex max-w-3xl min-w-0 flex-col gap-6">
      <header>
        <h1 className="text-2xl font-semibold">{t('sandbox.title')}</h1>
        <p className="mt-2 text-muted">{t('sandbox.intro')}</p>
      </header>
      <Section id="sandbox-status" title={t('sandbox.status')}>
        <ServerStatus health={health.data} />
      </Section>
      <Section id="sandbox-tools" title={t('sandbox.tools')}>
        <Tools health={health.data} lng={lng} />
      </Section>
      <Section id="sandbox-flows" title={t('sandbox.flows.title')}>
        <p className="text-sm text-muted">{t('sandbox.flows.intro')}</p>
        <ul className="flex list-disc flex-col gap-1 pl-5 text-sm">
          {FLOW_PAGES.map((page) => (
            <li key={page}>{t(`sandbox.flows.${page}`)}</li>
          ))}
        </ul>
      </Section>
      <Section id="sandbox-cards" title={t('sandbox.cards.title')}>
        <p className="text-sm text-muted">{t('sandbox.cards.intro')}</p>
        <CardTable caption={t('sandbox.cards.buyTitle')} cards={BUY_TEST_CARDS} outcomeKey="buy" />
        <CardTable caption={t('sandbox.cards.payoutTitle')} cards={PAYOUT_TEST_CARDS} outcomeKey="payout" />
        <p className="text-sm text-muted">{t('sandbox.cards.payoutOthers')}</p>
      </Section>
      <Section id="sandbox-accounts" title={t('sandbox.accounts.title')}>
        <DemoAccounts />
      </Section>
    </div>
  );
}

export default SandboxPage;
