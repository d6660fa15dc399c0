import { z } from 'zod';

/** Entities of spec §3: PL and LI (LI is the default). */
export const ENTITIES = ['PL', 'LI'] as const;
export const entitySchema = z.enum(ENTITIES);
export type Entity = z.infer<typeof entitySchema>;
export const DEFAULT_ENTITY: Entity = 'LI';

/** Header names the web client sends (architecture.md, "The call contract"). */
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

/**
 * The headers every /prod-api call may carry. Validated on every route: a malformed value is a
 * 400, never ignored. Other headers (browsers send many) pass through untouched.
 */
export const commonHeadersSchema = z.looseObject({
  token: z.string().min(1).max(512).optional(),
  'business-token': z.string().min(1).max(512).optional(),
  entity: entitySchema.optional(),
  independent: z.enum(['true', 'false']).optional(),
  'device-id': z.string().min(1).max(128).regex(/^[\w.:-]+$/, 'device-id may hold letters, digits and . _ : - only').optional(),
});
export type CommonHeaders = z.infer<typeof commonHeadersSchema>;
