import { CALLS, ok } from '@causeway/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../platform/calls.ts';
import type { ReferenceService } from './reference.service.ts';

export function registerReferenceRoutes(app: FastifyInstance, service: ReferenceService): void {
  registerCall(app, CALLS.listCountryCode, async () => ok(await service.listCountries()));
  registerCall(app, CALLS.listCurrency, async (request) => ok(await service.listCurrencies(request.query.assetType)));
  registerCall(app, CALLS.listCurrencyPairByBaseCurrency, async (request) => ok(await service.listPairs(request.query)));
}
