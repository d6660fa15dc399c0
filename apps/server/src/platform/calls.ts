import { API_BASE, CALLER_KINDS, type CallDefinition, type CallerKind, type Envelope, envelopeOf, PATHS } from '@causeway/contracts';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  RouteHandlerMethod,
  RouteOptions,
  RouteShorthandOptions,
} from 'fastify';
import type { z } from 'zod';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route: required on every route but the framework's own (see enforceCallerKinds). */
    caller?: CallerKind;
  }
  interface FastifyInstance {
    /** The caller kind of every route registered so far, and the guards that check them. */
    callers: CallerRegistry;
  }
}

/** Refuses a request that lacks the kind's credential (throws the catalogue's refusal). */
export type CallerGuard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * The kinds whose credential is a request header, which the platform checks itself, in front of
 * every route of the kind, before the body is read: the session guards the identity module
 * provides, and the desk session's guard the desk module provides. The other kinds need no check (public; sandbox, whose routes exist only on an install
 * running that sandbox) or carry their credential where only the route can read it: in the
 * signed body (merchant-key, webhook), in a ticket or signed URL (ticket), or as the password of
 * the page's own scope (operator). protected-by-default.test.ts sends every route a request
 * without credentials and checks it is refused, whichever checks it.
 */
const GUARDED_KINDS = ['individual', 'business', 'operator-session'] as const satisfies readonly CallerKind[];
type GuardedKind = (typeof GUARDED_KINDS)[number];
const isGuarded = (kind: CallerKind): kind is GuardedKind => (GUARDED_KINDS as readonly CallerKind[]).includes(kind);

/** Routes without a caller kind: the framework's own, each with the reason it needs none. */
const FRAMEWORK_ROUTES: ReadonlyArray<{ why: string; matches: (route: RouteOptions) => boolean }> = [
  {
    why: 'the OpenAPI document and its page (@fastify/swagger-ui): public documentation, generated from the routes',
    matches: (route) => route.url.startsWith(`${API_BASE}${PATHS.docs}`),
  },
  {
    why: 'a file of the built web app (@fastify/static marks its routes with config.rootPath): public, like the page that loads it',
    matches: (route) => typeof (route.config as { rootPath?: unknown } | undefined)?.rootPath === 'string',
  },
];

export interface RegisteredRoute {
  method: string;
  url: string;
  /** Undefined for a framework route (FRAMEWORK_ROUTES). */
  caller: CallerKind | undefined;
}

export interface CallerRegistry {
  /** Every route registered so far, HEAD routes included, with its caller kind. */
  readonly routes: readonly RegisteredRoute[];
  /** Session guards (the identity module's, the desk's), each needed before the first route of its kind is registered. */
  provideGuards(guards: Partial<Record<GuardedKind, CallerGuard>>): void;
}

const asArray = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/**
 * Makes a caller kind part of every route: a route registered without `config.caller` (and not
 * one of FRAMEWORK_ROUTES) throws at registration, so the server cannot start with it; a route of
 * a guarded kind gets its guard as its first onRequest hook. Call first, before any route.
 */
export function enforceCallerKinds(app: FastifyInstance): CallerRegistry {
  const routes: RegisteredRoute[] = [];
  const guards = new Map<GuardedKind, CallerGuard>();

  app.addHook('onRoute', (route) => {
    const caller = route.config?.caller;
    const methods = asArray(route.method);
    const record = (kind: CallerKind | undefined) => routes.push(...methods.map((method) => ({ method, url: route.url, caller: kind })));
    if (caller === undefined) {
      if (!FRAMEWORK_ROUTES.some((framework) => framework.matches(route)))
        throw new Error(
          `${methods.join(',')} ${route.url} names no caller kind: register it with registerCall, or give its route config a caller (${CALLER_KINDS.join(', ')})`,
        );
      record(undefined);
      return;
    }
    if (!(CALLER_KINDS as readonly string[]).includes(caller)) throw new Error(`${route.url}: unknown caller kind ${String(caller)}`);
    if (isGuarded(caller)) {
      const guard = guards.get(caller);
      if (!guard) throw new Error(`${route.url} is registered before the ${caller} guard: provide the caller guards first`);
      route.onRequest = [guard as onRequestHookHandler, ...asArray(route.onRequest)];
    }
    record(caller);
  });

  const registry: CallerRegistry = {
    routes,
    provideGuards(provided) {
      for (const kind of GUARDED_KINDS) {
        const guard = provided[kind];
        if (guard) guards.set(kind, guard);
      }
    },
  };
  app.decorate('callers', registry);
  return registry;
}

type Parsed<S> = S extends z.ZodType ? z.output<S> : unknown;

/** A request to a call's route: its body, query and headers as the definition's schemas parse them. */
export type CallRequest<D extends CallDefinition> = FastifyRequest<{
  Body: Parsed<D['body']>;
  Querystring: Parsed<D['query']>;
  Headers: Parsed<D['headers']>;
}>;

/** Answers a call: the envelope of the definition's result, or the reply itself once sent. */
export type CallHandler<D extends CallDefinition> = (
  request: CallRequest<D>,
  reply: FastifyReply,
) => Promise<Envelope<z.output<D['result']>> | FastifyReply>;

export type CallRouteOptions = Pick<RouteShorthandOptions, 'onRequest' | 'preHandler' | 'bodyLimit'> & {
  /** The OpenAPI line instead of the definition's, when it names the server's own settings (limits the contracts do not know). */
  summary?: string;
};

/**
 * Registers one call's route from its definition: method, `${API_BASE}${path}`, the headers, body
 * and query schemas, the envelope of its result, tags and summary for the OpenAPI document, and
 * its caller kind (which brings its guard: enforceCallerKinds).
 */
export function registerCall<D extends CallDefinition>(
  app: FastifyInstance,
  call: D,
  handler: CallHandler<D>,
  options: CallRouteOptions = {},
): void {
  const { summary = call.summary, ...hooks } = options;
  app.route({
    method: call.method,
    url: `${API_BASE}${call.path}`,
    schema: {
      tags: [...call.tags],
      summary,
      ...(call.headers ? { headers: call.headers } : {}),
      ...(call.query ? { querystring: call.query } : {}),
      ...(call.body ? { body: call.body } : {}),
      ...(call.multipart ? { consumes: ['multipart/form-data'] } : {}),
      response: { 200: envelopeOf(call.result) },
    },
    config: { caller: call.caller },
    ...hooks,
    handler: handler as unknown as RouteHandlerMethod,
  });
}
