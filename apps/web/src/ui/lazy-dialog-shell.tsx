import { type ComponentType, useEffect, useState } from 'react';
import { loadOnce } from '@/lib/load-once';
import type { DialogShellProps } from './dialog-shell.tsx';

/**
 * Radix's dialog is its own chunk (some 12 kB of brotli with its focus trap and scroll lock): no page
 * shows a dialog on arrival, so no first load carries it (issue 16's budgets). Modal and Sheet fetch
 * it when they open; one that sits closed on a page fetches it once the page is idle, so that opening
 * it usually finds it there.
 */
const dialogShell = loadOnce<ComponentType<DialogShellProps>>(() => import('./dialog-shell.tsx').then((module) => module.DialogShell));

/** Fetches the dialog chunk once; after a failure the next call tries again. */
export const loadDialogShell = dialogShell.load;

/** Runs `task` when the browser has nothing else to do (or after a while where it cannot say). */
function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task, { timeout: 5_000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(task, 2_000);
  return () => clearTimeout(id);
}

/**
 * DialogShell once its chunk is there: at once when it already is, else as soon as it arrives. A
 * dialog shows when it is open, or shows its trigger (as it is while the chunk arrives); a closed one
 * without a trigger renders nothing. A chunk that fails to arrive leaves the dialog unshown; opening
 * it again asks again.
 */
export function LazyDialogShell(props: DialogShellProps) {
  const needed = Boolean(props.open || props.defaultOpen || props.trigger);
  const [Shell, setShell] = useState(dialogShell.loaded);
  useEffect(() => {
    if (Shell) return;
    if (!needed) return whenIdle(() => void loadDialogShell().catch(() => undefined));
    let live = true;
    loadDialogShell().then(
      (Loaded) => live && setShell(() => Loaded),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [needed, Shell]);
  if (!needed) return null;
  return Shell ? <Shell {...props} /> : (props.trigger ?? null);
}
