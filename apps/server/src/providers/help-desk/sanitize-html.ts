// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- a type-only ambient module: every project compiling this file (server, bench) needs it, and an import would load it at run time
/// <reference path="../../types/jsdom.d.ts" />
import { HELP_HTML_POLICY, HELP_LINK_TARGET, isAllowedHelpUri } from '@causeway/contracts';
import { createRequire } from 'node:module';
import createDOMPurify, { type DOMPurify } from 'dompurify';
import type { JSDOM as JsdomClass } from 'jsdom';

// jsdom (CommonJS) is required on first use, not imported: it costs ~150 ms to load, which
// every server start and test file would pay though most never sanitise anything.
const require = createRequire(import.meta.url);
let jsdom: JsdomClass | undefined;
/** The one jsdom window, made on first use: DOMPurify runs over it and textOfHtml parses in it. */
const jsdomWindow = (): JsdomClass['window'] => {
  if (!jsdom) {
    const { JSDOM } = require('jsdom') as { JSDOM: typeof JsdomClass };
    jsdom = new JSDOM('');
  }
  return jsdom.window;
};

let purifier: DOMPurify | undefined;

/** One DOMPurify over the jsdom window, made on first use. */
function purify(): DOMPurify {
  if (purifier) return purifier;
  const made = createDOMPurify(jsdomWindow() as unknown as Parameters<typeof createDOMPurify>[0]);
  // Every surviving link opens in a new tab without handing the opener over (docs/trust.md).
  made.addHook('afterSanitizeAttributes', (node) => {
    // DOMPurify lets data: URIs through on images whatever the policy says; it allows none.
    const src = node.getAttribute('src');
    if (src !== null && !isAllowedHelpUri(src)) node.removeAttribute('src');
    if (node.tagName === 'A') {
      if (node.hasAttribute('href')) {
        node.setAttribute('target', HELP_LINK_TARGET.target);
        node.setAttribute('rel', HELP_LINK_TARGET.rel);
      } else {
        node.removeAttribute('target');
        node.removeAttribute('rel');
      }
    } else {
      node.removeAttribute('target');
      node.removeAttribute('rel');
    }
  });
  purifier = made;
  return made;
}

/**
 * An article body made safe to store and to send (docs/trust.md): DOMPurify with the help centre's
 * allow-list (HELP_HTML_POLICY), links forced to a new tab with rel="noopener noreferrer".
 * The widget sanitises again when it renders, with the same policy.
 */
export function sanitizeArticleHtml(html: string): string {
  return purify().sanitize(html, {
    ALLOWED_TAGS: [...HELP_HTML_POLICY.ALLOWED_TAGS],
    ALLOWED_ATTR: [...HELP_HTML_POLICY.ALLOWED_ATTR],
    ALLOWED_URI_REGEXP: HELP_HTML_POLICY.ALLOWED_URI_REGEXP,
    ALLOW_DATA_ATTR: HELP_HTML_POLICY.ALLOW_DATA_ATTR,
  });
}

/** Plain text of an HTML fragment, whitespace collapsed (search snippets). */
export function textOfHtml(html: string): string {
  const container = jsdomWindow().document.createElement('div');
  // A block's end is a word break in the text ("<h2>Fees</h2><p>We" reads "Fees We").
  container.innerHTML = sanitizeArticleHtml(html).replace(/<\/(?:p|h2|h3|h4|li|div|td|th|blockquote|pre)>|<br\s*\/?>/gi, '$& ');
  return (container.textContent ?? '').replace(/\s+/g, ' ').trim();
}
