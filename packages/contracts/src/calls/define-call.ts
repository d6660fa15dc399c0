import type { z } from 'zod';
import { commonHeadersSchema } from '../headers-schema.ts';
import type { CallRoute } from './call-route.ts';

/**
 * Who may make a call or open a page. Every call's definition names one, and the server refuses
 * to register a route without one (apps/server/src/platform/calls.ts), so nothing is open by
 * omission.
 */
export const CALLER_KINDS = [
  /** Anyone: no credential. */
  'public',
  /** A signed-in person: a live session token (`token`, or `business-token` for a business session). */
  'individual',
  /** A business session only (`business-token`). No call needs it yet; defined so one can say so. */
  'business',
  /** A merchant's server: the body is signed with the merchant's key, which the service verifies. */
  'merchant-key',
  /** Whoever holds a link the server handed out (a signed file URL, a phone handoff ticket, an unlock link): the route checks it. */
  'ticket',
  /** A vendor's webhook: no session, but its signature over the raw body is verified before anything is stored. */
  'webhook',
  /** A sandbox vendor's page or a sandbox tool: registered only while that sandbox runs, open to anyone then. */
  'sandbox',
  /** The operator's server-rendered pages: the operator password (HTTP Basic). */
  'operator',
  /** The operator's desk: a live desk session in the operator-token header (docs/rules/operator-desk.md). */
  'operator-session',
] as const;
export type CallerKind = (typeof CALLER_KINDS)[number];

export type CallMethod = 'GET' | 'POST';

/** What a call definition says: enough for the server to register it, the client to call it, and tests to check answers. */
export interface CallDefinition {
  method: CallMethod;
  /** Relative to API_BASE (a PATHS entry). */
  path: string;
  caller: CallerKind;
  /** One line for the OpenAPI document. */
  summary: string;
  tags: readonly string[];
  /** The JSON body of a POST; none when the call takes no body. */
  body?: z.ZodType;
  /** The query string of a GET. */
  query?: z.ZodType;
  /** The envelope's `data` on success. */
  result: z.ZodType;
  /** The headers validated on the route; null for callers that send none of ours (a merchant's server, a phone's ticket). */
  headers: z.ZodType | null;
  /** The body is multipart/form-data (a file), read by the route itself. */
  multipart?: boolean;
}

/** A definition as written: the headers default to the common ones every web call may carry. */
export type CallSpec = Omit<CallDefinition, 'headers'> & { headers?: z.ZodType | null };

/** One call, defined once: the server registers its route from it, the web client calls it, tests check mocked answers with it. */
export function defineCall<const S extends CallSpec>(
  spec: S,
): Omit<S, 'headers'> & { headers: S['headers'] extends z.ZodType | null ? S['headers'] : typeof commonHeadersSchema } {
  return { ...spec, headers: spec.headers === undefined ? commonHeadersSchema : spec.headers } as never;
}

/** The definition behind a definition or a route (the web holds routes, CallRoute, whose type carries it). */
export type DefinitionOf<D extends CallDefinition | CallRoute> = D extends CallDefinition ? D : D extends CallRoute<infer X> ? X : never;

/** What a call answers (the envelope's `data`), as the client reads it. */
export type CallResult<D extends CallDefinition | CallRoute> = z.infer<DefinitionOf<D>['result']>;

/** A browser's FormData, as far as the contracts (no DOM types here) need to name it. */
export interface MultipartBody {
  append(name: string, value: string): void;
}

/** A query string whose fields are all optional may be left out (the server reads none as `{}`). */
type QueryInput<Q> = object extends Q ? Q | undefined : Q;

/** What the client sends: the query of a GET, the body of a POST, a FormData for a multipart call. */
export type CallInput<R extends CallDefinition | CallRoute, D extends CallDefinition = DefinitionOf<R>> = D['multipart'] extends true
  ? MultipartBody
  : D['method'] extends 'GET'
    ? D['query'] extends z.ZodType
      ? QueryInput<z.input<D['query']>>
      : undefined
    : D['body'] extends z.ZodType
      ? z.input<D['body']>
      : // A POST that takes no body may still be sent an empty JSON object.
        Record<string, never> | undefined;
