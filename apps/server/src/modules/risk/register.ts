import { defineModule } from '../../platform/server-module.ts';
import { createAppropriatenessRepository } from './appropriateness.repository.ts';
import { createAppropriatenessService } from './appropriateness.service.ts';
import { registerDeskAppropriatenessCalls } from './desk-appropriateness-calls.ts';
import type { RiskFace } from './risk-face.ts';
import { registerRiskRoutes } from './risk.routes.ts';
import { registerSandboxAppropriatenessRoutes } from './sandbox-appropriateness.routes.ts';

declare module '../../platform/server-module.ts' {
  interface ModuleFaces {
    risk: RiskFace;
  }
}

/** The risk warning a person accepts before trading, and an individual's appropriateness test. */
export const riskModule = defineModule('risk', ({ app, db, clock, unitOfWork, faces, sandboxTools, production }): RiskFace => {
  const people = faces.get('identity').people;
  const service = createAppropriatenessService({
    repository: createAppropriatenessRepository(db),
    people,
    clock,
    transaction: (work) => unitOfWork.transaction(work),
  });
  registerRiskRoutes(app, service);
  if (sandboxTools && !production) registerSandboxAppropriatenessRoutes(app, { service, people });
  const face: RiskFace = {
    isCleared: service.isCleared,
    clearedFor: service.clearedFor,
    recordOf: service.recordOf,
    endCoolingOff: service.endCoolingOff,
  };
  // The desk is registered before this module (app.ts MODULES): the Questionnaires screen's appropriateness calls are added here.
  registerDeskAppropriatenessCalls(faces.get('desk'), { risk: face, people });
  return face;
});
