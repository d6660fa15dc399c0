import { z } from 'zod';

/** zendesk/request's body (docs/rules/calls.md): a Zendesk path, get or post, and that call's params. */
export const helpDeskRequestBodySchema = z.strictObject({
  url: z.string().trim().min(1).max(512),
  requestType: z.enum(['get', 'post']),
  /** Query parameters for get, the JSON body for post. */
  params: z.record(z.string(), z.unknown()).optional(),
});
export type HelpDeskRequestBody = z.infer<typeof helpDeskRequestBodySchema>;

/** zendesk/request's and zendesk/forward/file's answer: `data` holds the Zendesk-shaped JSON as text (the widget parses it). */
export const helpDeskRequestResultSchema = z.object({ data: z.string() });
export type HelpDeskRequestResult = z.infer<typeof helpDeskRequestResultSchema>;
