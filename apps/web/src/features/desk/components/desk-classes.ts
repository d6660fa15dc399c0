/** The desk's looks, in the app's colour tokens (so dark mode follows). */
export const cardClass = 'flex min-w-0 flex-col gap-3 rounded-2xl border border-line bg-surface p-4 sm:p-5';
export const titleClass = 'text-lg font-semibold text-fg';
export const itemClass = 'flex min-w-0 flex-col gap-2 rounded-xl border border-line bg-bg p-3';
/** A small action (a page, a filter): at least 40 px tall, for a finger. */
export const smallButtonClass =
  'inline-flex min-h-10 items-center justify-center rounded-lg border border-line bg-surface px-3 text-sm font-medium text-fg hover:bg-surface-2 focus-visible:ring-2 focus-visible:ring-focus focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-60';
export const dangerButtonClass = smallButtonClass.replace('text-fg', 'text-danger');
/** An id, a code, an amount: monospace, wrapped anywhere so it fits 360 px. */
export const codeClass = 'font-mono text-sm break-all text-fg';
export const linkClass =
  'text-sm font-medium text-primary underline-offset-2 hover:underline focus-visible:ring-2 focus-visible:ring-focus focus-visible:outline-none';
