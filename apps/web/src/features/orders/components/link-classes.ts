/** The order pages' links: a plain text link, and a link that looks like the white GradientButton. */
export const textLinkClass = 'text-center text-sm font-medium text-primary underline-offset-4 hover:underline';
export const buttonLinkClass =
  'inline-flex min-h-12 w-full items-center justify-center rounded-xl border border-line bg-surface px-5 text-base font-semibold text-fg shadow-sm transition hover:bg-surface-2';
/** A small outlined link beside a heading (the dashboard's Deposit): 44 px high, a finger's target. */
export const pillLinkClass =
  'inline-flex min-h-11 shrink-0 items-center justify-center rounded-xl border border-primary px-4 text-sm font-semibold text-primary transition hover:bg-surface-2';
/** A link that looks like the primary GradientButton: the one way on from a page's state (Go to verification). */
export const primaryLinkClass =
  'inline-flex min-h-12 w-full items-center justify-center rounded-xl bg-linear-to-r from-primary to-primary-2 px-5 text-base font-semibold text-on-primary shadow-sm transition hover:brightness-110';
