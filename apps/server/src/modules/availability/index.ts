export { availabilityModule, type AvailabilityFace } from './register.ts';
export { type CountryRefusal, type ServiceModeState, SERVICE_MODE_CACHE_TTL_MS, UK_LAUNCH_LIST } from './availability.service.ts';
