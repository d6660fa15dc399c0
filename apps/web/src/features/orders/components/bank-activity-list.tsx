import { useId, useState } from 'react';
import { formatDateTime } from '@/lib/date-format';
import { ErrorView, Spinner } from '@/ui';
import { cx } from '@/ui/class-names';
import { useBalanceFormat } from '../balance-format';
import { errorViewContent } from '../error-content';
import { type BankActivity, useBankActivity } from '../hooks/use-withdraw';
import { useTranslation } from '../texts';
import { textLinkClass } from './link-classes';

/** The dashboard shows this many movements; See all opens the rest of the 50 the server answers. */
export const RECENT_ACTIVITY = 5;

const STATUS_TONE: Record<BankActivity['status'], string> = {
  CREDITED: 'bg-success text-on-primary',
  SUCCESS: 'bg-success text-on-primary',
  PROCESSING: 'bg-info text-on-primary',
  IN_REVIEW: 'bg-info text-on-primary',
  RETURNED: 'bg-danger text-on-primary',
  FAILED: 'bg-danger text-on-primary',
};

/** What a status needs said besides its badge: why money is held, or where it went back. */
const NOTE_OF: Partial<Record<BankActivity['status'], string>> = {
  IN_REVIEW: 'banking.activity.inReview',
  RETURNED: 'banking.activity.returned',
  FAILED: 'banking.activity.failed',
};

/**
 * The trading account's recent movements (bank-transfer/activity): deposits that arrived and
 * withdrawals, newest first, each with its amount (in +, out −), status, date and what names it
 * (a deposit's reference, a withdrawal's masked account). The latest five, and See all for the
 * rest in place (a disclosure button: aria-expanded on the list it opens).
 */
export function BankActivityList() {
  const { t } = useTranslation();
  const headingId = useId();
  const listId = useId();
  const activity = useBankActivity();
  const [all, setAll] = useState(false);
  const items = activity.data ?? [];
  const shown = all ? items : items.slice(0, RECENT_ACTIVITY);

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold text-fg">
          {t('banking.activity.title')}
        </h2>
        {items.length > RECENT_ACTIVITY ? (
          <button type="button" aria-expanded={all} aria-controls={listId} onClick={() => setAll(!all)} className={textLinkClass}>
            {all ? t('banking.activity.showFewer') : t('banking.activity.seeAll', { count: items.length })}
          </button>
        ) : null}
      </div>
      {activity.data ? (
        items.length === 0 ? (
          <p className="rounded-2xl border border-line bg-surface px-4 py-6 text-center text-sm text-muted">
            {t('banking.activity.empty')}
          </p>
        ) : (
          <ul id={listId} className="flex flex-col divide-y divide-line rounded-2xl border border-line bg-surface">
            {shown.map((item) => (
              <li key={`${item.kind}-${item.id}`} className="px-4 py-3">
                <ActivityLine item={item} />
              </li>
            ))}
          </ul>
        )
      ) : activity.isError ? (
        <ErrorView
          headingLevel={3}
          className="py-4"
          content={errorViewContent(activity.error, t)}
          onRetry={() => void activity.refetch()}
        />
      ) : (
        <div className="flex justify-center py-6">
          <Spinner size="md" label={t('banking.activity.loading')} />
        </div>
      )}
    </section>
  );
}

/** One movement: what and when on the left; the amount and its status on the right; a note under both when the status needs one. */
function ActivityLine({ item }: { item: BankActivity }) {
  const { t, i18n } = useTranslation();
  const money = useBalanceFormat();
  const amount = money.format({ available: item.amount, currency: item.currency, assetType: 'fiat' });
  const deposit = item.kind === 'deposit';
  const note = NOTE_OF[item.status];
  const detail = item.detail
    ? deposit
      ? t('banking.activity.reference', { reference: item.detail })
      : t('banking.activity.to', { account: item.detail })
    : null;
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-0.5">
          <span className="text-sm font-medium text-fg">{t(`banking.activity.kind.${item.kind}`)}</span>
          <span className="text-xs text-muted">{formatDateTime(item.createdAt, i18n.language)}</span>
          {detail ? <span className="text-xs break-all text-muted">{detail}</span> : null}
        </div>
        <div className="flex min-w-0 flex-col items-end gap-1">
          <span className="text-sm font-semibold break-all text-fg tabular-nums">
            {t(deposit ? 'banking.activity.in' : 'banking.activity.out', { amount })}
          </span>
          <span className={cx('inline-block shrink-0 rounded-full px-2 py-0.5 text-xs font-medium', STATUS_TONE[item.status])}>
            {t(`banking.activity.status.${item.status}`)}
          </span>
        </div>
      </div>
      {note ? <p className="text-xs text-muted">{t(note)}</p> : null}
    </div>
  );
}
