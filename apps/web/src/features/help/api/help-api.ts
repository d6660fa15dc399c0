import {
  CALL_ROUTES,
  HELP_DESK_URLS,
  type HelpArticleJson,
  type HelpArticlePayload,
  type HelpArticlesPayload,
  type HelpCreateRequestParams,
  type HelpLocale,
  type HelpRequestPayload,
  type HelpSearchPayload,
  type HelpSearchResultJson,
  type HelpSectionJson,
  type HelpSectionsPayload,
  type HelpUploadPayload,
} from '@causeway/contracts';
import type { HttpClient } from '@/lib/http-client';

/** What zendesk/request and zendesk/forward/file answer: the Zendesk call's JSON, as text. */
interface Forwarded {
  data: string;
}

/** docs/rules/calls.md: the help client has no timeout of its own (a search on a slow desk still lands). */
const HELP_CALL = { silent: true, timeoutMs: null } as const;

/** Reads `data.data` as JSON; an answer that is not JSON rejects like any failed call. */
function parsed<T>(answer: Forwarded): T {
  return JSON.parse(answer.data) as T;
}

/**
 * The widget's calls: each names a Zendesk path (HELP_DESK_URLS) that our server maps to one
 * help-desk operation. All silent: the widget shows its own loading, error-with-Retry and empty
 * states, and a failure never toasts over the checkout.
 */
export function createHelpApi(client: HttpClient) {
  const get = async <T>(url: string, params?: Record<string, string>, signal?: AbortSignal) =>
    parsed<T>(
      await client.call(
        CALL_ROUTES.helpDeskRequest,
        { url, requestType: 'get', ...(params ? { params } : {}) },
        { ...HELP_CALL, ...(signal ? { signal } : {}) },
      ),
    );

  return {
    /** Articles carrying a label (the Promotion cards, the suggested articles). */
    articlesByLabel: async (locale: HelpLocale, label: string, signal?: AbortSignal): Promise<HelpArticleJson[]> =>
      (await get<HelpArticlesPayload>(HELP_DESK_URLS.articlesByLabel(locale), { label_names: label }, signal)).articles,
    /** A search; the caller trims and drops blank input first. */
    search: async (locale: HelpLocale, query: string, signal?: AbortSignal): Promise<HelpSearchResultJson[]> =>
      (await get<HelpSearchPayload>(HELP_DESK_URLS.search, { query, locale }, signal)).results,
    sections: async (locale: HelpLocale, signal?: AbortSignal): Promise<HelpSectionJson[]> =>
      (await get<HelpSectionsPayload>(HELP_DESK_URLS.sections(locale), undefined, signal)).sections,
    sectionArticles: async (locale: HelpLocale, sectionId: number, signal?: AbortSignal): Promise<HelpArticleJson[]> =>
      (await get<HelpArticlesPayload>(HELP_DESK_URLS.sectionArticles(locale, sectionId), undefined, signal)).articles,
    article: async (locale: HelpLocale, articleId: number, signal?: AbortSignal): Promise<HelpArticleJson> =>
      (await get<HelpArticlePayload>(HELP_DESK_URLS.article(locale, articleId), undefined, signal)).article,
    /** Opens a support or feedback ticket (docs/rules/entities.md ticket); answers its id and status. */
    createRequest: async (params: HelpCreateRequestParams): Promise<HelpRequestPayload['request']> =>
      parsed<HelpRequestPayload>(
        await client.call(
          CALL_ROUTES.helpDeskRequest,
          { url: HELP_DESK_URLS.createRequest, requestType: 'post', params: { ...params } },
          HELP_CALL,
        ),
      ).request,
    /** Uploads one attachment (multipart file, url, requestType post); answers the token a ticket names. */
    upload: async (file: File, signal?: AbortSignal): Promise<HelpUploadPayload['upload']> => {
      const form = new FormData();
      form.append('url', HELP_DESK_URLS.upload);
      form.append('requestType', 'post');
      form.append('file', file, file.name);
      return parsed<HelpUploadPayload>(
        await client.call(CALL_ROUTES.helpDeskForwardFile, form, { ...HELP_CALL, ...(signal ? { signal } : {}) }),
      ).upload;
    },
  };
}

export type HelpApi = ReturnType<typeof createHelpApi>;
