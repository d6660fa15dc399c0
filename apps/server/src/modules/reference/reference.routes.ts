import {
  API_BASE, commonHeadersSchema, countryItemSchema, currencyItemSchema, currencyPairItemSchema, envelopeOf,
  listCurrencyPairQuerySchema, listCurrencyQuerySchema, ok, PATHS,
} from '@causeway/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { createReferenceRepository } from './reference.repository.ts';
import { createReferenceService } from './reference.service.ts';

export function registerReferenceRoutes(app: FastifyInstance, db: Database): void {
  const service = createReferenceService(createReferenceRepository(db));
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['reference'];

  routes.get(`${API_BASE}${PATHS.listCountryCode}`, {
    schema: { tags, summary: 'Every country with its flag, in en and zh', headers: commonHeadersSchema, response: { 200: envelopeOf(z.array(countryItemSchema)) } },
    handler: async () => ok(await service.listCountries()),
  });

  routes.get(`${API_BASE}${PATHS.listCurrency}`, {
    schema: {
      tags, summary: 'The asset catalogue: fiat and crypto with networks and decimals',
      headers: commonHeadersSchema, querystring: listCurrencyQuerySchema, response: { 200: envelopeOf(z.array(currencyItemSchema)) },
    },
    handler: async (request) => ok(await service.listCurrencies(request.query.assetType)),
  });

  routes.get(`${API_BASE}${PATHS.listCurrencyPairByBaseCurrency}`, {
    schema: {
      tags, summary: 'Pairs of one fiat base currency with limits, by channel',
      headers: commonHeadersSchema, querystring: listCurrencyPairQuerySchema, response: { 200: envelopeOf(z.array(currencyPairItemSchema)) },
    },
    handler: async (request) => ok(await service.listPairs(request.query)),
  });
}
