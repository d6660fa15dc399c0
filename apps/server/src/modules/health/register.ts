import { defineLeafModule } from '../../platform/server-module.ts';
import { registerHealthRoutes } from './health.routes.ts';

export const healthModule = defineLeafModule('health', ({ app, database, version, sandboxTools }) =>
  registerHealthRoutes(app, { db: database.db, kind: database.kind, version, sandboxTools }),
);
