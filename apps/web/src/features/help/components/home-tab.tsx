import { PROMOTION_LABEL, SUGGESTED_LABEL } from '@causeway/contracts';
import { useId } from 'react';
import { useTranslation } from '../texts';
import { useLabelledArticles, useReportReady } from '../hooks/use-help-data';
import { GetMoreHelp } from './get-more-help';
import { ArticleList, EmptyText, LoadState } from './help-parts';
import { PromotionCarousel } from './promotion-carousel';
import { SearchBox } from './search-box';

/** The Home tab (docs/rules/screens.md): welcome, search, promotions, suggested articles, Get more help. */
export function HomeTab() {
  const { t } = useTranslation();
  const suggestedId = useId();
  const promotions = useLabelledArticles(PROMOTION_LABEL);
  const suggested = useLabelledArticles(SUGGESTED_LABEL);
  useReportReady(!promotions.isPending && !suggested.isPending);
  return (
    <div className="flex flex-col gap-5">
      <div>
        <h3 className="text-xl font-semibold text-fg">{t('help.home.welcome')}</h3>
        <p className="mt-1 text-sm text-muted">{t('help.home.intro')}</p>
      </div>
      <SearchBox />
      {/* The card is extra: while it loads, or when it fails, Home simply goes without it. */}
      {promotions.data && <PromotionCarousel promotions={promotions.data} />}
      <section aria-labelledby={suggestedId} className="flex flex-col gap-2">
        <h3 id={suggestedId} className="text-sm font-semibold text-fg">
          {t('help.home.suggested')}
        </h3>
        <LoadState isPending={suggested.isPending} isError={suggested.isError} onRetry={() => void suggested.refetch()}>
          {suggested.data?.length ? <ArticleList articles={suggested.data} /> : <EmptyText>{t('help.noarticle')}</EmptyText>}
        </LoadState>
      </section>
      <GetMoreHelp />
    </div>
  );
}
