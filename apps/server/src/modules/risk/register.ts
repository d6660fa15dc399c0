import { defineLeafModule } from '../../platform/server-module.ts';
import { registerRiskRoutes } from './risk.routes.ts';

/** The risk warning a person accepts before trading. */
export const riskModule = defineLeafModule('risk', ({ app, clock, faces }) =>
  registerRiskRoutes(app, { identity: faces.get('identity'), clock }),
);
