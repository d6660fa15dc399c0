import {
  API_BASE, commonHeadersSchema, entryConfigSchema, envelopeOf, featureSwitchItemSchema, featureSwitchQuerySchema,
  getEntryConfigQuerySchema, getLinksQuerySchema, type LegalUrls, menuLinkSchema, ok, PATHS,
} from '@causeway/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { createEntryRepository } from './entry.repository.ts';
import { createEntryService } from './entry.service.ts';

export function registerEntryRoutes(app: FastifyInstance, db: Database, { legalUrls = {} }: { legalUrls?: LegalUrls } = {}): void {
  const service = createEntryService(createEntryRepository(db), legalUrls);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['entry'];

  routes.get(`${API_BASE}${PATHS.getEntryConfig}`, {
    schema: {
      tags, summary: 'How the checkout opens for a merchant', headers: commonHeadersSchema,
      querystring: getEntryConfigQuerySchema, response: { 200: envelopeOf(entryConfigSchema) },
    },
    handler: async (request) => ok(await service.getEntryConfig(request.query.merchantCode)),
  });

  routes.get(`${API_BASE}${PATHS.menuLinks}`, {
    schema: {
      tags, summary: 'Copyright and legal links by brand and entity (entity from the query, else the entity header)',
      headers: commonHeadersSchema, querystring: getLinksQuerySchema, response: { 200: envelopeOf(z.array(menuLinkSchema)) },
    },
    handler: async (request) => ok(await service.getLinks(request.query.brand, request.query.entity ?? request.headers.entity)),
  });

  routes.get(`${API_BASE}${PATHS.featureSwitch}`, {
    schema: {
      tags, summary: 'Feature switches for buy, deposit and withdraw', headers: commonHeadersSchema,
      querystring: featureSwitchQuerySchema, response: { 200: envelopeOf(z.array(featureSwitchItemSchema)) },
    },
    handler: async (request) => {
      const { clientType, entry, version } = request.query;
      return ok(await service.listFeatureSwitches(clientType, entry, version));
    },
  });
}
