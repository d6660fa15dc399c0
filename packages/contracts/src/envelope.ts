import { z } from 'zod';

/** The body status and code of every successful answer (spec §8: "Success is body status 200"). */
export const SUCCESS_STATUS = 200;
export const SUCCESS_CODE = '000000';

/**
 * Every answer under /prod-api is wrapped in this envelope. On success `status` is 200 and
 * `code` is `000000`; on failure `status` is the HTTP status (or a business status) and `code`
 * a catalogue code from `errors.ts`. `msg` is readable text, empty on success.
 */
export interface Envelope<T> {
  status: number;
  code: string;
  msg: string;
  data: T;
}

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

/** Builds a success envelope. */
export function ok<T>(data: T): Envelope<T> {
  return { status: SUCCESS_STATUS, code: SUCCESS_CODE, msg: '', data };
}
