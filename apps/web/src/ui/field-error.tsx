import { forwardRef, useEffect, useState } from 'react';
import { loadOnce } from '@/lib/load-once';

/** What the sanitiser keeps: plain HTML (SVG and MathML are off because no error message needs them). */
type Sanitize = (html: string) => string;

/**
 * DOMPurify, loaded with the first message that carries markup: most messages are plain text, and
 * the sanitiser would otherwise ride in every page's first load (28 kB).
 */
export const loadFieldSanitizer: () => Promise<Sanitize> = loadOnce(() =>
  import('dompurify').then(
    ({ default: DOMPurify }) =>
      (html: string) =>
        DOMPurify.sanitize(html, { USE_PROFILES: { html: true } }),
  ),
).load;

/** A message with a tag or an entity needs the sanitiser; any other is shown as text. */
const hasMarkup = (text: string) => /[<&]/.test(text);

/** A message's text without its tags (and without what a script or style holds), shown as text until the sanitiser is there. */
const withoutTags = (text: string) => text.replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, '').replace(/<[^>]*>/g, '');

/** The sanitised HTML of a message with markup, once the sanitiser has loaded; undefined before, and for plain text. */
function useSanitized(message: string | undefined): string | undefined {
  const [sanitized, setSanitized] = useState<{ source: string; html: string }>();
  useEffect(() => {
    if (!message || !hasMarkup(message)) return;
    let current = true;
    // Until it loads, or if it cannot, the message shows as text without its tags: never hidden.
    loadFieldSanitizer().then(
      (sanitize) => {
        if (current) setSanitized({ source: message, html: sanitize(message) });
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [message]);
  return sanitized && sanitized.source === message ? sanitized.html : undefined;
}

/** Props of {@link FieldError}. */
export interface FieldErrorProps {
  /** Referenced by the field's aria-describedby. */
  id: string;
  /** The message (may contain HTML; a line break starts a new line); nothing is shown when empty. */
  message: string | undefined;
}

/**
 * The error line under a field. Messages may carry simple markup from the server (bold, links),
 * rendered as HTML only once DOMPurify has stripped scripts, event handlers and javascript: URLs;
 * plain text is rendered as text. The element stays mounted (empty when there is no error) so its
 * polite live region already exists when a message appears and gets announced. Given a ref (to move
 * focus to the message), it takes programmatic focus only, shown by the app's focus ring.
 */
export const FieldError = forwardRef<HTMLParagraphElement, FieldErrorProps>(function FieldError({ id, message }, ref) {
  const sanitized = useSanitized(message);
  const props = {
    id,
    ref,
    tabIndex: ref ? -1 : undefined,
    'aria-live': 'polite' as const,
    className: 'mt-1.5 text-sm whitespace-pre-line text-danger empty:mt-0',
  };
  if (sanitized !== undefined) return <p {...props} dangerouslySetInnerHTML={{ __html: sanitized }} />;
  return <p {...props}>{message ? withoutTags(message) : null}</p>;
});
