import { useEffect, useState } from 'react';

/** Typing an amount settles this long before a quote is asked for. */
export const AMOUNT_DEBOUNCE_MS = 400;

/** `value`, once it has stayed the same for `delayMs` (typing settles before a call goes out). */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
