import { afterEach, beforeEach } from 'vitest';
import { subscribeToToasts, type ToastOptions } from '@/ui';

/**
 * Collects every toast shown during each test of the calling file: the array is emptied before
 * each test and stops listening after it. Call once at the top level of a test file.
 */
export function captureToasts(): ToastOptions[] {
  const toasts: ToastOptions[] = [];
  let unsubscribe = () => {};
  beforeEach(() => {
    toasts.length = 0;
    unsubscribe = subscribeToToasts((toast) => toasts.push(toast));
  });
  afterEach(() => unsubscribe());
  return toasts;
}
