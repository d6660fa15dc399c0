import { DEFAULT_ATTACHMENT_NAME, DEFAULT_HELP_LOCALE, HELP_DESK_URLS, HELP_LOCALES, type HelpLocale } from '@causeway/contracts';
import {
  type CreatedHelpRequest,
  type HelpArticle,
  HelpDeskInputError,
  type HelpDeskProvider,
  HelpDeskUnavailableError,
  type HelpSearchResult,
  type HelpSection,
  type HelpUpload,
} from './help-desk.ts';
import { sanitizeArticleHtml, textOfHtml } from './sanitize-html.ts';

/**
 * Zendesk adapter of the help desk: the Help Center API for articles, sections and search, the
 * Requests API for tickets and the Attachments API for their files. Which documentation page each
 * part follows (developer.zendesk.com/api-reference/…):
 *
 * - Locales: our help-centre locales (HELP_LOCALES) become Zendesk's own locale codes, ZENDESK_LOCALES
 *   below, in every Help Center path and in search's `locale`. The codes are those of Zendesk's list of
 *   supported languages, https://support.zendesk.com/hc/en-us/articles/4408821324826-Zendesk-language-support-by-product
 *   ("Main languages": en-us English (United States), fr French, zh-cn Simplified Chinese), whose help
 *   centre column is https://support.zendesk.com/hc/en-us/articles/4408830359450 (Zendesk product support
 *   by language). French is `fr` there: our `fr-fr` is not in the list. The account must enable each
 *   language in its help centre (Guide > Settings > Language settings), else Zendesk answers 404.
 * - Authentication: introduction/security-and-auth — API token basic auth, the user name being
 *   `{email}/token` and the password the token (`-u {email_address}/token:{api_token}` in every
 *   code sample). The token is an admin credential: it travels only in the Authorization header
 *   and is cut out of any text that reaches an error.
 * - articlesByLabel: help_center/help-center-api/articles "List Articles by Locale",
 *   GET /api/v2/help_center/{locale}/articles.json with `label_names` (comma separated, at most
 *   10, case-sensitive, and an article must carry ALL of them: "label_names=photos,camera returns
 *   all articles that have both"), `sort_by=updated_at&sort_order=desc` (Sorting) and
 *   `per_page=30` (introduction/pagination, offset pagination). We filter the answer again for
 *   every label (labels past the tenth, and plans where labels are not available).
 * - search: help_center/help-center-api/search "Search Articles",
 *   GET /api/v2/help_center/articles/search.json?query=…&locale=…&per_page=25, sorted by relevance
 *   by default. Each hit is an article plus `result_type` and `snippet`, HTML with the matched
 *   words in <em></em>: we answer its plain text. An unknown locale searches the account's default
 *   locale instead (documented), so the locale is checked here first.
 * - sections: help_center/help-center-api/sections "List Sections by Locale",
 *   GET /api/v2/help_center/{locale}/sections.json?sort_by=position&sort_order=asc&per_page=100.
 * - sectionArticles: articles "List Articles in Section by Locale",
 *   GET /api/v2/help_center/{locale}/sections/{section_id}/articles.json, with sort_by=position
 *   and sort_order=asc because without them "articles will be returned in the order defined on the
 *   section itself" (which may be by title or date). 404: the section does not exist.
 * - article: articles "Show Article by Locale", GET /api/v2/help_center/{locale}/articles/{id}.json;
 *   a 404 in another locale asks again in en-us (the interface's fallback), a 404 there is null.
 * - upload: ticketing/tickets/ticket-attachments "Upload Files", POST /api/v2/uploads.json?filename=…
 *   (anonymous, like the request that names it, see createRequest)
 *   with the file's bytes as the body and its MIME type as Content-Type, answering 201
 *   {upload: {token, attachment: {file_name, size, content_type, …}}}. The API takes no author: an
 *   upload belongs to the comment that names its token, so to the requester (our
 *   DEFAULT_UPLOAD_AUTHOR, 'Anonymous From Widget', only names uploads in the built-in desk). The
 *   page says an upload token "is valid for 60 minutes".
 * - createRequest: ticketing/tickets/ticket-requests "Create Request", POST /api/v2/requests.json
 *   {request: {subject, comment: {body, uploads}, requester: {name, email}, custom_fields}},
 *   answering 201 {request: {id, status, subject, …}}. The page says "admins and agents are
 *   treated as end users" on this endpoint, so a request made with our token would be the
 *   agent's own; `requester` is "required for anonymous requests", the documented way to file one
 *   for someone else. So requests, and the uploads they name, go WITHOUT our credentials, as
 *   Zendesk's own web widget sends them; the account needs "Anybody can submit tickets" on and
 *   "Require authentication for request and uploads APIs" off (Admin Center > People > Configuration >
 *   End users, https://support.zendesk.com/hc/en-us/articles/4408883052442), else Zendesk answers
 *   401/403 and we say so. Zendesk's CAPTCHA needs nothing of ours: it is always on and cannot be
 *   turned off, and guards the help centre's own pages (/hc/…/requests/new, sign-in, sign-up), not
 *   these API calls (https://support.zendesk.com/hc/en-us/articles/4408839088794-About-CAPTCHA-and-CAPTCHA-FAQs).
 *   "Ask users to register" must stay off too: with it, the request of a requester who has not
 *   verified their email is suspended (https://support.zendesk.com/hc/en-us/articles/4408893912986).
 *   `custom_fields` takes [{id, value}] (tickets "Setting custom field values"); as the Requests API
 *   is the end user's view, the field must be editable by end users to be kept.
 *   A 422 (RecordInvalid: an unknown or expired upload token, say) is the caller's input:
 *   HelpDeskInputError.
 * - Errors: introduction/rate-limits (429 with Retry-After) and the status codes of
 *   ticketing/introduction. 401/403 (the email or token refused), 429, 5xx, redirects, a broken
 *   connection, no answer within the timeout, and an answer of another shape are all
 *   HelpDeskUnavailableError (the caller answers 503).
 *
 * Every article body is sanitised on arrival (sanitizeArticleHtml, docs/trust.md) and every html_url
 * that is not http(s) is replaced by the help centre's own /hc/{locale}/articles/{id} address.
 */
