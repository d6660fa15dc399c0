import type { DialogBaseProps } from './dialog-shell.tsx';
import { LazyDialogShell } from './lazy-dialog-shell.tsx';

/** Props of {@link Sheet}: the same as Modal's, without a width choice. */
export type SheetProps = DialogBaseProps;

/**
 * Dialog that slides up from the bottom at full width on phones and is centred 462 px wide from
 * the `sm` breakpoint. At most 560 px tall; the title stays put while the body scrolls.
 */
export function Sheet(props: SheetProps) {
  return (
    <LazyDialogShell
      {...props}
      contentClassName="inset-x-0 bottom-0 max-h-[min(560px,calc(100dvh-16px))] w-full rounded-t-2xl sm:top-1/2 sm:right-auto sm:bottom-auto sm:left-1/2 sm:w-[462px] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl"
      // Bottom padding clears the home indicator on phones where the sheet touches the screen edge.
      bodyClassName="min-h-0 flex-1 overflow-y-auto pb-[max(1.25rem,env(safe-area-inset-bottom))]"
    />
  );
}
