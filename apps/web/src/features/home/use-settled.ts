import { useEffect, useState } from 'react';

/**
 * How long typing rests before the price is asked: the trade form's AMOUNT_DEBOUNCE_MS
 * (features/trade/components/trade-form.tsx), which a feature may not import.
 */
export const AMOUNT_DEBOUNCE_MS = 400;

/** `value`, once it has stayed the same for `delayMs`. */
export function useSettled<T>(value: T, delayMs: number = AMOUNT_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
