import { useEffect, useState } from 'react';

/** How long "Copied" stays after a copy. */
export const COPIED_MS = 2000;

/**
 * Copying a value to the clipboard: `canCopy` where the browser offers the clipboard (the button is shown
 * only then), `copy()` writes it, and `copied` is true for COPIED_MS after a copy that worked (what the
 * "Copied" status line says).
 */
export function useCopy(value: string): { canCopy: boolean; copied: boolean; copy: () => void } {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const canCopy = typeof navigator !== 'undefined' && Boolean(navigator.clipboard);
  const copy = () =>
    void navigator.clipboard.writeText(value).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  return { canCopy, copied, copy };
}
