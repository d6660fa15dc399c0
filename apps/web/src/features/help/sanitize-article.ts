import { HELP_HTML_POLICY, HELP_LINK_TARGET, isAllowedHelpUri } from '@causeway/contracts';
import DOMPurify, { type Config, type DOMPurify as Purifier } from 'dompurify';

/**
 * Article HTML is sanitised by the server, and again here before it is rendered (trust.md): the
 * widget never trusts a help desk's HTML on the server's word alone. Same allow-list on both
 * sides (HELP_HTML_POLICY): no scripts, styles, forms, frames, SVG or MathML, no event
 * handlers, links and images only to https, http, mailto or this site.
 */
const CONFIG: Config = {
  ALLOWED_TAGS: [...HELP_HTML_POLICY.ALLOWED_TAGS],
  ALLOWED_ATTR: [...HELP_HTML_POLICY.ALLOWED_ATTR],
  ALLOWED_URI_REGEXP: HELP_HTML_POLICY.ALLOWED_URI_REGEXP,
  ALLOW_DATA_ATTR: HELP_HTML_POLICY.ALLOW_DATA_ATTR,
};

let purifier: Purifier | undefined;

/**
 * An instance of our own: DOMPurify hooks are per instance, and the shared one also cleans the
 * forms' error messages (ui/field-error), whose links must not change.
 */
function articlePurifier(): Purifier {
  if (purifier) return purifier;
  purifier = DOMPurify(window);
  // Every link opens in a new tab without handing this page to it (window.opener), whatever the
  // article said: the checkout stays where it was, and the other site cannot steer it.
  purifier.addHook('afterSanitizeAttributes', (node) => {
    // DOMPurify lets data: URIs through on images whatever the policy says; it allows none.
    const src = node.getAttribute('src');
    if (src !== null && !isAllowedHelpUri(src)) node.removeAttribute('src');
    if (node.tagName === 'A') {
      node.setAttribute('target', HELP_LINK_TARGET.target);
      node.setAttribute('rel', HELP_LINK_TARGET.rel);
    }
  });
  return purifier;
}

/** An article's body as HTML that is safe to render (see above). */
export function sanitizeArticle(html: string): string {
  return articlePurifier().sanitize(html, CONFIG);
}

/**
 * The opening words of an article as plain text (a promotion card's teaser). Parsed in an inert
 * document: nothing in it runs or loads.
 */
export function articleExcerpt(html: string, maxLength = 140): string {
  const text = (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '').replace(/\s+/g, ' ').trim();
  return text.length <= maxLength ? text : `${text.slice(0, maxLength - 1).trimEnd()}…`;
}
