import { defineLeafModule } from '../../platform/server-module.ts';
import { registerHealthRoutes } from './health.routes.ts';

export const healthModule = defineLeafModule('health', ({ app, database, version }) =>
  registerHealthRoutes(app, database.db, database.kind, version),
);
