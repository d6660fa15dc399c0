import { escapeHtml, FAVICON_LINK } from '../../platform/html.ts';
import { LEGAL_DOCUMENTS, LEGAL_LANGUAGES, LEGAL_TEXTS, LEGAL_UPDATED, type LegalDocument, type LegalLanguage } from './legal-content.ts';

/** Where a built-in legal page lives: /en/legal/terms. */
export const legalPagePath = (language: LegalLanguage, document: LegalDocument): string => `/${language}/legal/${document}`;

// System colours follow the reader's light or dark scheme; one column, readable at 360 px.
const STYLE = `body{font-family:system-ui,sans-serif;margin:0;padding:16px;background:Canvas;color:CanvasText;line-height:1.6}
header,main{max-width:46rem;margin:0 auto}header nav{display:flex;flex-wrap:wrap;gap:.25rem 1rem;align-items:center;padding-bottom:.75rem;border-bottom:1px solid GrayText}
a{color:LinkText;text-underline-offset:.15em}a[aria-current=page]{color:inherit;font-weight:600;text-decoration:none}.brand{font-weight:700;margin-right:auto}
h1{font-size:1.75rem;line-height:1.25;margin:1.25rem 0 .25rem}h2{font-size:1.2rem;margin:1.75rem 0 .25rem}.meta{margin:0 0 1rem;font-size:.95rem}
.note{border-left:4px solid GrayText;padding:.25rem .75rem;margin:1rem 0}p{overflow-wrap:anywhere}
.contents ol{padding-left:1.25rem;margin:.25rem 0}.contents h2{font-size:1rem;margin:1rem 0 0}`;

/** A paragraph's text, escaped, with its `[label](privacy)` links to the other legal pages of the language. */
function paragraphHtml(text: string, language: LegalLanguage): string {
  return escapeHtml(text).replace(
    /\[([^\]]+)\]\((terms|privacy|cookies)\)/g,
    (_match, label: string, document: LegalDocument) => `<a href="${legalPagePath(language, document)}">${label}</a>`,
  );
}

/**
 * One of the default legal pages (terms, privacy, cookies) in `language`: plain HTML, no script,
 * with links to the other two, to the same page in the other language, and to the checkout.
 */
export function renderLegalPage(language: LegalLanguage, document: LegalDocument): string {
  const texts = LEGAL_TEXTS[language];
  const text = texts.documents[document];
  const documentLinks = LEGAL_DOCUMENTS.map(
    (other) =>
      `<a href="${legalPagePath(language, other)}"${other === document ? ' aria-current="page"' : ''}>${escapeHtml(texts.documents[other].title)}</a>`,
  ).join('');
  const languageLinks = LEGAL_LANGUAGES.filter((other) => other !== language)
    .map(
      (other) =>
        `<a href="${legalPagePath(other, document)}" hreflang="${LEGAL_TEXTS[other].lang}" lang="${LEGAL_TEXTS[other].lang}">${escapeHtml(LEGAL_TEXTS[other].languageName)}</a>`,
    )
    .join('');
  const contents = text.sections.map((section) => `<li><a href="#${section.id}">${escapeHtml(section.heading)}</a></li>`).join('');
  const sections = text.sections
    .map(
      (section) =>
        `<section id="${section.id}" aria-labelledby="${section.id}-title"><h2 id="${section.id}-title">${escapeHtml(section.heading)}</h2>${section.paragraphs.map((p) => `<p>${paragraphHtml(p, language)}</p>`).join('')}</section>`,
    )
    .join('\n');
  return `<!doctype html><html lang="${texts.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">${FAVICON_LINK}<title>${escapeHtml(text.title)} · Causeway</title><style>${STYLE}</style></head>
<body><header><nav aria-label="${escapeHtml(texts.legalNav)}"><a class="brand" href="/${language}">${escapeHtml(texts.home)}</a>${documentLinks}${languageLinks}</nav></header>
<main><h1>${escapeHtml(text.title)}</h1><p class="meta">${escapeHtml(texts.updated(LEGAL_UPDATED))}</p>
<p class="note">${escapeHtml(texts.defaultNote)}</p><p>${escapeHtml(text.intro)}</p>
<nav class="contents" aria-labelledby="contents-title"><h2 id="contents-title">${escapeHtml(texts.contents)}</h2><ol>${contents}</ol></nav>
${sections}</main></body></html>`;
}
