import { type ReactNode, useRef } from 'react';
import { useTranslation } from '../texts';
import { Spinner } from '@/ui';
import { cx } from '@/ui/class-names';
import { useHelpWidget } from '../hooks/use-help-data';

/** A chevron (list rows, accordion headers, Back). Decorative: its control carries the name. */
export function ChevronIcon({ direction = 'right', className }: { direction?: 'right' | 'down' | 'left'; className?: string }) {
  const d = { right: 'M9 6l6 6-6 6', down: 'M6 9l6 6 6-6', left: 'M15 6l-6 6 6 6' }[direction];
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      className={cx('size-4 shrink-0 fill-none stroke-current', className)}
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={d} />
    </svg>
  );
}

/** Focus ring and hover of the widget's list rows and plain buttons. */
export const rowClass =
  'flex w-full items-center justify-between gap-3 px-3 py-3 text-left text-sm text-fg hover:bg-surface-2 focus-visible:bg-surface-2';
export const textButtonClass = 'rounded font-medium text-primary underline-offset-2 hover:underline';

export interface LoadStateProps {
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
  children: ReactNode;
}

/**
 * A part's loading, error-with-Retry (docs/rules/errors.md failtoload) and loaded states. Errors are not
 * reported further: the help widget's failures never toast over the checkout. The states share
 * one wrapper that takes focus on Retry: the Retry button gives way to the spinner, and focus
 * would otherwise fall to the document.
 */
export function LoadState({ isPending, isError, onRetry, children }: LoadStateProps) {
  const { t } = useTranslation();
  const wrapperRef = useRef<HTMLDivElement>(null);
  let content: ReactNode = children;
  if (isError) {
    content = (
      <div className="flex flex-col items-center gap-2 px-3 py-4 text-center text-sm text-muted">
        <p>{t('help.failtoload')}</p>
        <button
          type="button"
          onClick={() => {
            wrapperRef.current?.focus();
            onRetry();
          }}
          className="min-h-10 rounded-lg border border-line px-4 font-medium text-fg hover:bg-surface-2"
        >
          {t('help.retry')}
        </button>
      </div>
    );
  } else if (isPending) {
    content = (
      <div className="flex justify-center py-4 text-muted">
        <Spinner label={t('help.loading')} />
      </div>
    );
  }
  return (
    <div ref={wrapperRef} tabIndex={-1} className="outline-none">
      {content}
    </div>
  );
}

/** A quiet line for an empty list. */
export const EmptyText = ({ children }: { children: ReactNode }) => <p className="px-3 py-4 text-center text-sm text-muted">{children}</p>;

/** Articles (or search hits) as rows that open the article page. */
export function ArticleList({ articles }: { articles: ReadonlyArray<{ id: number; title: string }> }) {
  const { openPage } = useHelpWidget();
  return (
    <ul className="divide-y divide-line overflow-hidden rounded-xl border border-line">
      {articles.map((article) => (
        <li key={article.id}>
          <button type="button" className={rowClass} onClick={() => openPage({ type: 'article', id: article.id })}>
            <span>{article.title}</span>
            <ChevronIcon className="text-muted" />
          </button>
        </li>
      ))}
    </ul>
  );
}