export interface ZendeskHelpDeskOptions {
  /** The account's subdomain ("acme" for https://acme.zendesk.com); or give `baseUrl`. */
  subdomain?: string;
  /** ZENDESK_URL: https://{subdomain}.zendesk.com (http only for a local stand-in); or give `subdomain`. */
  baseUrl?: string;
  /** ZENDESK_EMAIL: the Zendesk user (an agent or admin) the API token is used as. */
  email: string;
  /** ZENDESK_API_TOKEN: from Admin Center > Apps and integrations > APIs > Zendesk API. */
  apiToken: string;
  /** ZENDESK_SOURCE_FIELD_ID: the numeric id of the ticket field that records where a ticket came from. */
  sourceFieldId: number;
  fetchImpl?: typeof fetch;
  /** Reads and ticket creation (10 s unless set). */
  timeoutMs?: number;
  /** Uploads of up to 10 MB (60 s unless set). */
  uploadTimeoutMs?: number;
}

/**
 * Our help-centre locales as Zendesk's locale codes (the documented list cited at the top). The
 * widget's paths (HELP_DESK_URLS) keep our codes; only what we send Zendesk uses these.
 */
export const ZENDESK_LOCALES: Readonly<Record<HelpLocale, string>> = { 'en-us': 'en-us', 'fr-fr': 'fr', 'zh-cn': 'zh-cn' };

