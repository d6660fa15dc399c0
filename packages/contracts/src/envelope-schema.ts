import { z } from 'zod';

/** Wraps a data schema in the envelope, for route response schemas and client parsing. */
export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({
    status: z.number().int(),
    code: z.string(),
    msg: z.string(),
    data,
  });
}

/**
 * The envelope of a failed call: `data` is null, or a few named values the client shows in its
 * own words (e.g. the min and max of "Transaction Limit Exceeded").
 */
export const errorEnvelopeSchema = envelopeOf(z.record(z.string(), z.string()).nullable());
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
