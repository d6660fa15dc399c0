/** The order pages' links: a plain text link, and a link that looks like the white GradientButton. */
export const textLinkClass = 'text-center text-sm font-medium text-primary underline-offset-4 hover:underline';
export const buttonLinkClass =
  'inline-flex min-h-12 w-full items-center justify-center rounded-xl border border-line bg-surface px-5 text-base font-semibold text-fg shadow-sm transition hover:bg-surface-2';
