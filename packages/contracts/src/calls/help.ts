import { helpDeskRequestBodySchema, helpDeskRequestResultSchema } from '../help.ts';
import { PATHS } from '../paths.ts';
import { defineCall } from './define-call.ts';

const tags = ['help'];

/**
 * The help widget's calls (zendesk/request and zendesk/forward/file), answered by the help desk
 * for exactly the operations the widget needs. The widget lives on the signed-in pages, and a
 * ticket or upload is limited per person: every call needs a session.
 */
export const HELP_CALLS = {
  helpDeskRequest: defineCall({
    method: 'POST',
    path: PATHS.helpDeskRequest,
    caller: 'individual',
    tags,
    summary:
      "One of the help widget's Zendesk calls (articles by label, search, sections, a section's articles, an article, a new request); data.data is that call's JSON",
    body: helpDeskRequestBodySchema,
    result: helpDeskRequestResultSchema,
  }),
  helpDeskForwardFile: defineCall({
    method: 'POST',
    path: PATHS.helpDeskForwardFile,
    caller: 'individual',
    tags,
    summary:
      'Upload one attachment for a help request (multipart: url /api/v2/uploads.json, requestType post, optional name and author, then file); data.data is the upload JSON with its token',
    multipart: true,
    result: helpDeskRequestResultSchema,
  }),
} as const;
