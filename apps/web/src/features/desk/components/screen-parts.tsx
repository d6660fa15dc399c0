import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorView, Spinner } from '@/ui';
import { deskErrorText } from '../desk-errors';
import { useTranslation } from '../texts';
import { smallButtonClass } from './desk-classes';

/** A screen's heading and what it says it shows. */
export function ScreenHeader({ id, title, intro }: { id: string; title: string; intro?: string }) {
  return (
    <header className="flex flex-col gap-1">
      <h1 id={id} className="text-2xl font-semibold text-fg">
        {title}
      </h1>
      {intro ? <p className="text-sm text-muted">{intro}</p> : null}
    </header>
  );
}

/** A query's answer, or its spinner, or its refusal in the desk's words with a retry. */
export function QueryBody<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  const { t } = useTranslation();
  if (query.isError) return <ErrorView headingLevel={2} content={deskErrorText(query.error, t)} onRetry={() => void query.refetch()} />;
  if (query.data === undefined) return <Spinner size="lg" className="self-center py-10" label={t('desk.loading')} />;
  return <>{children(query.data)}</>;
}

/** Previous and next over `pages` pages, the page shown said aloud. */
export function Pager({
  page,
  total,
  pageSize,
  onPage,
}: {
  page: number;
  total: number;
  pageSize: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav aria-label={t('desk.pages.label')} className="flex flex-wrap items-center justify-between gap-2">
      <button type="button" className={smallButtonClass} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('desk.pages.previous')}
      </button>
      <span className="text-sm text-fg" aria-live="polite">
        {t('desk.pages.page', { page: String(page), pages: String(pages) })}
      </span>
      <button type="button" className={smallButtonClass} disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('desk.pages.next')}
      </button>
    </nav>
  );
}

/** A label and its value, stacked, wrapping long values so the screen fits 360 px. */
export function Field({ label, children, code = false }: { label: string; children: ReactNode; code?: boolean }) {
  return (
    <div className="flex min-w-0 flex-col">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className={code ? 'font-mono text-sm break-all text-fg' : 'text-sm break-words text-fg'}>{children}</dd>
    </div>
  );
}
