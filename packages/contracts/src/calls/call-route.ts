import type { CallDefinition } from './define-call.ts';

declare const definition: unique symbol;

/**
 * What a client needs of a call at run time: its method and path, and whether it sends a file. The
 * definition's schemas stay with the server and the tests (a browser that imported them all would
 * download every schema on its first page); `D` carries their types, so the call is still typed.
 */
export interface CallRoute<D extends CallDefinition = CallDefinition> {
  readonly method: D['method'];
  readonly path: string;
  readonly multipart?: true;
  /** Never set: the definition's type, for the client's input and answer types. */
  readonly [definition]?: D;
}

/** The route of every call of a set of definitions, by name. */
export type CallRoutes<Calls extends Record<string, CallDefinition>> = { readonly [K in keyof Calls]: CallRoute<Calls[K]> };

/**
 * The routes file's text for a set of definitions (scripts/generate-call-routes.ts writes it; a test checks it
 * is current): one export per call, its path written out, gathered as `CALL_ROUTES` by a namespace re-export
 * (calls/index.ts). So a page's bundle holds only the routes it calls: a single object of them all, or the
 * PATHS object, would put every call's path in every first load (issue 20's console calls pushed the sign-in
 * page past its budget that way).
 */
export function callRoutesSource(calls: Record<string, CallDefinition>): string {
  const lines = Object.entries(calls).map(
    ([name, call]) =>
      `export const ${name}: CallRoute<Calls['${name}']> = { method: ${call.method}, path: '${call.path}'${call.multipart ? ', multipart: true' : ''} };`,
  );
  return [
    '// Generated from CALLS by `npm run generate:call-routes` (scripts/generate-call-routes.ts): do not edit.',
    '// A test fails when it no longer matches the definitions.',
    "import type { CallRoute } from './call-route.ts';",
    "import type { CALLS } from './index.ts';",
    '',
    'type Calls = typeof CALLS;',
    "const GET = 'GET';",
    "const POST = 'POST';",
    '',
    '// Every call by name, without its schemas: what the web client calls (`client.call(CALL_ROUTES.listCard, body)`).',
    ...lines,
    '',
  ].join('\n');
}
