import { API_BASE, CALLS, ok } from '@causeway/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { registerCall } from '../../platform/calls.ts';
import type { Clock } from '../../platform/clock.ts';
import type { RateLimiter } from '../../platform/rate-limit.repository.ts';
import { emailLanguageOf } from '../../platform/request-language.ts';
import { CSV_CONTENT_TYPE } from './history-export-csv.ts';
import type { HistoryExportService } from './history-export.service.ts';

/**
 * Where an export's file downloads from. Not a call of the contracts (it answers the file, not an
 * envelope): the page never builds it, it follows the link export-history/status answers.
 */
export const HISTORY_EXPORT_DOWNLOAD_PATH = `${API_BASE}/capi/v1/customer/order/export-history/download`;

const downloadQuerySchema = z.object({
  exportId: z.string().min(1).max(48),
  sig: z.string().min(1).max(128),
});

/** Download links refused per address and hour before the next is refused unchecked (a link cannot be guessed; the route is still bounded). */
export const DOWNLOAD_REFUSALS_PER_ADDRESS_PER_HOUR = 60;
const HOUR_MS = 60 * 60 * 1000;

/** The history export's calls (docs/rules/calls.md) and its download link. */
export function registerHistoryExportRoutes(
  app: FastifyInstance,
  deps: { service: HistoryExportService; rateLimiter: RateLimiter; clock: Clock },
): void {
  registerCall(app, CALLS.exportHistory, async (request) =>
    ok(await deps.service.request(request.auth!.user, request.body, request.body.lang ?? emailLanguageOf(request))),
  );

  registerCall(app, CALLS.exportHistoryStatus, async (request) =>
    ok(await deps.service.status(request.auth!.user, request.query.exportId)),
  );

  app.get(HISTORY_EXPORT_DOWNLOAD_PATH, {
    schema: {
      tags: ['orders'],
      summary:
        "An export's CSV through the link export-history/status answered (text/csv, an attachment); not found once it expired, or for a link not signed by this server",
      querystring: downloadQuerySchema,
    },
    // Whoever holds the link: its signature, checked by the service, is the credential.
    config: { caller: 'ticket' },
    handler: async (request, reply) => {
      const { exportId, sig } = request.query as z.infer<typeof downloadQuerySchema>;
      const file = await deps.rateLimiter.countRefusals(
        `history-export-link:ip:${request.ipKey}`,
        DOWNLOAD_REFUSALS_PER_ADDRESS_PER_HOUR,
        HOUR_MS,
        deps.clock.now(),
        'Too many invalid download links from this address: try again later.',
        () => deps.service.download(exportId, sig),
      );
      return reply
        .header('content-type', CSV_CONTENT_TYPE)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.bytes);
    },
  });
}
