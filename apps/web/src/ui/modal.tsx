import { cx } from './class-names.ts';
import type { DialogBaseProps } from './dialog-shell.tsx';
import { LazyDialogShell } from './lazy-dialog-shell.tsx';

/** Modal widths: 'sm' 320 px, 'md' 360 px (both shrink to leave 16 px margins on narrow phones). */
export type ModalWidth = 'sm' | 'md';

/** Props of {@link Modal}. */
export interface ModalProps extends DialogBaseProps {
  /** Default 'md'. */
  width?: ModalWidth;
}

const WIDTH_CLASSES: Record<ModalWidth, string> = { sm: 'w-[320px]', md: 'w-[360px]' };

/**
 * Centred modal dialog with title, optional description and a "Close" button. Focus is trapped
 * and Escape closes it. Scrolls when taller than the screen.
 */
export function Modal({ width = 'md', ...props }: ModalProps) {
  return (
    <LazyDialogShell
      {...props}
      contentClassName={cx(
        'top-1/2 left-1/2 max-h-[calc(100dvh-32px)] max-w-[calc(100vw-32px)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl',
        WIDTH_CLASSES[width],
      )}
      bodyClassName="pb-5"
    />
  );
}
