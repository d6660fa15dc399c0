import DOMPurify from 'dompurify';
import type { Ref } from 'react';

/**
 * Error messages may carry simple markup from the server (bold, links), so they are rendered as
 * HTML; DOMPurify strips scripts, event handlers and javascript: URLs first. SVG and MathML are
 * off because no error message needs them.
 */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true } });
}

/** Props of {@link FieldError}. */
export interface FieldErrorProps {
  /** Referenced by the field's aria-describedby. */
  id: string;
  /** The message (may contain HTML; a line break starts a new line); nothing is shown when empty. */
  message: string | undefined;
  /** Set to move focus to the message (it then takes programmatic focus only, shown by the app's focus ring). */
  ref?: Ref<HTMLParagraphElement>;
}

/**
 * The sanitised error line under a field. The element stays mounted (empty when there is no
 * error) so its polite live region already exists when a message appears and gets announced.
 */
export function FieldError({ id, message, ref }: FieldErrorProps) {
  return (
    <p
      id={id}
      ref={ref}
      tabIndex={ref ? -1 : undefined}
      aria-live="polite"
      className="mt-1.5 text-sm whitespace-pre-line text-danger empty:mt-0"
      dangerouslySetInnerHTML={{ __html: message ? sanitizeHtml(message) : '' }}
    />
  );
}
