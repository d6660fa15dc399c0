import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from '../texts';
import { ErrorView, Spinner } from '@/ui';

/** A trade page state other than the form: a heading, what it means, and what to do next. */
export function StateView({ state, title, children, action }: { state: string; title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <section
      data-trade-state={state}
      aria-labelledby={`trade-${state}-title`}
      className="mx-auto flex w-full max-w-[480px] min-w-0 flex-col gap-4 py-6"
    >
      <h1 id={`trade-${state}-title`} className="text-2xl font-semibold text-fg">
        {title}
      </h1>
      <div className="text-sm text-fg">{children}</div>
      {action}
    </section>
  );
}

/** unavailableCallback: the quote or the payment answered "payment method unavailable or under maintenance". */
export function UnavailableCallbackView({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div data-trade-state="unavailableCallback">
      <ErrorView
        title={t('trade.states.unavailableCallback.title')}
        content={t('trade.states.unavailableCallback.content')}
        onRetry={onRetry}
      />
    </div>
  );
}

/**
 * The payment is on its way to the card's bank (docs/rules/limits.md: up to 30 s). It replaces the form that
 * had the focus, so the focus moves to its heading instead of falling to the page's body (the
 * form's own status region announces it; no aria-busy, which some readers take as "stay quiet").
 */
export function ProcessingView() {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section
      data-trade-state="processing"
      aria-labelledby="trade-processing-title"
      className="mx-auto flex w-full max-w-[480px] flex-col items-center gap-4 py-16 text-center"
    >
      <Spinner size="lg" />
      <h1 ref={heading} id="trade-processing-title" tabIndex={-1} className="text-xl font-semibold text-fg">
        {t('trade.processing.title')}
      </h1>
      <p className="text-sm text-muted">{t('trade.processing.content')}</p>
    </section>
  );
}
