import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { cx } from './class-names.ts';
import { AlertIcon, CheckCircleIcon, InfoIcon } from './icons.tsx';
import { showToast, subscribeToToasts, type ToastKind, type ToastOptions, type ToastPosition } from './toast-store.ts';

/** How long every toast stays on screen. */
export const TOAST_DURATION_MS = 3000;

interface ActiveToast extends Required<ToastOptions> {
  id: number;
}

/** What {@link useToast} returns. */
export interface ToastApi {
  show: (options: ToastOptions) => void;
}

// Only tells useToast whether a provider is mounted: the toasts themselves travel through the
// store, so React and non-React callers share one path.
const ToastContext = createContext(false);
const TOAST_API: ToastApi = { show: showToast };

const POSITIONS: readonly ToastPosition[] = ['center', 'right', 'left'];

const POSITION_CLASSES: Record<ToastPosition, string> = {
  center: 'left-1/2 -translate-x-1/2 items-center',
  right: 'right-4 items-end',
  left: 'left-4 items-start',
};

const KIND_ICONS: Record<ToastKind, { Icon: typeof InfoIcon; colour: string }> = {
  info: { Icon: InfoIcon, colour: 'text-info' },
  success: { Icon: CheckCircleIcon, colour: 'text-success' },
  error: { Icon: AlertIcon, colour: 'text-danger' },
};

function ToastItem({ message, kind }: ActiveToast) {
  const { Icon, colour } = KIND_ICONS[kind];
  return (
    <div
      role={kind === 'error' ? 'alert' : 'status'}
      className="pointer-events-auto flex items-start gap-2 rounded-xl border border-line bg-surface px-4 py-3 text-sm text-fg shadow-lg"
    >
      <Icon className={colour} />
      <span className="min-w-0 break-words">{message}</span>
    </div>
  );
}

/**
 * Shows the toasts requested through {@link useToast} or `showToast`, stacked at the top of the
 * viewport in three columns (centre, right, left). Each disappears after TOAST_DURATION_MS.
 * Error toasts are `alert`s, others polite `status` regions.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ActiveToast[]>([]);

  useEffect(() => {
    let lastId = 0;
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const unsubscribe = subscribeToToasts(({ message, kind, position = 'center' }) => {
      const id = ++lastId;
      setToasts((list) => [...list, { id, message, kind, position }]);
      const timer = setTimeout(() => {
        timers.delete(timer);
        setToasts((list) => list.filter((item) => item.id !== id));
      }, TOAST_DURATION_MS);
      timers.add(timer);
    });
    return () => {
      unsubscribe();
      timers.forEach(clearTimeout);
    };
  }, []);

  return (
    <ToastContext.Provider value={true}>
      {children}
      {createPortal(
        // aria-live on the always-mounted wrapper keeps the toasts exposed while a modal dialog
        // is open: Radix hides everything outside the dialog except [aria-live] nodes.
        <div aria-live="polite" data-toast-viewport="">
          {POSITIONS.map((position) => (
            <div
              key={position}
              data-toast-position={position}
              className={cx(
                'pointer-events-none fixed top-4 z-[60] flex w-max max-w-[calc(100vw-32px)] flex-col gap-2',
                POSITION_CLASSES[position],
              )}
            >
              {toasts
                .filter((item) => item.position === position)
                .map((item) => (
                  <ToastItem key={item.id} {...item} />
                ))}
            </div>
          ))}
        </div>,
        document.body,
      )}
    </ToastContext.Provider>
  );
}

/** Returns `{ show }` for raising toasts; must be called inside a {@link ToastProvider}. */
export function useToast(): ToastApi {
  if (!useContext(ToastContext)) throw new Error('useToast must be used inside <ToastProvider>');
  return TOAST_API;
}
