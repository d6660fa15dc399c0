import { MERCHANT_CUSTOMERS_PAGE_SIZE } from '@causeway/contracts';
import { useId } from 'react';
import { formatDateTime } from '@/lib/date-format';
import { ErrorView, Spinner } from '@/ui';
import { type MerchantCustomer, useCustomers } from '../api/merchant-console-api';
import { consoleErrorText } from '../console-errors';
import { useTranslation } from '../texts';
import { cardClass, codeClass, itemClass, sectionTitleClass, smallButtonClass } from './console-classes';

/**
 * The merchant's customers linked to an account (docs/rules/merchant-console.md "Customers"), newest link first, 20
 * a page (the page is the URL's): its own customer id, when the link was made and last proved, whether that sign-in
 * created the account, and the campaign tag (`cTag`) of the entry. Read-only; cards, not a table, so it fits 360 px.
 */
export function CustomersSection({ merchantId, page, onPage }: { merchantId: string; page: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  const headingId = useId();
  const customers = useCustomers(merchantId, page);
  const pages = customers.data ? Math.max(1, Math.ceil(customers.data.total / MERCHANT_CUSTOMERS_PAGE_SIZE)) : 1;

  let body;
  if (customers.isError) {
    body = <ErrorView headingLevel={3} content={consoleErrorText(customers.error, t)} onRetry={() => void customers.refetch()} />;
  } else if (!customers.data) {
    body = <Spinner size="lg" className="self-center py-6" label={t('merchantConsole.loading')} />;
  } else if (customers.data.customers.length === 0) {
    body = <p className="text-sm text-muted">{t('merchantConsole.customers.none')}</p>;
  } else {
    body = (
      <ul className="flex flex-col gap-2" aria-labelledby={headingId} aria-busy={customers.isPlaceholderData || undefined}>
        {customers.data.customers.map((customer) => (
          <CustomerCard key={customer.merchantUserId} customer={customer} />
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby={headingId} className={cardClass}>
      <h2 id={headingId} className={sectionTitleClass}>
        {t('merchantConsole.customers.title')}
      </h2>
      <p className="text-sm text-muted">
        {t('merchantConsole.customers.intro')}
        {customers.data ? ` ${t('merchantConsole.customers.total', { total: customers.data.total })}` : ''}
      </p>
      {body}
      {pages > 1 ? (
        <nav aria-label={t('merchantConsole.customers.pages')} className="flex flex-wrap items-center justify-between gap-2">
          <button type="button" className={smallButtonClass} disabled={page <= 1} onClick={() => onPage(page - 1)}>
            {t('merchantConsole.customers.previous')}
          </button>
          <span className="text-sm text-fg" aria-live="polite">
            {t('merchantConsole.customers.page', { page, pages })}
          </span>
          <button type="button" className={smallButtonClass} disabled={page >= pages} onClick={() => onPage(page + 1)}>
            {t('merchantConsole.customers.next')}
          </button>
        </nav>
      ) : null}
    </section>
  );
}

/** One linked customer as a card: its id, then a definition list that takes two columns where there is room. */
function CustomerCard({ customer }: { customer: MerchantCustomer }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const rows: Array<{ label: string; value: string; code?: boolean }> = [
    { label: t('merchantConsole.customers.linkedAt'), value: formatDateTime(customer.linkedAt, lng) },
    { label: t('merchantConsole.customers.verifiedAt'), value: formatDateTime(customer.verifiedAt, lng) },
    {
      label: t('merchantConsole.customers.newAccount'),
      value: t(customer.signedUpHere ? 'merchantConsole.customers.signedUpHere' : 'merchantConsole.customers.existing'),
    },
    {
      label: t('merchantConsole.customers.campaignTag'),
      value: customer.campaignTag ?? t('merchantConsole.customers.noCampaignTag'),
      code: customer.campaignTag !== null,
    },
  ];
  return (
    <li className={itemClass}>
      <p className="flex min-w-0 flex-col">
        <span className="text-xs text-muted">{t('merchantConsole.customers.customer')}</span>
        <span className={codeClass}>{customer.merchantUserId}</span>
      </p>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-2 sm:grid-cols-2">
        {rows.map((row) => (
          <div key={row.label} className="flex min-w-0 flex-col">
            <dt className="text-xs text-muted">{row.label}</dt>
            <dd className={row.code ? codeClass : 'text-sm break-words text-fg'}>{row.value}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
}
