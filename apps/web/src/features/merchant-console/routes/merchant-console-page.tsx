import { useId } from 'react';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { ErrorView, Spinner } from '@/ui';
import { type Membership, useMemberships } from '../api/merchant-console-api';
import { CustomersSection } from '../components/customers-section';
import { KeysSection } from '../components/keys-section';
import { OrdersSection } from '../components/orders-section';
import { OriginsSection } from '../components/origins-section';
import { SharedKycSection } from '../components/shared-kyc-section';
import { WebhooksSection } from '../components/webhooks-section';
import { consoleErrorText } from '../console-errors';
import { useTranslation } from '../texts';

/** The console's sections, each its own URL (merchant-console/keys, …); merchant-console alone is the first. */
const SECTIONS = ['keys', 'webhooks', 'origins', 'orders', 'customers', 'shared-kyc'] as const;
type Section = (typeof SECTIONS)[number];
const isSection = (value: string | undefined): value is Section => (SECTIONS as readonly string[]).includes(value ?? '');

const sectionLink =
  'whitespace-nowrap rounded-full px-3 py-2 text-sm font-medium text-muted hover:text-fg focus-visible:ring-2 focus-visible:ring-focus focus-visible:outline-none aria-[current=page]:bg-surface-2 aria-[current=page]:text-fg';

/** The page (of orders, of shared verifications) the URL asks for: a whole number from 1 to 1000 (the server's range), else 1. */
function pageOf(text: string | null): number {
  const page = Number(text);
  return Number.isInteger(page) && page >= 1 && page <= 1000 ? page : 1;
}

/**
 * merchant-console (docs/rules/merchant-console.md): where the members of a merchant manage its API
 * keys, webhooks and allowed origins, and see its orders and what became of the verifications it shared. For a signed-in person: its calls are the
 * sign-in guard (a dead session goes to the sign-in, as on every signed-in page). With no merchant it
 * says how to get access; with several, a picker whose choice is the URL's `?merchant=`, so every
 * section can be bookmarked.
 */
export function MerchantConsolePage() {
  const { t } = useTranslation();
  const { lng = 'en', section } = useParams();
  const [params, setParams] = useSearchParams();
  const memberships = useMemberships();
  const pickerId = useId();

  if (section !== undefined && !isSection(section)) {
    const search = params.toString();
    return <Navigate replace to={`/${lng}/merchant-console${search ? `?${search}` : ''}`} />;
  }
  const shown: Section = section ?? 'keys';

  let body;
  if (memberships.isError) {
    body = <ErrorView headingLevel={2} content={consoleErrorText(memberships.error, t)} onRetry={() => void memberships.refetch()} />;
  } else if (!memberships.data) {
    body = <Spinner size="lg" className="self-center py-10" label={t('merchantConsole.loading')} />;
  } else if (memberships.data.merchants.length === 0) {
    body = (
      <section aria-labelledby="merchant-console-none" className="flex flex-col gap-2 rounded-2xl border border-line bg-surface p-5">
        <h2 id="merchant-console-none" className="text-lg font-semibold text-fg">
          {t('merchantConsole.none.title')}
        </h2>
        <p className="text-sm text-fg">{t('merchantConsole.none.text')}</p>
      </section>
    );
  } else {
    const merchants = memberships.data.merchants;
    const wanted = params.get('merchant');
    const chosen: Membership = merchants.find((merchant) => merchant.merchantId === wanted) ?? merchants[0]!;
    const choose = (merchantId: string) => setParams({ merchant: merchantId });
    const query = `?merchant=${encodeURIComponent(chosen.merchantId)}`;
    body = (
      <>
        <div className="flex flex-col gap-2">
          {merchants.length > 1 ? (
            <div className="flex flex-col gap-1">
              <label htmlFor={pickerId} className="text-sm font-medium text-fg">
                {t('merchantConsole.merchant')}
              </label>
              <select
                id={pickerId}
                value={chosen.merchantId}
                onChange={(event) => choose(event.currentTarget.value)}
                className="min-h-12 w-full max-w-md rounded-xl border border-line bg-surface px-3 text-base text-fg focus-visible:ring-2 focus-visible:ring-focus focus-visible:outline-none"
              >
                {merchants.map((merchant) => (
                  <option key={merchant.merchantId} value={merchant.merchantId}>
                    {t('merchantConsole.merchantOption', { name: merchant.name, code: merchant.code })}
                  </option>
                ))}
              </select>
            </div>
          ) : (
            <p className="text-base font-medium break-words text-fg">{chosen.name}</p>
          )}
          <p className="text-sm text-muted">{t('merchantConsole.role', { role: t(`merchantConsole.roles.${chosen.role}`) })}</p>
          {wanted !== null && wanted !== chosen.merchantId ? (
            <p role="status" className="rounded-xl border border-line bg-surface-2 p-3 text-sm text-fg">
              {t('merchantConsole.notMember', { merchant: wanted, name: chosen.name })}
            </p>
          ) : null}
        </div>
        <nav aria-label={t('merchantConsole.sections.label')}>
          {/* Wraps on a narrow screen rather than hiding a section off to the side. */}
          <ul className="flex flex-wrap gap-1">
            {SECTIONS.map((item) => (
              <li key={item}>
                <Link
                  to={`/${lng}/merchant-console/${item}${query}`}
                  aria-current={item === shown ? 'page' : undefined}
                  className={sectionLink}
                >
                  {t(`merchantConsole.sections.${item}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {/* Keyed by merchant: a section's state (an open form, a page of orders) never carries over to another merchant. */}
        <div key={chosen.merchantId} className="flex min-w-0 flex-col">
          {shown === 'keys' ? <KeysSection merchantId={chosen.merchantId} /> : null}
          {shown === 'webhooks' ? <WebhooksSection merchantId={chosen.merchantId} /> : null}
          {shown === 'origins' ? <OriginsSection merchantId={chosen.merchantId} /> : null}
          {shown === 'orders' ? (
            <OrdersSection
              merchantId={chosen.merchantId}
              page={pageOf(params.get('page'))}
              onPage={(page) => setParams({ merchant: chosen.merchantId, page: String(page) })}
            />
          ) : null}
          {shown === 'customers' ? (
            <CustomersSection
              merchantId={chosen.merchantId}
              page={pageOf(params.get('page'))}
              onPage={(page) => setParams({ merchant: chosen.merchantId, page: String(page) })}
            />
          ) : null}
          {shown === 'shared-kyc' ? (
            <SharedKycSection
              merchantId={chosen.merchantId}
              page={pageOf(params.get('page'))}
              onPage={(page) => setParams({ merchant: chosen.merchantId, page: String(page) })}
            />
          ) : null}
        </div>
      </>
    );
  }

  return (
    <div className="mx-auto flex w-full max-w-3xl min-w-0 flex-col gap-5 py-2">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold text-fg">{t('merchantConsole.title')}</h1>
        <p className="text-sm text-muted">{t('merchantConsole.intro')}</p>
      </header>
      {body}
    </div>
  );
}

export default MerchantConsolePage;
