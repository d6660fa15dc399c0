import { useEffect, useState } from 'react';

/**
 * `value` once it has stayed the same for `delayMs`; undefined until then (the first value waits too). What the
 * question detail is fetched with (spec §9: debounced 500 ms), so a quick run of changes (the ids arriving, the
 * language switched back and forth) asks once.
 */
export function useDebouncedValue<T>(value: T, delayMs: number): T | undefined {
  const [settled, setSettled] = useState<T>();
  useEffect(() => {
    const timer = setTimeout(() => setSettled(() => value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
