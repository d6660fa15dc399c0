import { forwardRef, type ComponentPropsWithoutRef, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from './class-names.ts';
import { ArrowRightIcon } from './icons.tsx';
import { Spinner } from './spinner.tsx';

/** Looks of {@link GradientButton}; 'inactive' also makes the button inert. */
export type GradientButtonVariant = 'primary' | 'secondary' | 'inactive' | 'outline' | 'white';

/** Props of {@link GradientButton}: every native button prop plus the options below. */
export interface GradientButtonProps extends ComponentPropsWithoutRef<'button'> {
  /** Default 'primary' (gradient from the primary to the second primary colour). */
  variant?: GradientButtonVariant;
  /** Shows a spinner (named "Loading") in place of the label, sets aria-busy and makes the button inert. */
  loading?: boolean;
  /** Adds a trailing arrow; without children the label becomes "Continue". */
  showContinueArrow?: boolean;
  /** Stretches the button to its container's width. */
  fullWidth?: boolean;
}

const VARIANT_CLASSES: Record<GradientButtonVariant, string> = {
  primary: 'bg-linear-to-r from-primary to-primary-2 text-on-primary shadow-sm',
  secondary: 'bg-surface-2 text-fg',
  inactive: 'bg-surface-2 text-muted',
  outline: 'border border-primary bg-transparent text-primary',
  white: 'border border-line bg-surface text-fg shadow-sm',
};

/**
 * The app's main button. Default label t('ui.button.confirm') ("Confirm"); `type` defaults to
 * "button" so it never submits a form by accident.
 *
 * Inert states (`loading`, variant 'inactive', `disabled`) all use aria-disabled instead of the
 * native disabled attribute: the button stays focusable and discoverable by screen-reader users,
 * while clicks, Enter and Space (which browsers turn into clicks) are swallowed here, including
 * a form's submission.
 */
export const GradientButton = forwardRef<HTMLButtonElement, GradientButtonProps>(function GradientButton(
  {
    variant = 'primary',
    loading = false,
    showContinueArrow = false,
    fullWidth = false,
    disabled = false,
    type = 'button',
    className,
    children,
    onClick,
    ...rest
  },
  ref,
) {
  const { t } = useTranslation();
  const inert = loading || disabled || variant === 'inactive';
  const label = children ?? t(showContinueArrow ? 'ui.button.continue' : 'ui.button.confirm');

  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (inert) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };

  return (
    <button
      {...rest}
      ref={ref}
      type={type}
      aria-disabled={inert || undefined}
      aria-busy={loading || undefined}
      onClick={handleClick}
      className={cx(
        'relative inline-flex min-h-12 items-center justify-center rounded-xl px-5 text-base font-semibold transition',
        'not-aria-disabled:hover:brightness-110 not-aria-disabled:active:scale-[0.98]',
        VARIANT_CLASSES[variant],
        fullWidth && 'w-full',
        inert && (loading ? 'cursor-wait' : 'cursor-not-allowed'),
        disabled && 'opacity-60',
        className,
      )}
    >
      {/* Kept (invisible) while loading so the button does not change size; hidden from the
          accessible name so it reads "Loading" then. */}
      <span className={cx('inline-flex items-center gap-2', loading && 'invisible')} aria-hidden={loading || undefined}>
        {label}
        {showContinueArrow && <ArrowRightIcon />}
      </span>
      {loading && <Spinner size="sm" className="absolute inset-0" />}
    </button>
  );
});
