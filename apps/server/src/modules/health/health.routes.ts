import { CALLS, type Health, ok, SANDBOX_TOOL_KEYS, SANDBOX_TOOL_PAGES, type SandboxToolKey } from '@causeway/contracts';
import type { FastifyInstance } from 'fastify';
import { type DatabaseKind, type Database, readServerVersion } from '../../db/client.ts';
import { registerCall } from '../../platform/calls.ts';

/**
 * The sandbox tools among the routes the app registered (a GET of each tool's page), read once the
 * app runs: every module has registered its routes by then. None without sandbox tools, though an
 * operator page exists there behind its password: production's pages are not advertised.
 */
function sandboxToolsOf(app: FastifyInstance, sandboxTools: boolean): SandboxToolKey[] {
  if (!sandboxTools) return [];
  const pages = new Set(app.callers.routes.filter((route) => route.method === 'GET').map((route) => route.url));
  return SANDBOX_TOOL_KEYS.filter((key) => pages.has(SANDBOX_TOOL_PAGES[key]));
}

/**
 * GET /prod-api/health: process and database status, and the sandbox tools the install offers (the
 * web app's sandbox page lists them). Answers 200 with status degraded when the database is unreachable.
 */
export function registerHealthRoutes(
  app: FastifyInstance,
  deps: { db: Database; kind: DatabaseKind; version: string; sandboxTools: boolean },
): void {
  const { db, kind, version } = deps;
  let tools: SandboxToolKey[] | undefined;
  registerCall(app, CALLS.health, async (request) => {
    let databaseVersion = 'unknown';
    let reachable = true;
    try {
      databaseVersion = await readServerVersion(db);
    } catch (error) {
      reachable = false;
      request.log.warn({ err: error }, 'health: database unreachable');
    }
    tools ??= sandboxToolsOf(app, deps.sandboxTools);
    const health: Health = {
      status: reachable ? 'ok' : 'degraded',
      version,
      database: { kind, version: databaseVersion, reachable },
      uptimeSeconds: Math.round(process.uptime()),
      sandboxTools: tools,
    };
    return ok(health);
  });
}
