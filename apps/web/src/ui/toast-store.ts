/**
 * A tiny emitter between code that wants a toast and the mounted ToastProvider. It has no React
 * import so non-React code (the HTTP client) can raise toasts without pulling in the UI.
 */

/** Colour, icon and live-region politeness of a toast. */
export type ToastKind = 'info' | 'success' | 'error';

/** Where a toast appears along the top of the viewport. */
export type ToastPosition = 'center' | 'right' | 'left';

/** One toast request. */
export interface ToastOptions {
  message: string;
  kind: ToastKind;
  /** Default 'center'. */
  position?: ToastPosition;
}

/** Receives every toast request; registered by {@link subscribeToToasts}. */
export type ToastListener = (toast: ToastOptions) => void;

const listeners = new Set<ToastListener>();

/**
 * Shows a toast in every mounted ToastProvider. A request made while no provider is mounted is
 * dropped: the provider sits at the app root, so that only happens before the first render.
 */
export function showToast(options: ToastOptions): void {
  listeners.forEach((listener) => listener(options));
}

/** Registers a listener for toast requests; returns the function that unregisters it. */
export function subscribeToToasts(listener: ToastListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The emitter as one object, for callers that prefer `toast.show({ message, kind })`. */
export const toast = { show: showToast, subscribe: subscribeToToasts } as const;
