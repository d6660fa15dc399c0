import { CALLS, type LegalUrls, ok } from '@causeway/contracts';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { createEntryRepository } from './entry.repository.ts';
import { createEntryService } from './entry.service.ts';
import { registerCall } from '../../platform/calls.ts';

export function registerEntryRoutes(app: FastifyInstance, db: Database, { legalUrls = {} }: { legalUrls?: LegalUrls } = {}): void {
  const service = createEntryService(createEntryRepository(db), legalUrls);

  registerCall(app, CALLS.getEntryConfig, async (request) => ok(await service.getEntryConfig(request.query.merchantCode)));

  // Buy-and-send is an entry's choice (its transaction types): an unknown merchant code has none, never an error to probe with.
  registerCall(app, CALLS.enableBuySend, async (request) => ok(await service.buySendOf(request.query.merchantCode)));

  registerCall(app, CALLS.menuLinks, async (request) =>
    ok(await service.getLinks(request.query.brand, request.query.entity ?? request.headers.entity)),
  );

  registerCall(app, CALLS.featureSwitch, async (request) => {
    const { clientType, entry, version } = request.query;
    return ok(await service.listFeatureSwitches(clientType, entry, version));
  });
}
