import { HELP_HTML_POLICY, HELP_LINK_TARGET, isAllowedHelpUri } from '@causeway/contracts';
import DOMPurify, { type Config, type DOMPurify as Purifier } from 'dompurify';

/**
 * Article HTML is sanitised by the server, and again here before it is rendered (docs/trust.md): the
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

/** Options of {@link sanitizeArticle}. */
export interface SanitizeArticleOptions {
  /**
   * The level of the heading the article sits under (its title's). The article's own headings
   * move below it, its highest becoming one level lower: a help desk writes its sections as h2
   * for a page of its own, and under the widget's h3 title they would break the outline.
   */
  headingsBelow?: number;
}

/** An article's body as HTML that is safe to render (see above). */
export function sanitizeArticle(html: string, { headingsBelow }: SanitizeArticleOptions = {}): string {
  const safe = articlePurifier().sanitize(html, CONFIG);
  return headingsBelow === undefined ? safe : moveHeadingsBelow(safe, headingsBelow);
}

const HEADINGS = 'h1, h2, h3, h4, h5, h6';

/**
 * Renames every heading of already sanitised HTML so the highest is h(level + 1), keeping the
 * steps between them (at most h6). Parsed in a template: an inert document, where nothing loads.
 */
function moveHeadingsBelow(html: string, level: number): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  const headings = [...template.content.querySelectorAll(HEADINGS)];
  if (headings.length === 0) return html;
  const highest = Math.min(...headings.map(levelOf));
  const shift = level + 1 - highest;
  for (const heading of headings) {
    const moved = document.createElement(`h${Math.min(levelOf(heading) + shift, 6)}`);
    for (const attribute of heading.attributes) moved.setAttribute(attribute.name, attribute.value);
    moved.append(...heading.childNodes);
    heading.replaceWith(moved);
  }
  return template.innerHTML;
}

const levelOf = (heading: Element): number => Number(heading.tagName.slice(1));

/**
 * The opening words of an article as plain text (a promotion card's teaser). Parsed in an inert
 * document: nothing in it runs or loads.
 */
export function articleExcerpt(html: string, maxLength = 140): string {
  const text = (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '').replace(/\s+/g, ' ').trim();
  return text.length <= maxLength ? text : `${text.slice(0, maxLength - 1).trimEnd()}…`;
}
