/**
 * The help centre's shared rules and wire shapes (docs/rules/entities.md help entities and ticket, docs/rules/validation.md
 * support/feedback validation, docs/rules/calls.md help calls, docs/rules/limits.md constants). No zod here: the lazy widget chunk
 * reads these without bundling a schema library; the server's schemas live in `help.ts`.
 *
 * The widget speaks Zendesk's own JSON (docs/rules/calls.md: "reads data.data as JSON"): it names a Zendesk
 * API path and gets that path's JSON back as text, whichever help desk answers. Our server maps
 * each allowed path to one help-desk operation; nothing else is forwarded.
 */

/** Help-centre locales. docs/rules/calls.md names en-us and fr-fr (default en-us); zh-cn is ours, for the zh pages. */
export const HELP_LOCALES = ['en-us', 'fr-fr', 'zh-cn'] as const;
export type HelpLocale = (typeof HELP_LOCALES)[number];
export const DEFAULT_HELP_LOCALE: HelpLocale = 'en-us';

/** The help-centre locale of a page language (en, zh, fr, or anything: en-us). */
export function helpLocaleOf(language: string | undefined): HelpLocale {
  const base = (language ?? '').toLowerCase().split(/[-_]/)[0];
  if (base === 'zh') return 'zh-cn';
  if (base === 'fr') return 'fr-fr';
  return DEFAULT_HELP_LOCALE;
}

/** The label that marks the Home tab's rotating promotion cards. */
export const PROMOTION_LABEL = 'Promotion';
/** The label of the Home tab's suggested articles (ours). */
export const SUGGESTED_LABEL = 'Suggested';

/** Where a ticket came from: Zendesk custom field values (docs/rules/entities.md). */
export const HELP_TICKET_SOURCES = ['tickets_from_widget', 'feedbacks_from_widget'] as const;
export type HelpTicketSource = (typeof HELP_TICKET_SOURCES)[number];
/**
 * The id the widget gives its source custom field. Zendesk wants the field's numeric id, which
 * only the operator knows (ZENDESK_SOURCE_FIELD_ID): the server swaps this placeholder for it.
 */
export const HELP_SOURCE_FIELD = 'source';

/** docs/rules/validation.md: the message's minimum length (characters, trimmed). */
export const HELP_MESSAGE_MIN_LENGTH = 50;
/** Ours: a message's maximum length (Zendesk comments allow far more; 5,000 is a long letter). */
export const HELP_MESSAGE_MAX_LENGTH = 5000;
/** Ours: a topic's maximum length once trimmed. */
export const HELP_TOPIC_MAX_LENGTH = 150;
/** Ours: how many files one ticket may carry. */
export const HELP_MAX_ATTACHMENTS = 5;
/** docs/rules/validation.md and docs/rules/limits.md: each attachment at most 10 MB. */
export const HELP_ATTACHMENT_MAX_BYTES = 10_485_760;
/** docs/rules/validation.md: the attachment extensions allowed (lower case, no dot). */
export const HELP_ATTACHMENT_EXTENSIONS = [
  'jpg',
  'jpeg',
  'png',
  'gif',
  'bmp',
  'svg',
  'webp',
  'tif',
  'tiff',
  'ico',
  'heic',
  'heif',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'ppt',
  'pptx',
  'txt',
  'rtf',
  'pdf',
  'odt',
  'ods',
  'odp',
  'json',
  'md',
  'csv',
  'zip',
  'rar',
  '7z',
  'tar',
  'gz',
  'bz2',
] as const;
/** docs/rules/calls.md: an upload's name when none is given. */
export const DEFAULT_ATTACHMENT_NAME = 'attachment';
/** docs/rules/calls.md: who an upload is from when the widget does not say. */
export const DEFAULT_UPLOAD_AUTHOR = 'Anonymous From Widget';

