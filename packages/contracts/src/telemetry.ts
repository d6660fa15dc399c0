import { z } from 'zod';
import { TRACE_ELEMENT_ID_PATTERN, TRACE_LIMITS } from './telemetry-rules.ts';

/**
 * One analytics event of `user/trace/log` (docs/rules/calls.md): what was used (elementId, and a part of it),
 * an optional short message, when, and the client's uuid for the event (a resent batch can be told apart).
 * The session (`token` header) is not part of the event: the server attributes the batch to the person when it
 * is present and valid.
 */
export const traceEventSchema = z.object({
  uuid: z.uuid(),
  elementId: z
    .string()
    .min(1)
    .max(TRACE_LIMITS.elementIdChars)
    .regex(TRACE_ELEMENT_ID_PATTERN, 'elementId may hold letters, digits and . _ - only'),
  subElementId: z.string().min(1).max(TRACE_LIMITS.subElementIdChars).optional(),
  message: z.string().max(TRACE_LIMITS.messageChars).optional(),
  at: z.iso.datetime({ offset: true }).describe('when the event happened, on the client'),
});
export type TraceEvent = z.infer<typeof traceEventSchema>;

export const traceBatchSchema = z.object({
  events: z.array(traceEventSchema).min(1).max(TRACE_LIMITS.eventsPerBatch),
});
export type TraceBatch = z.infer<typeof traceBatchSchema>;
