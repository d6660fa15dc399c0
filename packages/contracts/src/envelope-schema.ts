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

/** The envelope of a failed call: `data` is always null. */
export const errorEnvelopeSchema = envelopeOf(z.null());
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
