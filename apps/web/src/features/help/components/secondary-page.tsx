import type { Ref } from 'react';
import { lazy, Suspense } from 'react';
import { useTranslation } from '../texts';
import { Spinner } from '@/ui';
import { type HelpSecondaryPage, useHelpWidgetState } from '../help-widget-store';
import { useHelpWidget, useReportReady } from '../hooks/use-help-data';
import { useSignedInEmail } from '../hooks/use-signed-in-email';
import { ArticlePage } from './article-page';
import { ChevronIcon } from './help-parts';
import { SearchPage } from './search-page';
import { WidgetErrorBoundary } from './widget-error-boundary';

// The forms are a chunk of their own: most people read and never write.
const SupportForm = lazy(() => import('./request-form').then((module) => ({ default: module.SupportForm })));
const FeedbackForm = lazy(() => import('./request-form').then((module) => ({ default: module.FeedbackForm })));

export interface SecondaryPageViewProps {
  page: Exclude<HelpSecondaryPage, null>;
  onBack: () => void;
  /** The Back button, which takes focus when a page opens. */
  backRef: Ref<HTMLButtonElement>;
}

/** A page over the tab content (docs/rules/screens.md): Back clears it and shows the tabs again. */
export function SecondaryPageView({ page, onBack, backRef }: SecondaryPageViewProps) {
  const { t } = useTranslation();
  // While a request is sent, leaving would unmount the form and hide its outcome (docs/rules/order-states.md banner).
  const { sending } = useHelpWidgetState();
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="shrink-0 border-b border-line px-2 py-1">
        <button
          ref={backRef}
          type="button"
          onClick={sending ? undefined : onBack}
          aria-disabled={sending || undefined}
          className="inline-flex min-h-10 items-center gap-1 rounded-lg px-2 text-sm font-medium text-fg hover:bg-surface-2 aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
        >
          <ChevronIcon direction="left" />
          {t('help.back')}
        </button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto px-4 py-4">
        {/* A page that fails keeps Back; the next page starts afresh. */}
        <WidgetErrorBoundary key={JSON.stringify(page)}>
          <PageContent page={page} />
        </WidgetErrorBoundary>
      </div>
    </div>
  );
}

function PageContent({ page }: { page: Exclude<HelpSecondaryPage, null> }) {
  switch (page.type) {
    case 'article':
      return <ArticlePage key={page.id} articleId={page.id} />;
    case 'search':
      return <SearchPage keyword={page.keyword} />;
    case 'support':
      return <FormPage title="help.support.title" form="support" topic={page.topic} />;
    case 'feedback':
      return <FormPage title="help.feedback.title" form="feedback" />;
  }
}

function FormPage({
  title,
  form,
  topic,
}: {
  title: 'help.support.title' | 'help.feedback.title';
  form: 'support' | 'feedback';
  topic?: string | undefined;
}) {
  const { t } = useTranslation();
  const { api } = useHelpWidget();
  const accountEmail = useSignedInEmail();
  useReportReady(true);
  return (
    <div className="flex flex-col gap-4">
      <h3 className="text-lg font-semibold text-fg">{t(title)}</h3>
      <Suspense
        fallback={
          <div className="flex justify-center py-4 text-muted">
            <Spinner label={t('help.loading')} />
          </div>
        }
      >
        {form === 'support' ? (
          <SupportForm api={api} accountEmail={accountEmail} topic={topic} />
        ) : (
          <FeedbackForm api={api} accountEmail={accountEmail} />
        )}
      </Suspense>
    </div>
  );
}
