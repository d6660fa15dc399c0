import { deriveKey } from '../../platform/crypto.ts';
import { defineModule } from '../../platform/server-module.ts';
import type { AccessRules } from '../identity/index.ts';
import { createAvailabilityRepository } from './availability.repository.ts';
import { registerAvailabilityRoutes } from './availability.routes.ts';
import {
  type AvailabilityService,
  createAvailabilityService,
  type CountryRefusal,
  type ServiceModeState,
  UK_LAUNCH_LIST,
} from './availability.service.ts';
import { registerAvailabilityDeskCalls } from './desk-calls.ts';
import { registerUkLaunchList } from './uk-launch-list.ts';

/**
 * What other modules may use of availability: the rules identity asks at every way in, the country rules the
 * kyc module asks as a review arrives, and each mode's switches for an operator (the desk) and the sandbox tool.
 */
export interface AvailabilityFace {
  accessRules: AccessRules;
  /** AC100001 (residence), AC100011 (nationality) or null: docs/rules/uk-and-countries.md. */
  countryRefusal(data: { nationality: string | null; residenceCountry: string | null }): Promise<CountryRefusal | null>;
  /** get-check-ip-result's answer for an address. */
  ipCheck: AvailabilityService['ipCheck'];
  /** Every mode's switches, read now. */
  serviceModes(): Promise<ServiceModeState[]>;
  /** Turns a mode's maintenance on or off; `by` names who (an operator, `sandbox`) and is kept. */
  setMaintenance: AvailabilityService['setMaintenance'];
  /** Opens a mode to UK residents and people in the UK, or closes it; `by` names who. */
  setUkOpen: AvailabilityService['setUkOpen'];
}

declare module '../../platform/server-module.ts' {
  interface ModuleFaces {
    availability: AvailabilityFace;
  }
}

/** Where and when the service is offered: each mode's maintenance and UK opening, the country rules, the IP checks, the UK list. */
export const availabilityModule = defineModule('availability', (context) => {
  const { app, db, clock, rateLimiter, serverSecret, providers, faces, queue, jobs, unitOfWork, publicUrl } = context;
  const identity = faces.get('identity');
  const kyc = faces.get('kyc');
  const repository = createAvailabilityRepository(db);
  const service = createAvailabilityService({
    repository,
    geo: providers.geo.provider,
    clock,
    rateLimiter,
    people: identity.people,
    ukFlagOf: (userId) => kyc.ukFlagOf(userId),
    ticketKey: deriveKey(serverSecret, 'uk-list-ticket'),
    queue,
    transaction: unitOfWork.transaction,
  });
  registerUkLaunchList({ worker: jobs, repository, mail: providers.mail.provider, clock, publicUrl, list: UK_LAUNCH_LIST });
  registerAvailabilityRoutes(app, { service, identity });
  // The desk's Service screen switches the modes here, where the switches live (desk is registered before us).
  registerAvailabilityDeskCalls(faces.get('desk'), service);
  return {
    accessRules: service.accessRules,
    countryRefusal: service.countryRefusal,
    ipCheck: service.ipCheck,
    serviceModes: service.serviceModes,
    setMaintenance: service.setMaintenance,
    setUkOpen: service.setUkOpen,
  };
});
