import { useId } from 'react';
import { useTranslation } from '../texts';
import { useHelpWidget, useReportReady, useSections } from '../hooks/use-help-data';
import { ChevronIcon, EmptyText, LoadState, textButtonClass } from './help-parts';
import { SearchBox } from './search-box';
import { SectionAccordion } from './section-accordion';

/** The Help tab (docs/rules/screens.md): search, the support entry, the sections' accordion, the feedback link. */
export function HelpTab() {
  const { t } = useTranslation();
  const { openPage } = useHelpWidget();
  const sectionsId = useId();
  const sections = useSections();
  useReportReady(!sections.isPending);
  return (
    <div className="flex flex-col gap-5">
      <SearchBox />
      <button
        type="button"
        onClick={() => openPage({ type: 'support' })}
        className="flex items-center gap-3 rounded-2xl border border-line bg-surface-2 p-4 text-left hover:brightness-105"
      >
        <span className="flex flex-1 flex-col gap-1">
          <span className="font-semibold text-fg">{t('help.support.title')}</span>
          <span className="text-sm text-muted">{t('help.support.description')}</span>
        </span>
        <ChevronIcon className="text-muted" />
      </button>
      <section aria-labelledby={sectionsId} className="flex flex-col gap-2">
        <h3 id={sectionsId} className="text-sm font-semibold text-fg">
          {t('help.sections.title')}
        </h3>
        <LoadState isPending={sections.isPending} isError={sections.isError} onRetry={() => void sections.refetch()}>
          {sections.data?.length ? <SectionAccordion sections={sections.data} /> : <EmptyText>{t('help.noarticle')}</EmptyText>}
        </LoadState>
      </section>
      <p className="text-center text-sm text-muted">
        {t('help.feedback.prompt')}{' '}
        <button type="button" className={textButtonClass} onClick={() => openPage({ type: 'feedback' })}>
          {t('help.feedback.link')}
        </button>
      </p>
    </div>
  );
}
