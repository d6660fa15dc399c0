import { useEffect, useState } from 'react';

/** Whole seconds from now until `end` (ms since the epoch), never below 0; null for no time. */
const secondsUntil = (end: number): number | null => (Number.isFinite(end) ? Math.max(0, Math.ceil((end - Date.now()) / 1000)) : null);

/**
 * The seconds left until `until` (an ISO time), counted down once a second and stopping at 0; null
 * when `until` is not a time. Read from the device's clock each tick, so a tab the browser slowed
 * down shows the right time again at its next tick (the server's own clock decides what counts).
 */
export function useSecondsLeft(until: string): number | null {
  const end = Date.parse(until);
  const [left, setLeft] = useState(() => secondsUntil(end));
  useEffect(() => {
    const tick = () => {
      const now = secondsUntil(end);
      setLeft(now);
      return now;
    };
    if (!tick()) return;
    const timer = setInterval(() => {
      if (!tick()) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [end]);
  return left;
}
