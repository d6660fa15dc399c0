import { CALLS, type Health, ok } from '@causeway/contracts';
import type { FastifyInstance } from 'fastify';
import { type DatabaseKind, type Database, readServerVersion } from '../../db/client.ts';
import { registerCall } from '../../platform/calls.ts';

/** GET /prod-api/health: process and database status. Answers 200 with status degraded when the database is unreachable. */
export function registerHealthRoutes(app: FastifyInstance, db: Database, kind: DatabaseKind, version: string): void {
  registerCall(app, CALLS.health, async (request) => {
    let databaseVersion = 'unknown';
    let reachable = true;
    try {
      databaseVersion = await readServerVersion(db);
    } catch (error) {
      reachable = false;
      request.log.warn({ err: error }, 'health: database unreachable');
    }
    const health: Health = {
      status: reachable ? 'ok' : 'degraded',
      version,
      database: { kind, version: databaseVersion, reachable },
      uptimeSeconds: Math.round(process.uptime()),
    };
    return ok(health);
  });
}
