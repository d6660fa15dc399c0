/** Entities of docs/rules/entities.md: PL and LI (LI is the default). */
export const ENTITIES = ['PL', 'LI'] as const;
export type Entity = (typeof ENTITIES)[number];
export const DEFAULT_ENTITY: Entity = 'LI';

/** Header names the web client sends (docs/ARCHITECTURE.md, "The call contract"). */
export const HEADER = {
  token: 'token',
  businessToken: 'business-token',
  entity: 'entity',
  independent: 'independent',
  deviceId: 'device-id',
  requestId: 'x-request-id',
  translationsApiKey: 'api-key',
  idempotencyKey: 'idempotency-key',
} as const;