/** A Zendesk locale code as ours again (an article says `fr`, the widget speaks `fr-fr`); any other code as it came. */
const ourLocaleOf = (zendeskLocale: string): string =>
  Object.entries(ZENDESK_LOCALES).find(([, code]) => code === zendeskLocale)?.[0] ?? zendeskLocale;

/** Zendesk's Help Center API paths, in Zendesk's locale code (the same paths as HELP_DESK_URLS names them). */
const helpCenter = (locale: HelpLocale) => `/api/v2/help_center/${ZENDESK_LOCALES[locale]}`;
const ZENDESK_PATHS = {
  articlesByLabel: (locale: HelpLocale) => `${helpCenter(locale)}/articles.json`,
  sections: (locale: HelpLocale) => `${helpCenter(locale)}/sections.json`,
  sectionArticles: (locale: HelpLocale, sectionId: number) => `${helpCenter(locale)}/sections/${sectionId}/articles.json`,
  article: (locale: HelpLocale, articleId: number) => `${helpCenter(locale)}/articles/${articleId}.json`,
};

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const isId = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
const ARTICLES_BY_LABEL_LIMIT = 30;
const SEARCH_LIMIT = 25;
const PAGE_LIMIT = 100;
/** Documented limit of the label_names filter. */
const MAX_FILTER_LABELS = 10;

/** A Zendesk answer we could not use: which call, and why (becomes HelpDeskUnavailableError). */
class OutOfShape extends Error {}

