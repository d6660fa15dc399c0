import type { HelpSectionJson } from '@causeway/contracts';
import { useId, useState } from 'react';
import { useTranslation } from '../texts';
import { cx } from '@/ui/class-names';
import { useSectionArticles } from '../hooks/use-help-data';
import { ArticleList, ChevronIcon, EmptyText, LoadState, rowClass } from './help-parts';

/**
 * The Help tab's sections as an accordion (docs/rules/order-states.md): a section asks for its articles on its
 * first expansion only, a second click collapses it, and expanding it again shows what was
 * loaded without a new call. Each section has its own loading, error-with-Retry and empty state.
 */
export function SectionAccordion({ sections }: { sections: readonly HelpSectionJson[] }) {
  return (
    <ul className="divide-y divide-line overflow-hidden rounded-xl border border-line">
      {sections.map((section) => (
        <SectionItem key={section.id} section={section} />
      ))}
    </ul>
  );
}

function SectionItem({ section }: { section: HelpSectionJson }) {
  const { t } = useTranslation();
  const panelId = useId();
  const [expanded, setExpanded] = useState(false);
  const [requested, setRequested] = useState(false);
  const articles = useSectionArticles(section.id, requested);
  return (
    <li>
      <h4>
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={panelId}
          className={cx(rowClass, 'font-medium')}
          onClick={() => {
            setExpanded(!expanded);
            setRequested(true);
          }}
        >
          <span>{section.name}</span>
          <ChevronIcon direction={expanded ? 'down' : 'right'} className="text-muted" />
        </button>
      </h4>
      <div id={panelId} hidden={!expanded} className="px-3 pb-3">
        {expanded && (
          <LoadState isPending={articles.isPending} isError={articles.isError} onRetry={() => void articles.refetch()}>
            {articles.data?.length ? <ArticleList articles={articles.data} /> : <EmptyText>{t('help.noarticle')}</EmptyText>}
          </LoadState>
        )}
      </div>
    </li>
  );
}
