import {
  ErrorCode,
  type ExportHistoryResult,
  HISTORY_EXPORT_FILE_TTL_DAYS,
  HISTORY_EXPORTS_PER_DAY,
  HISTORY_MAX_RANGE_DAYS,
} from '@causeway/contracts';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useMemo, useState } from 'react';
import { formatDateTime } from '@/lib/date-format';
import { useHttpClient } from '@/lib/http-context';
import { errorText, isError } from '@/lib/http-errors';
import { getItem, removeItem, setItem } from '@/lib/storage';
import { useApiMutation } from '@/lib/use-api-mutation';
import { GradientButton, Modal, Spinner } from '@/ui';
import { createOrdersApi } from '../api/orders-api';
import { DEFAULT_RANGE_DAYS, type DateRange, endsAfterToday, lastDays, rangeProblem, rangeTimes, toDateInput } from '../date-range';
import { useTranslation } from '../texts';

/** The download link looks like the primary button: the one way on from a ready export. */
const downloadLinkClass =
  'inline-flex min-h-12 w-full items-center justify-center rounded-xl bg-linear-to-r from-primary to-primary-2 px-5 text-base font-semibold text-on-primary shadow-sm transition hover:brightness-110 focus-visible:ring-2 focus-visible:ring-focus';

/** How often the dialog asks whether the file is made (the job usually takes a second or two). */
export const EXPORT_POLL_INTERVAL_MS = 2_000;
/** The last export asked for on this device, kept as long as its file may last, so the dialog shows it again after a reload. */
export const LAST_EXPORT_KEY = 'causeway.history-export';
const LAST_EXPORT_TTL_MS = HISTORY_EXPORT_FILE_TTL_DAYS * 86_400_000;

export interface HistoryExportDialogProps {
  open: boolean;
  onClose: () => void;
  lng: string;
}

type Translate = ReturnType<typeof useTranslation>['t'];

/** The refusal of export-history in the page's words (the server's message is English). */
function refusalText(error: unknown, t: Translate): string {
  if (isError(error, ErrorCode.HistoryExportLimitReached)) return t('orders.history.export.limitReached', { max: HISTORY_EXPORTS_PER_DAY });
  if (isError(error, ErrorCode.HistoryRangeTooLong)) return t('orders.history.rangeTooLong');
  if (isError(error, ErrorCode.HistoryRangeInFuture)) return t('orders.history.export.future');
  return errorText(error, t);
}

/**
 * The history's Export (docs/rules/limits.md "History export"): a date range (the last 30 days by
 * default, at most 365, ending today at the latest, checked before sending), then "Preparing…"
 * while the server's job writes the file, then its download link with the link's expiry.
 */
export default function HistoryExportDialog({ open, onClose, lng }: HistoryExportDialogProps) {
  const { t, i18n } = useTranslation();
  const client = useHttpClient();
  const api = useMemo(() => createOrdersApi(client), [client]);
  const [exportId, setExportId] = useState<string | null>(() => getItem<string>(LAST_EXPORT_KEY) ?? null);

  const start = useApiMutation({
    mutationFn: (range: DateRange) => {
      const { startTime, endTime } = rangeTimes(range);
      return api.exportHistory({ from: startTime, to: endTime, lang: i18n.language === 'zh' ? 'zh' : 'en' });
    },
    onSuccess: (result: ExportHistoryResult) => {
      setItem(LAST_EXPORT_KEY, result.exportId, LAST_EXPORT_TTL_MS);
      setExportId(result.exportId);
    },
  });
  const status = useQuery({
    queryKey: ['orders', 'history-export', exportId],
    // Null once it is gone (expired, or asked for by someone else on this device): forgotten, and the form shows again.
    queryFn: async ({ signal }) => {
      try {
        return await api.exportHistoryStatus(exportId as string, signal);
      } catch (error) {
        if (!isError(error, ErrorCode.HistoryExportNotFound)) throw error;
        removeItem(LAST_EXPORT_KEY);
        return null;
      }
    },
    // Asked only while the dialog is open: closing it stops the polling.
    enabled: open && exportId !== null,
    refetchInterval: (query) => (query.state.data?.status === 'PENDING' ? EXPORT_POLL_INTERVAL_MS : false),
    retry: false,
  });

  const forget = () => {
    removeItem(LAST_EXPORT_KEY);
    setExportId(null);
    start.reset();
  };
  const { error: statusError } = status;
  const gone = status.data === null;
  useEffect(() => {
    if (statusError) client.report(statusError);
  }, [client, statusError]);
  useEffect(() => {
    if (
      start.error &&
      !isError(start.error, ErrorCode.HistoryExportLimitReached, ErrorCode.HistoryRangeTooLong, ErrorCode.HistoryRangeInFuture)
    )
      client.report(start.error);
  }, [client, start.error]);

  let body;
  if (exportId === null || gone)
    body = (
      <ExportForm
        onSubmit={(range) => start.mutate(range)}
        pending={start.isPending}
        refusal={start.error ? refusalText(start.error, t) : gone ? t('orders.history.export.gone') : undefined}
      />
    );
  else if (status.data?.status === 'READY')
    body = (
      <div role="status" className="flex flex-col gap-3">
        <p className="text-base font-medium text-fg">{t('orders.history.export.ready')}</p>
        <a href={status.data.downloadUrl ?? undefined} download className={downloadLinkClass}>
          {t('orders.history.export.download')}
        </a>
        <p className="text-sm text-muted">{t('orders.history.export.expires', { date: formatDateTime(status.data.expiresAt, lng) })}</p>
        <GradientButton variant="white" fullWidth onClick={forget}>
          {t('orders.history.export.again')}
        </GradientButton>
      </div>
    );
  else if (status.data?.status === 'FAILED' || statusError)
    body = (
      <div className="flex flex-col gap-3">
        <p role="alert" className="text-sm text-danger">
          {status.data?.status === 'FAILED' ? t('orders.history.export.failed') : errorText(statusError, t)}
        </p>
        <GradientButton fullWidth onClick={status.data?.status === 'FAILED' ? forget : () => void status.refetch()}>
          {status.data?.status === 'FAILED' ? t('orders.history.export.again') : t('ui.errorView.retry')}
        </GradientButton>
      </div>
    );
  else
    body = (
      <div className="flex flex-col items-center gap-3 py-4 text-center">
        <Spinner size="lg" label={t('orders.history.export.preparing')} />
        <p className="text-sm text-muted">{t('orders.history.export.preparingHint')}</p>
      </div>
    );

  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={t('orders.history.export.title')}
      description={t('orders.history.export.description')}
    >
      {body}
    </Modal>
  );
}

