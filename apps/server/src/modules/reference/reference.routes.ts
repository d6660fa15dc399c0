import { CALLS, ok } from '@causeway/contracts';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { createReferenceRepository } from './reference.repository.ts';
import { createReferenceService } from './reference.service.ts';
import { registerCall } from '../../platform/calls.ts';

export function registerReferenceRoutes(app: FastifyInstance, db: Database, channelsOff: readonly string[] = []): void {
  const service = createReferenceService(createReferenceRepository(db, { channelsOff }));

  registerCall(app, CALLS.listCountryCode, async () => ok(await service.listCountries()));

  registerCall(app, CALLS.listCurrency, async (request) => ok(await service.listCurrencies(request.query.assetType)));

  registerCall(app, CALLS.listCurrencyPairByBaseCurrency, async (request) => ok(await service.listPairs(request.query)));
}
