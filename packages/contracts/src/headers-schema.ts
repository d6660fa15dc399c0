import { z } from 'zod';
import { ENTITIES } from './headers.ts';

export const entitySchema = z.enum(ENTITIES);

/**
 * The headers every /prod-api call may carry. Validated on every route: a malformed value is a
 * 400, never ignored. Other headers (browsers send many) pass through untouched.
 */
export const commonHeadersSchema = z.looseObject({
  token: z.string().min(1).max(512).optional(),
  'business-token': z.string().min(1).max(512).optional(),
  entity: entitySchema.optional(),
  independent: z.enum(['true', 'false']).optional(),
  'device-id': z
    .string()
    .min(1)
    .max(128)
    .regex(/^[\w.:-]+$/, 'device-id may hold letters, digits and . _ : - only')
    .optional(),
});
export type CommonHeaders = z.infer<typeof commonHeadersSchema>;