export function createZendeskHelpDesk(options: ZendeskHelpDeskOptions): HelpDeskProvider {
  const base = zendeskBaseUrl(options);
  if (!options.email || !/^[^\s@/:]+@[^\s@/:]+$/.test(options.email))
    throw new Error('ZENDESK_EMAIL must be the email address of the Zendesk user the API token belongs to');
  if (!options.apiToken || /\s/.test(options.apiToken)) throw new Error('ZENDESK_API_TOKEN is required for the Zendesk help desk');
  if (!isId(options.sourceFieldId)) throw new Error('ZENDESK_SOURCE_FIELD_ID must be the numeric id of the ticket source custom field');
  const fetchImpl = options.fetchImpl ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const uploadTimeoutMs = options.uploadTimeoutMs ?? 60_000;
  const credentials = Buffer.from(`${options.email}/token:${options.apiToken}`, 'utf8').toString('base64');
  const authorization = `Basic ${credentials}`;
  const redact = (text: string) => [options.apiToken, credentials].reduce((out, secret) => out.split(secret).join('[redacted]'), text);

  interface Call {
    operation: string;
    method: 'GET' | 'POST';
    path: string;
    query?: Record<string, string>;
    json?: unknown;
    bytes?: { data: Uint8Array; contentType: string };
    /** Statuses answered to the caller instead of thrown. */
    pass?: number[];
    /** Sent without our credentials: an anonymous end user's call (requests and their uploads). */
    anonymous?: boolean;
  }

  /** One call to Zendesk: its status and JSON body, or HelpDeskUnavailableError / HelpDeskInputError. */
  async function call(request: Call): Promise<{ status: number; body: unknown }> {
    const query = request.query
      ? `?${Object.entries(request.query)
          .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
          .join('&')}`
      : '';
    const headers: Record<string, string> = { ...(request.anonymous ? {} : { Authorization: authorization }), Accept: 'application/json' };
    let body: string | Uint8Array<ArrayBuffer> | undefined;
    if (request.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(request.json);
    } else if (request.bytes) {
      headers['Content-Type'] = request.bytes.contentType;
      body = request.bytes.data as Uint8Array<ArrayBuffer>;
    }
    const limitMs = request.bytes ? uploadTimeoutMs : timeoutMs;
    const what = `Zendesk ${request.operation}`;

    let response: Response;
    let text: string;
    try {
      response = await fetchImpl(`${base}${request.path}${query}`, {
        method: request.method,
        headers,
        ...(body === undefined ? {} : { body }),
        // A redirect would take the Authorization header elsewhere: ZENDESK_URL must be the API host itself.
        redirect: 'manual',
        signal: AbortSignal.timeout(limitMs),
      });
      text = await response.text();
    } catch (error) {
      const name = (error as Error | undefined)?.name;
      if (name === 'TimeoutError' || name === 'AbortError')
        throw new HelpDeskUnavailableError(`${what} did not answer within ${limitMs} ms`);
      const code = (error as { cause?: { code?: unknown } } | undefined)?.cause?.code;
      throw new HelpDeskUnavailableError(redact(`${what} could not be reached (${typeof code === 'string' ? code : 'connection failed'})`));
    }

    const status = response.status;
    let json: unknown;
    try {
      json = text === '' ? undefined : JSON.parse(text);
    } catch {
      json = undefined;
    }
    if (request.pass?.includes(status)) return { status, body: json };
    if ((status === 401 || status === 403) && request.anonymous) {
      throw new HelpDeskUnavailableError(
        `${what}: HTTP ${status}, Zendesk refused an anonymous request (Admin Center > People > Configuration > End users: turn on "Anybody can submit tickets" and turn off "Require authentication for request and uploads APIs")`,
      );
    }
    if (status === 401 || status === 403) {
      throw new HelpDeskUnavailableError(
        `${what}: HTTP ${status}, Zendesk refused the credentials (check ZENDESK_EMAIL / ZENDESK_API_TOKEN)`,
      );
    }
    if (status === 429) {
      const retryAfter = response.headers.get('retry-after');
      throw new HelpDeskUnavailableError(
        `${what}: HTTP 429, rate limited${retryAfter && /^\d+$/.test(retryAfter) ? ` (retry after ${retryAfter} s)` : ''}`,
      );
    }
    if (status >= 300 && status <= 399)
      throw new HelpDeskUnavailableError(`${what}: HTTP ${status}, a redirect (ZENDESK_URL must be https://{subdomain}.zendesk.com)`);
    if (status === 404)
      throw new HelpDeskUnavailableError(`${what}: HTTP 404 (is ZENDESK_URL right, and the Help Center enabled in this locale?)`);
    if (status < 200 || status > 299) throw new HelpDeskUnavailableError(redact(`${what}: HTTP ${status}${errorDetail(json)}`));
    if (!isRecord(json)) throw new HelpDeskUnavailableError(`${what}: HTTP ${status} with a body that is not a JSON object`);
    return { status, body: json };
  }

  /** Reads `body[key]` with `read`, turning an out-of-shape answer into HelpDeskUnavailableError. */
  function shaped<T>(operation: string, body: unknown, read: (body: Json) => T): T {
    try {
      if (!isRecord(body)) throw new OutOfShape('not a JSON object');
      return read(body);
    } catch (error) {
      if (error instanceof OutOfShape) throw new HelpDeskUnavailableError(`Zendesk ${operation} answered out of shape: ${error.message}`);
      throw error;
    }
  }

  const list = (body: Json, key: string): unknown[] => {
    const value = body[key];
    if (!Array.isArray(value)) throw new OutOfShape(`no "${key}" array`);
    return value;
  };

  function articleOf(value: unknown, locale: HelpLocale): HelpArticle {
    if (!isRecord(value)) throw new OutOfShape('an article that is not an object');
    const id = value.id;
    if (!isId(id)) throw new OutOfShape('an article without a numeric id');
    if (typeof value.title !== 'string') throw new OutOfShape(`article ${id} has no title`);
    const articleLocale = typeof value.locale === 'string' && value.locale !== '' ? value.locale : ZENDESK_LOCALES[locale];
    return {
      id,
      title: value.title,
      // A body may be null (an article with a title only); it is sanitised before anyone sees it.
      bodyHtml: sanitizeArticleHtml(typeof value.body === 'string' ? value.body : ''),
      updatedAt: dateOf(value.updated_at, `article ${id}`),
      sectionId: sectionIdOf(value.section_id, `article ${id}`),
      labels: labelsOf(value.label_names, `article ${id}`),
      url: pageUrl(value.html_url, articleLocale, id),
      locale: ourLocaleOf(articleLocale),
    };
  }

  function sectionOf(value: unknown): HelpSection {
    if (!isRecord(value)) throw new OutOfShape('a section that is not an object');
    const id = value.id;
    if (!isId(id)) throw new OutOfShape('a section without a numeric id');
    if (typeof value.name !== 'string') throw new OutOfShape(`section ${id} has no name`);
    if (value.position !== undefined && value.position !== null && !Number.isSafeInteger(value.position))
      throw new OutOfShape(`section ${id} has a position that is not an integer`);
    return {
      id,
      name: value.name,
      description: typeof value.description === 'string' ? value.description : '',
      position: typeof value.position === 'number' ? value.position : 0,
    };
  }

  function searchResultOf(value: unknown, locale: HelpLocale): HelpSearchResult {
    if (!isRecord(value)) throw new OutOfShape('a search result that is not an object');
    const id = value.id;
    if (!isId(id)) throw new OutOfShape('a search result without a numeric id');
    if (typeof value.title !== 'string') throw new OutOfShape(`search result ${id} has no title`);
    const snippet =
      typeof value.snippet === 'string' && value.snippet.trim() !== ''
        ? textOfHtml(value.snippet)
        : shortText(typeof value.body === 'string' ? value.body : '');
    return {
      id,
      title: value.title,
      snippet,
      sectionId: sectionIdOf(value.section_id, `search result ${id}`),
      url: pageUrl(value.html_url, typeof value.locale === 'string' && value.locale !== '' ? value.locale : ZENDESK_LOCALES[locale], id),
      updatedAt: dateOf(value.updated_at, `search result ${id}`),
    };
  }

  /** The help centre page of an article: Zendesk's html_url when it is http(s), else /hc/{locale}/articles/{id}. */
  function pageUrl(htmlUrl: unknown, locale: string, id: number): string {
    if (typeof htmlUrl === 'string' && /^https?:\/\//i.test(htmlUrl) && URL.canParse(htmlUrl)) return htmlUrl;
    return `${base}/hc/${encodeURIComponent(locale)}/articles/${id}`;
  }

  function checkLocale(locale: HelpLocale): void {
    if (!(HELP_LOCALES as readonly string[]).includes(locale))
      throw new HelpDeskInputError(`"${String(locale).slice(0, 20)}" is not a help centre locale`);
  }

  async function showArticle(locale: HelpLocale, articleId: number): Promise<HelpArticle | null> {
    const { status, body } = await call({
      operation: 'show article',
      method: 'GET',
      path: ZENDESK_PATHS.article(locale, articleId),
      pass: [404],
    });
    if (status === 404) return null;
    return shaped('show article', body, (json) => articleOf(json.article, locale));
  }

  return {
    kind: 'zendesk',

    async articlesByLabel(locale, labels) {
      checkLocale(locale);
      const wanted = [...new Set(labels.map((label) => label.trim()).filter((label) => label !== ''))];
      const query: Record<string, string> = {
        ...(wanted.length > 0 ? { label_names: wanted.slice(0, MAX_FILTER_LABELS).join(',') } : {}),
        sort_by: 'updated_at',
        sort_order: 'desc',
        per_page: String(ARTICLES_BY_LABEL_LIMIT),
      };
      const { body } = await call({ operation: 'list articles', method: 'GET', path: ZENDESK_PATHS.articlesByLabel(locale), query });
      const articles = shaped('list articles', body, (json) => list(json, 'articles').map((item) => articleOf(item, locale)));
      return articles
        .filter((article) => wanted.every((label) => article.labels.includes(label)))
        .sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime() || a.id - b.id)
        .slice(0, ARTICLES_BY_LABEL_LIMIT);
    },

    async search(locale, text) {
      checkLocale(locale);
      const query = text.trim();
      // Search Articles needs a query, a category, a section or labels: an empty query finds nothing.
      if (query === '') return [];
      const { body } = await call({
        operation: 'search articles',
        method: 'GET',
        path: HELP_DESK_URLS.search,
        query: { query, locale: ZENDESK_LOCALES[locale], per_page: String(SEARCH_LIMIT) },
      });
      return shaped('search articles', body, (json) => list(json, 'results').map((item) => searchResultOf(item, locale))).slice(
        0,
        SEARCH_LIMIT,
      );
    },

    async sections(locale) {
      checkLocale(locale);
      const { body } = await call({
        operation: 'list sections',
        method: 'GET',
        path: ZENDESK_PATHS.sections(locale),
        query: { sort_by: 'position', sort_order: 'asc', per_page: String(PAGE_LIMIT) },
      });
      const sections = shaped('list sections', body, (json) => list(json, 'sections').map(sectionOf));
      return sections.sort((a, b) => a.position - b.position || a.id - b.id);
    },

    async sectionArticles(locale, sectionId) {
      checkLocale(locale);
      if (!isId(sectionId)) return null;
      const { status, body } = await call({
        operation: 'list section articles',
        method: 'GET',
        path: ZENDESK_PATHS.sectionArticles(locale, sectionId),
        query: { sort_by: 'position', sort_order: 'asc', per_page: String(PAGE_LIMIT) },
        pass: [404],
      });
      if (status === 404) return null;
      return shaped('list section articles', body, (json) => list(json, 'articles').map((item) => articleOf(item, locale)));
    },

    async article(locale, articleId) {
      checkLocale(locale);
      if (!isId(articleId)) return null;
      const found = await showArticle(locale, articleId);
      if (found || locale === DEFAULT_HELP_LOCALE) return found;
      return showArticle(DEFAULT_HELP_LOCALE, articleId);
    },

    async upload(file): Promise<HelpUpload> {
      const fileName = file.fileName.trim() === '' ? DEFAULT_ATTACHMENT_NAME : file.fileName.trim();
      const contentType = file.contentType.trim() === '' ? 'application/octet-stream' : file.contentType.trim();
      const { status, body } = await call({
        operation: 'upload',
        method: 'POST',
        path: HELP_DESK_URLS.upload,
        query: { filename: fileName },
        bytes: { data: file.bytes, contentType },
        // 413: larger than the account allows; 422: a file Zendesk will not take.
        pass: [413, 422],
        // The requester's own upload, as their request below is theirs.
        anonymous: true,
      });
      if (status === 413 || status === 422)
        throw new HelpDeskInputError(redact(`Zendesk refused the file: HTTP ${status}${errorDetail(body)}`));
      return shaped('upload', body, (json) => {
        const upload = json.upload;
        if (!isRecord(upload) || typeof upload.token !== 'string' || upload.token === '') throw new OutOfShape('no upload.token');
        const attachment = isRecord(upload.attachment) ? upload.attachment : {};
        return {
          token: upload.token,
          fileName: typeof attachment.file_name === 'string' && attachment.file_name !== '' ? attachment.file_name : fileName,
          size: typeof attachment.size === 'number' && Number.isSafeInteger(attachment.size) ? attachment.size : file.bytes.length,
          contentType:
            typeof attachment.content_type === 'string' && attachment.content_type !== '' ? attachment.content_type : contentType,
        };
      });
    },

    async createRequest(request): Promise<CreatedHelpRequest> {
      const comment: Json = { body: request.message };
      if (request.uploadTokens.length > 0) comment.uploads = [...request.uploadTokens];
      const { status, body } = await call({
        operation: 'create request',
        method: 'POST',
        path: HELP_DESK_URLS.createRequest,
        json: {
          request: {
            subject: request.subject,
            comment,
            // The account's own address when signed in (help.service): Zendesk files the request under
            // the user it knows by that address, so the person is the ticket's requester there.
            requester: { name: request.requesterName, email: request.requesterEmail },
            custom_fields: [{ id: options.sourceFieldId, value: request.source }],
          },
        },
        pass: [422],
        anonymous: true,
      });
      if (status === 422) throw new HelpDeskInputError(redact(`Zendesk refused the request: HTTP 422${errorDetail(body)}`));
      return shaped('create request', body, (json) => {
        const created = json.request;
        if (!isRecord(created) || !isId(created.id)) throw new OutOfShape('no request.id');
        if (typeof created.status !== 'string' || created.status === '') throw new OutOfShape(`request ${created.id} has no status`);
        return { id: created.id, status: created.status, subject: typeof created.subject === 'string' ? created.subject : request.subject };
      });
    },
  };
}

