/** The body status and code of every successful answer (docs/rules/errors.md: "Success is body status 200"). */
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

/** Builds a success envelope. */
export function ok<T>(data: T): Envelope<T> {
  return { status: SUCCESS_STATUS, code: SUCCESS_CODE, msg: '', data };
}
