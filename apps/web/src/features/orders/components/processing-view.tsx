import { PROCESSING_WAIT_SECONDS } from '@causeway/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from '../texts';
import { Link } from 'react-router';
import { Spinner } from '@/ui';
import { cx } from '@/ui/class-names';
import type { OrderDetail } from '../api/orders-api';

const STEPS = ['paid', 'buying', 'sending'] as const;
type StepState = 'done' | 'current' | 'pending';

/**
 * The steps of a PROCESSING order. The contract names no sub-step, so the page reads what it can:
 * PROCESSING means the card was authorised (payment received); a transaction hash means the payout
 * is on its way (sending); otherwise we are buying.
 */
const currentStep = (detail: OrderDetail): number => (detail.txHash ? 2 : 1);

/**
 * PROCESSING: a spinner and the three steps. docs/rules/limits.md says processing takes up to 30 s; past that
 * the text says it is taking longer and offers the history while the page keeps polling.
 */
export function ProcessingView({ detail, historyHref }: { detail: OrderDetail; historyHref: string }) {
  const { t } = useTranslation();
  const [isSlow, setIsSlow] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setIsSlow(true), PROCESSING_WAIT_SECONDS * 1000);
    return () => clearTimeout(timer);
  }, []);
  const current = currentStep(detail);
  const stateOf = (index: number): StepState => (index < current ? 'done' : index === current ? 'current' : 'pending');

  return (
    <div className="flex flex-col gap-4">
      <Spinner size="lg" className="text-primary" label={t('orders.result.processing.title')} />
      <ol className="flex flex-col gap-3" aria-label={t('orders.result.processing.stepsLabel')}>
        {STEPS.map((step, index) => {
          const state = stateOf(index);
          return (
            <li key={step} aria-current={state === 'current' ? 'step' : undefined} className="flex items-center gap-3">
              <span
                aria-hidden="true"
                className={cx(
                  'flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-semibold',
                  state === 'done' && 'bg-success text-on-primary',
                  state === 'current' && 'bg-primary text-on-primary',
                  state === 'pending' && 'bg-surface-2 text-muted',
                )}
              >
                {state === 'done' ? '✓' : index + 1}
              </span>
              <span className={cx('text-sm', state === 'pending' ? 'text-muted' : 'font-medium text-fg')}>
                {t(`orders.result.processing.steps.${step}`)}
                <span className="sr-only">{` (${t(`orders.result.processing.stepState.${state}`)})`}</span>
              </span>
            </li>
          );
        })}
      </ol>
      <p aria-live="polite" className="text-sm text-muted">
        {isSlow ? t('orders.result.processing.slow') : t('orders.result.processing.content')}
      </p>
      {isSlow ? (
        <Link to={historyHref} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          {t('orders.result.viewHistory')}
        </Link>
      ) : null}
    </div>
  );
}
