import { z } from 'zod';
import { PATHS } from '../paths.ts';
import { traceBatchSchema } from '../telemetry.ts';
import { defineCall } from './define-call.ts';

/** The analytics events the web client batches every 5 s (apps/web/src/lib/telemetry.ts). */
export const TELEMETRY_CALLS = {
  traceLog: defineCall({
    method: 'POST',
    path: PATHS.traceLog,
    // Sent by a beacon as the page goes away, when no header (so no session) can travel: anyone may send it,
    // bounded per address and per person instead. With a valid `token` the events are the person's.
    caller: 'public',
    tags: ['telemetry'],
    summary: 'A batch of analytics events (uuid, elementId, subElementId, message, at); secrets in a text are stored redacted',
    body: traceBatchSchema,
    result: z.null(),
  }),
};