/** The API host: https://{subdomain}.zendesk.com from `subdomain`, or `baseUrl` checked. */
export function zendeskBaseUrl(options: Pick<ZendeskHelpDeskOptions, 'subdomain' | 'baseUrl'>): string {
  if (options.subdomain && options.baseUrl) throw new Error('Give the Zendesk help desk a subdomain or ZENDESK_URL, not both');
  if (options.subdomain !== undefined && options.subdomain !== '') {
    if (!/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i.test(options.subdomain))
      throw new Error('The Zendesk subdomain must be the name before .zendesk.com, such as "acme"');
    return `https://${options.subdomain.toLowerCase()}.zendesk.com`;
  }
  const text = options.baseUrl ?? '';
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  const local = url !== undefined && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  const usable =
    url !== undefined &&
    (url.protocol === 'https:' || (url.protocol === 'http:' && local)) &&
    url.username === '' &&
    url.password === '' &&
    url.search === '' &&
    url.hash === '' &&
    (url.pathname === '/' || url.pathname === '');
  if (!usable || !url) throw new Error('ZENDESK_URL must be the account address such as https://acme.zendesk.com (https, no path)');
  return url.origin;
}

function dateOf(value: unknown, what: string): Date {
  const date = typeof value === 'string' ? new Date(value) : undefined;
  if (!date || Number.isNaN(date.getTime())) throw new OutOfShape(`${what} has no updated_at time`);
  return date;
}

