import { useTranslation } from '../texts';
import { useReportReady, useSearchResults } from '../hooks/use-help-data';
import { ArticleList, EmptyText, LoadState } from './help-parts';
import { SearchBox } from './search-box';

/** Results of a search (the keyword is trimmed and non-blank); the box above refines it. */
export function SearchPage({ keyword }: { keyword: string }) {
  const { t } = useTranslation();
  const results = useSearchResults(keyword);
  useReportReady(!results.isPending);
  return (
    <div className="flex flex-col gap-4">
      <SearchBox keyword={keyword} />
      <h3 className="text-sm font-semibold text-fg">{t('help.search.title')}</h3>
      {/* Read out when a search settles (a region already in the page, so the change is heard). */}
      <p role="status" className="sr-only">
        {results.isSuccess ? t('help.search.count', { count: results.data.length }) : ''}
      </p>
      <LoadState isPending={results.isPending} isError={results.isError} onRetry={() => void results.refetch()}>
        {results.data?.length ? <ArticleList articles={results.data} /> : <EmptyText>{t('help.search.noResults', { keyword })}</EmptyText>}
      </LoadState>
    </div>
  );
}
