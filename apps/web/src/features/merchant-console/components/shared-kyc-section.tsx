import { MERCHANT_SHARED_KYC_PAGE_SIZE } from '@causeway/contracts';
import { useId } from 'react';
import { formatDateTime } from '@/lib/date-format';
import { ErrorView, Spinner } from '@/ui';
import { type SharedKycOutcome, useSharedKyc } from '../api/merchant-console-api';
import { consoleErrorText } from '../console-errors';
import { useTranslation } from '../texts';
import { cardClass, codeClass, itemClass, sectionTitleClass, smallButtonClass } from './console-classes';

/**
 * What became of each verification the merchant shared in its entry links (kycShareToken), newest first, 20 a
 * page (the page is the URL's): when, the merchant's own customer id, and the outcome in words, with, for a
 * refusal, whose side must act and the vendor's reason as a stable code. Read-only. Cards, not a table, so it
 * fits 360 px; each value has its label (a definition list).
 */
export function SharedKycSection({ merchantId, page, onPage }: { merchantId: string; page: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  const headingId = useId();
  const shared = useSharedKyc(merchantId, page);
  const pages = shared.data ? Math.max(1, Math.ceil(shared.data.total / MERCHANT_SHARED_KYC_PAGE_SIZE)) : 1;

  let body;
  if (shared.isError) {
    body = <ErrorView headingLevel={3} content={consoleErrorText(shared.error, t)} onRetry={() => void shared.refetch()} />;
  } else if (!shared.data) {
    body = <Spinner size="lg" className="self-center py-6" label={t('merchantConsole.loading')} />;
  } else if (shared.data.outcomes.length === 0) {
    body = <p className="text-sm text-muted">{t('merchantConsole.sharedKyc.none')}</p>;
  } else {
    body = (
      <ul className="flex flex-col gap-2" aria-labelledby={headingId} aria-busy={shared.isPlaceholderData || undefined}>
        {shared.data.outcomes.map((outcome, index) => (
          // Nothing identifies a row to the merchant (the token is kept only as a digest): its place on the page does.
          <OutcomeCard key={`${page}-${index}`} outcome={outcome} />
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby={headingId} className={cardClass}>
      <h2 id={headingId} className={sectionTitleClass}>
        {t('merchantConsole.sharedKyc.title')}
      </h2>
      <p className="text-sm text-muted">
        {t('merchantConsole.sharedKyc.intro')}
        {shared.data ? ` ${t('merchantConsole.sharedKyc.total', { total: shared.data.total })}` : ''}
      </p>
      {body}
      {pages > 1 ? (
        <nav aria-label={t('merchantConsole.sharedKyc.pages')} className="flex flex-wrap items-center justify-between gap-2">
          <button type="button" className={smallButtonClass} disabled={page <= 1} onClick={() => onPage(page - 1)}>
            {t('merchantConsole.sharedKyc.previous')}
          </button>
          <span className="text-sm text-fg" aria-live="polite">
            {t('merchantConsole.sharedKyc.page', { page, pages })}
          </span>
          <button type="button" className={smallButtonClass} disabled={page >= pages} onClick={() => onPage(page + 1)}>
            {t('merchantConsole.sharedKyc.next')}
          </button>
        </nav>
      ) : null}
    </section>
  );
}

/** Outcomes that ask the merchant to look (a refusal, a person who is not the account's): in the danger colour, besides their words. */
const NEEDS_A_LOOK: ReadonlySet<SharedKycOutcome['outcome']> = new Set(['refused', 'mismatch']);

/** One shared verification as a card: its date, then a definition list that takes two columns where there is room. */
function OutcomeCard({ outcome }: { outcome: SharedKycOutcome }) {
  const { t, i18n } = useTranslation();
  const rows: Array<{ label: string; value: string; code?: boolean; help?: string; danger?: boolean }> = [
    {
      label: t('merchantConsole.sharedKyc.customer'),
      value: outcome.merchantUserId ?? t('merchantConsole.sharedKyc.noCustomer'),
      code: outcome.merchantUserId !== null,
    },
    {
      label: t('merchantConsole.sharedKyc.outcome'),
      value: t(`merchantConsole.sharedKyc.outcomes.${outcome.outcome}`),
      help: t(`merchantConsole.sharedKyc.outcomeHelp.${outcome.outcome}`),
      danger: NEEDS_A_LOOK.has(outcome.outcome),
    },
  ];
  if (outcome.party)
    rows.push({ label: t('merchantConsole.sharedKyc.party'), value: t(`merchantConsole.sharedKyc.parties.${outcome.party}`) });
  if (outcome.reason) rows.push({ label: t('merchantConsole.sharedKyc.reason'), value: outcome.reason, code: true });
  return (
    <li className={itemClass}>
      <p className="text-sm font-medium text-fg">
        <span className="sr-only">{t('merchantConsole.sharedKyc.date')}: </span>
        {formatDateTime(outcome.createdAt, i18n.language)}
      </p>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-2 sm:grid-cols-2">
        {rows.map((row) => (
          <div key={row.label} className="flex min-w-0 flex-col">
            <dt className="text-xs text-muted">{row.label}</dt>
            <dd className={row.code ? codeClass : `text-sm break-words ${row.danger ? 'font-medium text-danger' : 'text-fg'}`}>
              {row.value}
            </dd>
            {row.help ? <dd className="text-xs break-words text-muted">{row.help}</dd> : null}
          </div>
        ))}
      </dl>
    </li>
  );
}