function sectionIdOf(value: unknown, what: string): number | null {
  if (value === undefined || value === null) return null;
  if (!isId(value)) throw new OutOfShape(`${what} has a section_id that is not a number`);
  return value;
}

function labelsOf(value: unknown, what: string): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || !value.every((label) => typeof label === 'string'))
    throw new OutOfShape(`${what} has label_names that are not strings`);
  return value as string[];
}

/** The first words of an article body as plain text (a search hit without a snippet). */
function shortText(html: string): string {
  const text = textOfHtml(html);
  return text.length <= 200 ? text : `${text.slice(0, 199).trimEnd()}…`;
}

/** Zendesk's error code and reasons ({error, description, details: {field: [{description}]}}), short. */
function errorDetail(body: unknown): string {
  if (!isRecord(body)) return '';
  const parts: string[] = [];
  if (typeof body.error === 'string') parts.push(body.error);
  else if (isRecord(body.error) && typeof body.error.title === 'string') parts.push(body.error.title);
  if (isRecord(body.details)) {
    for (const [field, reasons] of Object.entries(body.details)) {
      if (!Array.isArray(reasons)) continue;
      for (const reason of reasons)
        if (isRecord(reason) && typeof reason.description === 'string') parts.push(`${field}: ${reason.description}`);
    }
  } else if (typeof body.description === 'string') {
    parts.push(body.description);
  }
  const detail = parts.join('; ').replace(/\s+/g, ' ').slice(0, 300);
  return detail === '' ? '' : ` (${detail})`;
}
