import { type ComponentType, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadOnce } from '@/lib/load-once';
import { showToast } from './toast-store.ts';
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
 * without a trigger renders nothing. A chunk that fails to arrive while the person opened the dialog
 * tells them so (a toast): the dialog stays unshown, and opening it again asks again.
 */
export function LazyDialogShell(props: DialogShellProps) {
  const opened = Boolean(props.open || props.defaultOpen);
  const needed = opened || Boolean(props.trigger);
  const { t } = useTranslation();
  const [Shell, setShell] = useState(dialogShell.loaded);
  useEffect(() => {
    if (Shell) return;
    if (!needed) return whenIdle(() => void loadDialogShell().catch(() => undefined));
    let live = true;
    loadDialogShell().then(
      (Loaded) => live && setShell(() => Loaded),
      () => {
        if (live && opened) showToast({ message: t('ui.dialog.unavailable'), kind: 'error' });
      },
    );
    return () => {
      live = false;
    };
  }, [needed, opened, Shell, t]);
  if (!needed) return null;
  return Shell ? <Shell {...props} /> : (props.trigger ?? null);
}