/** The extension of a file name, lower case, without the dot ('' when none). */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 || dot === name.length - 1 ? '' : name.slice(dot + 1).toLowerCase();
}

/** True when a file name ends in one of docs/rules/validation.md's attachment extensions. */
export const isAllowedAttachmentName = (name: string): boolean =>
  (HELP_ATTACHMENT_EXTENSIONS as readonly string[]).includes(fileExtension(name));

/** A plain email check: one @, something on both sides, a dot in the domain, no spaces. */
export const HELP_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isValidHelpEmail = (value: string): boolean => value.length <= 254 && HELP_EMAIL_PATTERN.test(value.trim());

/** docs/rules/entities.md: the requester's name is the part of the email before the @. */
export const requesterNameOf = (email: string): string => email.trim().split('@')[0] ?? '';

/** docs/rules/validation.md: the subject of a ticket: the topic, or 'Ticket From {email}'; feedback is always 'Feedback/Suggest From {email}'. */
export function ticketSubject(source: HelpTicketSource, email: string, topic?: string): string {
  if (source === 'feedbacks_from_widget') return `Feedback/Suggest From ${email.trim()}`;
  const trimmed = (topic ?? '').trim();
  return trimmed === '' ? `Ticket From ${email.trim()}` : trimmed;
}

/** The docs/rules/validation.md error key of a support/feedback field, or null when it is valid. */
export type HelpFieldError = 'emailrequired' | 'invalidemail' | 'msgrequired' | 'msgtooshort' | 'msgtoolong' | 'topictoolong';
export function helpEmailError(value: string): HelpFieldError | null {
  if (value.trim() === '') return 'emailrequired';
  return isValidHelpEmail(value) ? null : 'invalidemail';
}
export function helpMessageError(value: string): HelpFieldError | null {
  const trimmed = value.trim();
  if (trimmed === '') return 'msgrequired';
  if (trimmed.length < HELP_MESSAGE_MIN_LENGTH) return 'msgtooshort';
  return trimmed.length > HELP_MESSAGE_MAX_LENGTH ? 'msgtoolong' : null;
}
export const helpTopicError = (value: string): HelpFieldError | null =>
  value.trim().length > HELP_TOPIC_MAX_LENGTH ? 'topictoolong' : null;

/** The docs/rules/validation.md error key of an attachment ('filetype', 'filesize'; ours, 'fileempty'), or null when it may be sent. */
export function attachmentError(file: { name: string; size: number }): 'filetype' | 'filesize' | 'fileempty' | null {
  if (!isAllowedAttachmentName(file.name)) return 'filetype';
  if (file.size <= 0) return 'fileempty';
  return file.size > HELP_ATTACHMENT_MAX_BYTES ? 'filesize' : null;
}

/**
 * The Zendesk paths the widget may name (relative to the help desk's host). Ids are digits.
 * `{locale}` is one of HELP_LOCALES.
 */
export const HELP_DESK_URLS = {
  /** GET, params label_names (comma separated; the Promotion label for the cards): articles carrying a label. */
  articlesByLabel: (locale: HelpLocale) => `/api/v2/help_center/${locale}/articles.json`,
  /** GET, params query and locale: a full-text search. */
  search: '/api/v2/help_center/articles/search.json',
  /** GET: the help centre's sections. */
  sections: (locale: HelpLocale) => `/api/v2/help_center/${locale}/sections.json`,
  /** GET: one section's articles. */
  sectionArticles: (locale: HelpLocale, sectionId: number) => `/api/v2/help_center/${locale}/sections/${sectionId}/articles.json`,
  /** GET: one article. */
  article: (locale: HelpLocale, articleId: number) => `/api/v2/help_center/${locale}/articles/${articleId}.json`,
  /** POST, params {request: {...}}: create a support or feedback request. */
  createRequest: '/api/v2/requests.json',
  /** POST multipart (zendesk/forward/file): upload an attachment, answering its token. */
  upload: '/api/v2/uploads.json',
} as const;

