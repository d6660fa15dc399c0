import * as Dialog from '@radix-ui/react-dialog';
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from './class-names.ts';
import { CloseIcon } from './icons.tsx';

/** Props shared by Modal and Sheet. */
export interface DialogBaseProps {
  /** Controlled open state. */
  open?: boolean;
  /** Initial open state when uncontrolled. */
  defaultOpen?: boolean;
  /** Called on Escape, overlay click, the close button and the trigger. */
  onOpenChange?: (open: boolean) => void;
  /** Optional element that opens the dialog (rendered as is, e.g. a button). */
  trigger?: ReactElement;
  /** Dialog heading; also its accessible name. */
  title: ReactNode;
  /** Text under the title; also the dialog's accessible description. */
  description?: ReactNode;
  /**
   * Where focus goes on open (Radix Dialog.Content's onOpenAutoFocus): call
   * `event.preventDefault()` and focus another element. By default the body's first field.
   */
  onOpenAutoFocus?: (event: Event) => void;
  /**
   * False for a dialog that needs an answer from its own buttons (a consent): no close button, and Escape
   * and a click outside do nothing. Default true.
   */
  dismissible?: boolean;
  children?: ReactNode;
}

export interface DialogShellProps extends DialogBaseProps {
  /** Position and size of the panel. */
  contentClassName: string;
  /** Bottom padding and scrolling of the body, which differ between Modal and Sheet. */
  bodyClassName: string;
}

/**
 * The Radix dialog structure behind Modal and Sheet (overlay, titled panel, close button):
 * focus is trapped inside, Escape and the overlay close it, focus returns to the trigger.
 */
export function DialogShell({
  open,
  defaultOpen,
  onOpenChange,
  trigger,
  title,
  description,
  onOpenAutoFocus,
  dismissible = true,
  children,
  contentClassName,
  bodyClassName,
}: DialogShellProps) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={open} defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
      {trigger && <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>}
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-overlay" />
        <Dialog.Content
          // Without a description, tell Radix there is none instead of pointing at a missing element.
          {...(description === undefined ? { 'aria-describedby': undefined } : {})}
          onOpenAutoFocus={onOpenAutoFocus}
          {...(dismissible
            ? {}
            : { onEscapeKeyDown: (event: Event) => event.preventDefault(), onInteractOutside: (event: Event) => event.preventDefault() })}
          className={cx('fixed z-50 flex flex-col bg-surface text-fg shadow-xl', contentClassName)}
        >
          <div className="shrink-0 px-5 pt-5 pr-14">
            <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
            {description !== undefined && <Dialog.Description className="mt-1 text-sm text-muted">{description}</Dialog.Description>}
          </div>
          <div className={cx('px-5 pt-4', bodyClassName)}>{children}</div>
          {/* Last in the DOM so Radix's initial focus lands on the body's first field, not on
              the close button; placed visually in the top-right corner. */}
          {dismissible && (
            <Dialog.Close
              aria-label={t('ui.close')}
              className="absolute top-3 right-3 flex size-11 items-center justify-center rounded-full text-muted hover:bg-surface-2 hover:text-fg"
            >
              <CloseIcon />
            </Dialog.Close>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
