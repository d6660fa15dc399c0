import { useMemo } from 'react';
import { useTranslation } from '../texts';
import { formatDateTime } from '@/lib/date-format';
import { useArticle, useReportReady } from '../hooks/use-help-data';
import { sanitizeArticle } from '../sanitize-article';
import { LoadState } from './help-parts';

/** Typography for the article's HTML (no typography plugin: the few elements the policy allows). */
const BODY_CLASS = [
  'text-sm leading-6 text-fg break-words',
  // The article's headings start at h4, below its h3 title (sanitizeArticle moves them there).
  '[&_p]:my-3 [&_h4]:mt-5 [&_h4]:mb-2 [&_h4]:text-base [&_h4]:font-semibold [&_h5]:mt-4 [&_h5]:mb-2 [&_h5]:font-semibold [&_h6]:mt-3 [&_h6]:font-semibold',
  '[&_ul]:my-3 [&_ul]:list-disc [&_ul]:pl-5 [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:pl-5 [&_li]:my-1',
  '[&_a]:text-primary [&_a]:underline [&_img]:my-3 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg',
  '[&_blockquote]:border-l-4 [&_blockquote]:border-line [&_blockquote]:pl-3 [&_blockquote]:text-muted',
  '[&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-surface-2 [&_pre]:p-3 [&_code]:rounded [&_code]:bg-surface-2 [&_code]:px-1',
  '[&_table]:my-3 [&_table]:block [&_table]:overflow-x-auto [&_td]:border [&_td]:border-line [&_td]:p-2 [&_th]:border [&_th]:border-line [&_th]:p-2 [&_hr]:my-4 [&_hr]:border-line',
].join(' ');

/** The level of the article's title: under the widget's h2 ("Help centre"). */
const TITLE_LEVEL = 3;

/** One article: title, last update and the body, sanitised again here (docs/trust.md). */
export function ArticlePage({ articleId }: { articleId: number }) {
  const { t, i18n } = useTranslation();
  const article = useArticle(articleId);
  useReportReady(!article.isPending);
  const body = article.data?.body;
  const html = useMemo(() => (body === undefined ? '' : sanitizeArticle(body, { headingsBelow: TITLE_LEVEL })), [body]);
  return (
    <LoadState isPending={article.isPending} isError={article.isError} onRetry={() => void article.refetch()}>
      {article.data && (
        <article className="flex flex-col gap-1">
          <h3 className="text-lg font-semibold text-fg">{article.data.title}</h3>
          <p className="text-xs text-muted">
            {t('help.article.updated', { date: formatDateTime(article.data.updated_at, i18n.language) })}
          </p>
          <div className={BODY_CLASS} dangerouslySetInnerHTML={{ __html: html }} />
        </article>
      )}
    </LoadState>
  );
}