// The JSON inside `data.data`, as Zendesk shapes it (only the fields the widget reads).

/** A Help Center article (docs/rules/entities.md: id, title, body HTML, updatedAt). `body` is sanitised HTML. */
export interface HelpArticleJson {
  id: number;
  title: string;
  body: string;
  updated_at: string;
  section_id: number | null;
  label_names: string[];
  html_url: string;
  locale: string;
}
/** A search hit (docs/rules/entities.md: id, title). `snippet` is plain text. */
export interface HelpSearchResultJson {
  id: number;
  title: string;
  snippet: string;
  section_id: number | null;
  html_url: string;
  updated_at: string;
}
/** A section (docs/rules/entities.md: id, name). */
export interface HelpSectionJson {
  id: number;
  name: string;
  description: string;
  position: number;
}
export interface HelpArticlesPayload {
  articles: HelpArticleJson[];
}
export interface HelpArticlePayload {
  article: HelpArticleJson;
}
export interface HelpSearchPayload {
  results: HelpSearchResultJson[];
  count: number;
}
export interface HelpSectionsPayload {
  sections: HelpSectionJson[];
}
/** requests.json's answer (docs/rules/entities.md: response id and status). */
export interface HelpRequestPayload {
  request: { id: number; status: string; subject: string };
}
/** uploads.json's answer: the token a request names under comment.uploads. */
export interface HelpUploadPayload {
  upload: { token: string; attachment: { file_name: string; size: number; content_type: string } };
}

/** What the widget posts to requests.json (Zendesk's Requests API body, docs/rules/entities.md ticket). */
export interface HelpCreateRequestParams {
  request: {
    subject: string;
    comment: { body: string; uploads?: string[] };
    requester: { name: string; email: string };
    custom_fields: { id: number | string; value: HelpTicketSource }[];
  };
}

/**
 * The DOMPurify allow-list for article HTML (docs/trust.md), applied by the server when it stores or
 * receives an article and by the widget again when it renders one. Text formatting, lists,
 * tables, links and images; no scripts, styles, forms, frames, SVG or MathML, no event handlers.
 */
export const HELP_HTML_POLICY = {
  ALLOWED_TAGS: [
    'p',
    'br',
    'hr',
    'h2',
    'h3',
    'h4',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'code',
    'pre',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'span',
    'div',
  ],
  ALLOWED_ATTR: ['href', 'title', 'alt', 'src', 'colspan', 'rowspan', 'target', 'rel'],
  /**
   * Links and images: https, http, mailto, or a path on the same site; never javascript: or
   * data:. A path may not start "//" or "/\\": browsers read both as another host. (DOMPurify
   * drops whitespace before it tests, so "/\t/host" is "//host" here too.) No "#" links: ids are
   * not kept, so they lead nowhere, and opened in a new tab they would open the checkout again.
   */
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|\/(?![/\\]))/i,
  ALLOW_DATA_ATTR: false,
} as const;

/** What DOMPurify strips from a URI before it tests it (its ATTR_WHITESPACE, control characters included). */
// eslint-disable-next-line no-control-regex -- control characters are exactly what it matches
const URI_WHITESPACE = /[\u0000-\u0020\u00A0\u1680\u180E\u2000-\u2029\u205F\u3000]/g;

/**
 * Whether a URI passes HELP_HTML_POLICY as DOMPurify tests it. DOMPurify lets data: through on
 * <img src> whatever the policy says: both sanitisers' hooks ask this of every src.
 */
export const isAllowedHelpUri = (value: string): boolean => HELP_HTML_POLICY.ALLOWED_URI_REGEXP.test(value.replace(URI_WHITESPACE, ''));

/** Every link opens in a new tab without handing the opener over (docs/trust.md). */
export const HELP_LINK_TARGET = { target: '_blank', rel: 'noopener noreferrer' } as const;
