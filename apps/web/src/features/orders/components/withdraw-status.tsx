import { ErrorCode } from '@causeway/contracts';
import { useEffect, useId, useRef } from 'react';
import { Link } from 'react-router';
import { pageHref } from '@/lib/portal-links';
import { formatDateTime } from '@/lib/date-format';
import { isError } from '@/lib/http-errors';
import { CheckCircleIcon, ErrorView, Spinner } from '@/ui';
import { useBalanceFormat } from '../balance-format';
import { errorViewContent } from '../error-content';
import { useWithdrawal, type Withdrawal } from '../hooks/use-withdraw';
import { useTranslation } from '../texts';
import { primaryLinkClass, textLinkClass } from './link-classes';

/**
 * A withdrawal as it stands, followed until the bank settles it (withdraw/detail every 2 s):
 * PROCESSING, then SUCCESS (on its way, and when it arrives by its scheme) or FAILED (rejected or
 * returned by the bank: the money is back in the balance). The heading takes the keyboard when the
 * view opens, and the outcome is a polite live region, so a screen reader hears it change.
 */
export function WithdrawStatus({
  withdrawId,
  first,
  lng,
  onAgain,
}: {
  withdrawId: string;
  /** submit-withdraw's answer, shown at once rather than asked again. */
  first: Withdrawal | undefined;
  lng: string;
  onAgain: () => void;
}) {
  const { t, i18n } = useTranslation();
  const money = useBalanceFormat();
  const query = useWithdrawal(withdrawId, first);
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = Boolean(query.data);
  useEffect(() => {
    if (shown) heading.current?.focus();
  }, [shown]);

  if (!query.data) {
    return query.isError ? (
      <ErrorView
        headingLevel={2}
        content={isError(query.error, ErrorCode.OrderNotFound) ? t('banking.withdraw.status.notFound') : errorViewContent(query.error, t)}
        onRetry={() => void query.refetch()}
      />
    ) : (
      <div className="flex justify-center py-10">
        <Spinner size="lg" label={t('banking.withdraw.status.loading')} />
      </div>
    );
  }

  const withdrawal = query.data;
  const amount = money.format({ available: withdrawal.amount, currency: withdrawal.currency, assetType: 'fiat' });
  const account = withdrawal.maskedAccount;
  const { status } = withdrawal;
  const failText = withdrawal.failReason
    ? `banking.withdraw.status.FAILED.${withdrawal.failReason}`
    : 'banking.withdraw.status.FAILED.other';

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-5 rounded-2xl border border-line bg-surface p-5">
      <div aria-live="polite" className="flex flex-col items-center gap-3 text-center">
        {status === 'PROCESSING' ? (
          <Spinner size="lg" />
        ) : status === 'SUCCESS' ? (
          <CheckCircleIcon className="size-12 text-success" />
        ) : (
          <AlertCircleIcon />
        )}
        <h2 id={headingId} ref={heading} tabIndex={-1} className="text-xl font-semibold text-fg">
          {t(`banking.withdraw.status.${status}.title`)}
        </h2>
        {status === 'PROCESSING' ? (
          <p className="text-sm text-muted">
            {t('banking.withdraw.status.PROCESSING.text', { summary: t('banking.withdraw.summary', { amount, account }) })}
          </p>
        ) : status === 'SUCCESS' ? (
          <>
            <p className="text-sm text-fg">{t('banking.withdraw.status.SUCCESS.text', { account })}</p>
            <p className="text-sm text-muted">{t(`banking.withdraw.arrival.${withdrawal.currency === 'GBP' ? 'GBP' : 'EUR'}`)}</p>
          </>
        ) : (
          <>
            <p className="text-sm text-fg">{t(failText)}</p>
            <p className="text-sm font-medium text-fg">{t('banking.withdraw.status.FAILED.refunded')}</p>
          </>
        )}
        {query.stalled ? (
          <div className="flex flex-col items-center gap-2">
            <p className="text-sm text-muted">{t('banking.withdraw.status.stalled')}</p>
            <button type="button" onClick={() => void query.refetch()} className={textLinkClass}>
              {t('banking.withdraw.status.checkAgain')}
            </button>
          </div>
        ) : null}
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 border-t border-line pt-4 text-sm">
        <dt className="text-muted">{t('banking.withdraw.status.amount')}</dt>
        <dd className="text-right font-semibold break-all text-fg tabular-nums">{amount}</dd>
        <dt className="text-muted">{t('banking.withdraw.status.to')}</dt>
        <dd className="text-right font-mono break-all text-fg">{account}</dd>
        <dt className="text-muted">{t('banking.withdraw.status.date')}</dt>
        <dd className="text-right text-fg">{formatDateTime(withdrawal.createdAt, i18n.language)}</dd>
      </dl>
      <div className="flex flex-col gap-3">
        <Link to={pageHref(lng, 'dashboard')} className={primaryLinkClass}>
          {t('banking.withdraw.status.dashboard')}
        </Link>
        {status !== 'PROCESSING' ? (
          <button type="button" onClick={onAgain} className={textLinkClass}>
            {t('banking.withdraw.status.another')}
          </button>
        ) : null}
      </div>
    </section>
  );
}

/** A circle with "!", for a withdrawal that did not go through (decorative: the heading says it). */
function AlertCircleIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      aria-hidden="true"
      className="size-12 text-danger"
    >
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7.5v5.5M12 16.5v.01" />
    </svg>
  );
}