const fieldClass =
  'min-h-12 w-full min-w-0 rounded-xl border bg-surface px-3 text-base text-fg focus-visible:ring-2 focus-visible:ring-focus';
const labelClass = 'mb-1.5 block text-sm font-medium text-fg';

/** The range to export: checked as it is typed, the server's refusal (or a lost export) said under it. */
function ExportForm({
  onSubmit,
  pending,
  refusal,
}: {
  onSubmit: (range: DateRange) => void;
  pending: boolean;
  refusal: string | undefined;
}) {
  const { t } = useTranslation();
  const ids = { from: useId(), to: useId(), rule: useId(), error: useId() };
  const [range, setRange] = useState<DateRange>(() => lastDays(DEFAULT_RANGE_DAYS));
  const problem = rangeProblem(range) ?? (endsAfterToday(range) ? 'future' : null);
  const problemText =
    problem === 'tooLong'
      ? t('orders.history.rangeTooLong')
      : problem === 'future'
        ? t('orders.history.export.future')
        : problem
          ? t(`orders.history.range.${problem}`)
          : undefined;
  const message = problemText ?? refusal;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!problem && !pending) onSubmit(range);
  };
  const dateProps = {
    max: toDateInput(new Date()),
    'aria-invalid': problemText ? true : undefined,
    'aria-describedby': `${ids.rule} ${ids.error}`,
    className: `${fieldClass} ${problemText ? 'border-danger' : 'border-line'}`,
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <div className="grid grid-cols-2 gap-3">
        <div className="min-w-0">
          <label htmlFor={ids.from} className={labelClass}>
            {t('orders.history.from')}
          </label>
          <input
            id={ids.from}
            type="date"
            value={range.from}
            onChange={(e) => setRange({ ...range, from: e.target.value })}
            {...dateProps}
          />
        </div>
        <div className="min-w-0">
          <label htmlFor={ids.to} className={labelClass}>
            {t('orders.history.to')}
          </label>
          <input id={ids.to} type="date" value={range.to} onChange={(e) => setRange({ ...range, to: e.target.value })} {...dateProps} />
        </div>
      </div>
      <p id={ids.rule} className="text-xs text-muted">
        {t('orders.history.export.rule', { days: HISTORY_MAX_RANGE_DAYS })}
      </p>
      {/* Always mounted: a polite live region announces the message when it appears. */}
      <p id={ids.error} aria-live="polite" className="text-sm text-danger empty:hidden">
        {message ?? ''}
      </p>
      <GradientButton type="submit" fullWidth loading={pending} variant={problem ? 'inactive' : 'primary'}>
        {t('orders.history.export.submit')}
      </GradientButton>
    </form>
  );
}
