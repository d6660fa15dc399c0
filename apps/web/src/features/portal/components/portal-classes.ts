/** The portal pages' shared looks: a section's card and its title, links styled as buttons. */
export const cardClass = 'flex flex-col gap-3 rounded-2xl border border-line bg-surface p-5';
export const sectionTitleClass = 'text-lg font-semibold text-fg';
/** A link that looks like the primary GradientButton: a page's one way on. */
export const primaryLinkClass =
  'inline-flex min-h-12 w-full items-center justify-center rounded-xl bg-linear-to-r from-primary to-primary-2 px-5 text-base font-semibold text-on-primary shadow-sm transition hover:brightness-110 focus-visible:ring-2 focus-visible:ring-focus focus-visible:outline-none';
/** A link that looks like the outlined button: a second way on. */
export const outlineLinkClass =
  'inline-flex min-h-11 items-center justify-center rounded-xl border border-primary px-4 text-sm font-semibold text-primary transition hover:bg-surface-2 focus-visible:ring-2 focus-visible:ring-focus focus-visible:outline-none';
const textLink =
  'rounded text-sm font-medium underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-focus focus-visible:outline-none';
/** A plain text link. */
export const textLinkClass = `${textLink} text-primary`;
/** A plain text link that takes something away (Remove). */
export const dangerTextLinkClass = `${textLink} text-danger`;
