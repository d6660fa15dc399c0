import { cx } from '@/ui/class-names';
import { useTranslation } from '../texts';
import { FORM_STEPS } from './kyb-form-state';

export interface StepIndicatorProps {
  current: number;
  /** Steps holding a field the reviewer asked to be corrected. */
  flagged: ReadonlySet<string>;
  onGo: (step: number) => void;
}

/**
 * The form's steps as an ordered list: the current one aria-current="step", each a button that
 * leads there (leaving saves the current step). Phones show the numbers only (the step's heading
 * names it); wider screens every name under its number.
 */
export function StepIndicator({ current, flagged, onGo }: StepIndicatorProps) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('kyb.form.steps')}>
      <ol className="flex gap-1">
        {FORM_STEPS.map((step, index) => {
          const isCurrent = index === current;
          const done = index < current;
          return (
            <li key={step} className="flex min-w-0 flex-1">
              <button
                type="button"
                aria-current={isCurrent ? 'step' : undefined}
                onClick={() => onGo(index)}
                className="flex min-h-12 w-full min-w-0 flex-col items-center gap-1 rounded-lg px-0.5 py-1 hover:bg-surface-2"
              >
                <span
                  aria-hidden="true"
                  className={cx(
                    'relative flex size-8 shrink-0 items-center justify-center rounded-full border text-sm font-semibold',
                    isCurrent
                      ? 'border-primary bg-primary text-on-primary'
                      : done
                        ? 'border-primary text-primary'
                        : 'border-line text-muted',
                  )}
                >
                  {index + 1}
                  {flagged.has(step) ? <span className="absolute -top-0.5 -right-0.5 size-2.5 rounded-full bg-danger" /> : null}
                </span>
                <span
                  className={cx(
                    'text-center text-xs leading-tight break-words max-md:sr-only',
                    isCurrent ? 'font-semibold text-fg' : 'text-muted',
                  )}
                >
                  {t(`kyb.sections.${step}`)}
                  {flagged.has(step) ? <span className="sr-only">{`, ${t('kyb.rejected.stepFlag')}`}</span> : null}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
