import { useTranslation } from 'react-i18next';
import { cx } from './class-names.ts';

/** Spinner diameters: sm 16 px (inside buttons), md 24 px, lg 40 px (page loaders). */
export type SpinnerSize = 'sm' | 'md' | 'lg';

/** Props of {@link Spinner}. */
export interface SpinnerProps {
  /** Diameter, default 'md'. */
  size?: SpinnerSize;
  /** Text for assistive tech; defaults to t('ui.spinner.loading') ("Loading"). */
  label?: string;
  className?: string;
}

const SIZE_CLASSES: Record<SpinnerSize, string> = {
  sm: 'size-4 border-2',
  md: 'size-6 border-2',
  lg: 'size-10 border-4',
};

/**
 * A spinning ring in the current text colour with a visually hidden "Loading" label. It is a
 * `status` region so a page-level loader is announced; inside a button the hidden label becomes
 * (part of) the button's accessible name.
 */
export function Spinner({ size = 'md', label, className }: SpinnerProps) {
  const { t } = useTranslation();
  return (
    <span role="status" className={cx('inline-flex items-center justify-center', className)}>
      <span aria-hidden="true" className={cx('animate-spin rounded-full border-current border-r-transparent', SIZE_CLASSES[size])} />
      <span className="sr-only">{label ?? t('ui.spinner.loading')}</span>
    </span>
  );
}
