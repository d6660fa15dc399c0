import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { API_BASE, PATHS } from '@causeway/contracts';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the routes' zod schemas: UI at /prod-api/docs, JSON at /prod-api/docs/json. */
export async function registerOpenApi(app: FastifyInstance, version: string): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Causeway API',
        description: 'Every answer is an envelope {status, code, msg, data}; failures carry a catalogue code.',
        version,
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: `${API_BASE}${PATHS.docs}`,
    // Swagger UI's own CSP (script hashes), plus the inline styles its widgets set at run time.
    staticCSP: true,
    transformStaticCSP: (header) => header.replace("style-src 'self' https:", "style-src 'self' 'unsafe-inline'"),
  });
}
