import {
  HELP_LOCALES,
  HELP_MAX_ATTACHMENTS,
  HELP_MESSAGE_MAX_LENGTH,
  HELP_MESSAGE_MIN_LENGTH,
  HELP_SOURCE_FIELD,
  HELP_TICKET_SOURCES,
  HELP_TOPIC_MAX_LENGTH,
  type HelpDeskRequestBody,
  type HelpLocale,
  isValidHelpEmail,
} from '@causeway/contracts';
import { z } from 'zod';

/**
 * The allow-list of zendesk/request (docs/rules/calls.md): the Zendesk paths the widget names, each mapped
 * to one help-desk operation with its own strict params. The url is matched whole (a path, no
 * host, no query); anything else is refused, so the call can never be used as an open proxy to
 * the desk's API (no users, no tickets of others, no admin calls).
 */
export type HelpDeskOperation =
  | { op: 'articlesByLabel'; locale: HelpLocale; labels: string[] }
  | { op: 'search'; locale: HelpLocale; query: string }
  | { op: 'sections'; locale: HelpLocale }
  | { op: 'sectionArticles'; locale: HelpLocale; sectionId: number }
  | { op: 'article'; locale: HelpLocale; articleId: number }
  | { op: 'createRequest'; request: TicketParams };

/** Why a call was refused, for the error's details (never echoes the url itself into logs). */
export class RefusedHelpDeskCall extends Error {
  override name = 'RefusedHelpDeskCall';
}

const LOCALE = `(${HELP_LOCALES.join('|')})`;
const ID = '([1-9][0-9]{0,14})';
const ROUTES: Array<{ method: 'get' | 'post'; pattern: RegExp; parse: (match: RegExpMatchArray, params: unknown) => HelpDeskOperation }> = [
  {
    method: 'get',
    pattern: new RegExp(`^/api/v2/help_center/${LOCALE}/articles\\.json$`),
    parse: (m, params) => ({ op: 'articlesByLabel', locale: m[1] as HelpLocale, labels: strict(labelParams, params).label_names }),
  },
  {
    method: 'get',
    pattern: /^\/api\/v2\/help_center\/articles\/search\.json$/,
    parse: (_m, params) => {
      const { query, locale } = strict(searchParams, params);
      return { op: 'search', locale, query };
    },
  },
  {
    method: 'get',
    pattern: new RegExp(`^/api/v2/help_center/${LOCALE}/sections\\.json$`),
    parse: (m, params) => (strict(noParams, params), { op: 'sections', locale: m[1] as HelpLocale }),
  },
  {
    method: 'get',
    pattern: new RegExp(`^/api/v2/help_center/${LOCALE}/sections/${ID}/articles\\.json$`),
    parse: (m, params) => (strict(noParams, params), { op: 'sectionArticles', locale: m[1] as HelpLocale, sectionId: Number(m[2]) }),
  },
  {
    method: 'get',
    pattern: new RegExp(`^/api/v2/help_center/${LOCALE}/articles/${ID}\\.json$`),
    parse: (m, params) => (strict(noParams, params), { op: 'article', locale: m[1] as HelpLocale, articleId: Number(m[2]) }),
  },
  {
    method: 'post',
    pattern: /^\/api\/v2\/requests\.json$/,
    parse: (_m, params) => ({ op: 'createRequest', request: strict(ticketParams, params).request }),
  },
];

const LABEL = /^[\p{L}\p{N} _-]{1,64}$/u;
const labelParams = z.strictObject({
  /** Zendesk's filter: comma-separated labels, every one required. */
  label_names: z
    .string()
    .max(200)
    .transform((text) =>
      text
        .split(',')
        .map((label) => label.trim())
        .filter(Boolean),
    )
    .refine(
      (labels) => labels.length >= 1 && labels.length <= 5 && labels.every((label) => LABEL.test(label)),
      'one to five labels of letters, digits, space, _ or -',
    ),
});
const searchParams = z.strictObject({
  query: z.string().trim().min(1, 'a search needs words').max(200),
  locale: z.enum(HELP_LOCALES).default('en-us'),
});
const noParams = z.strictObject({});

/** requests.json's body (docs/rules/entities.md ticket), every rule of docs/rules/validation.md checked again here. */
const ticketParams = z.strictObject({
  request: z.strictObject({
    subject: z.string().trim().max(HELP_TOPIC_MAX_LENGTH).optional(),
    comment: z.strictObject({
      body: z
        .string()
        .trim()
        .min(HELP_MESSAGE_MIN_LENGTH, `the message needs at least ${HELP_MESSAGE_MIN_LENGTH} characters`)
        .max(HELP_MESSAGE_MAX_LENGTH),
      uploads: z
        .array(z.string().regex(/^[\w-]{1,100}$/, 'not an upload token'))
        .max(HELP_MAX_ATTACHMENTS)
        .optional(),
    }),
    requester: z.strictObject({
      // The name is the email's local part (docs/rules/entities.md): whatever is sent, the server derives it.
      name: z.string().max(200).optional(),
      email: z.string().trim().refine(isValidHelpEmail, 'not a valid email'),
    }),
    custom_fields: z
      .array(
        z.strictObject({ id: z.union([z.literal(HELP_SOURCE_FIELD), z.number().int().positive()]), value: z.enum(HELP_TICKET_SOURCES) }),
      )
      .length(1, 'exactly one custom field: the source'),
  }),
});
export type TicketParams = z.infer<typeof ticketParams>['request'];

function strict<T>(schema: z.ZodType<T>, params: unknown): T {
  const parsed = schema.safeParse(params ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new RefusedHelpDeskCall(`params${issue?.path.length ? `.${issue.path.join('.')}` : ''}: ${issue?.message ?? 'invalid'}`);
}

/**
 * Whether any string in `value` holds a NUL character: PostgreSQL's text cannot
 * store one (the insert or the search would fail as a 500), and no person types one.
 */
function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(holdsNul);
  if (typeof value === 'object' && value !== null) return Object.values(value).some(holdsNul);
  return false;
}

/** The one operation a zendesk/request body names, or RefusedHelpDeskCall. */
export function parseHelpDeskCall(body: HelpDeskRequestBody): HelpDeskOperation {
  const route = ROUTES.find((candidate) => candidate.pattern.test(body.url));
  if (!route) throw new RefusedHelpDeskCall('this path is not one the help widget uses');
  if (route.method !== body.requestType) throw new RefusedHelpDeskCall(`this path takes requestType ${route.method}`);
  const operation = route.parse(body.url.match(route.pattern) as RegExpMatchArray, body.params);
  // Checked on the parsed operation, whose depth the strict schemas bound (not on raw params).
  if (holdsNul(operation)) throw new RefusedHelpDeskCall('params: text must not contain NUL characters');
  return operation;
}

/** The upload path zendesk/forward/file accepts (with requestType post). */
export const isUploadCall = (url: string, requestType: string) => url === '/api/v2/uploads.json' && requestType === 'post';
