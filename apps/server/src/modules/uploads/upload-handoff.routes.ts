import {
  API_BASE, commonHeadersSchema, createUploadHandoffRequestSchema, createUploadHandoffResultSchema, envelopeOf, ok, PATHS, signUploadResultSchema,
  uploadHandoffCompleteRequestSchema, uploadHandoffFilesQuerySchema, uploadHandoffSignRequestSchema, uploadHandoffStateSchema, uploadHandoffTicketSchema,
} from '@causeway/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { IdentityModule } from '../identity/identity.module.ts';
import type { Clock } from '../../platform/clock.ts';
import type { RateLimiter } from '../../platform/rate-limit.repository.ts';
import { RateLimitedError } from '../../platform/rate-limited.ts';
import type { UploadHandoffService } from './upload-handoff.service.ts';

const HOUR_MS = 3_600_000;
/** Links a person may make an hour: each is a row and a QR code; a person needs one or two. */
export const LINKS_PER_HOUR = 10;
/** The phone's calls from one address an hour: a few polls and three calls per file suffice. */
export const PHONE_CALLS_PER_HOUR = 300;

/**
 * The phone handoff of the file-upload page (chosen; see upload-handoff.service.ts). The computer's
 * two calls need the session; the phone's three carry the link's ticket in a POST body, never in
 * a URL, so it stays out of access logs.
 */
export function registerUploadHandoffRoutes(app: FastifyInstance, deps: { handoffs: UploadHandoffService; identity: IdentityModule; publicUrl: string | undefined; rateLimiter: RateLimiter; clock: Clock }): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['uploads'];
  const { handoffs } = deps;

  async function limit(key: string, perHour: number) {
    const verdict = await deps.rateLimiter.hit(key, perHour, HOUR_MS, deps.clock.now());
    if (!verdict.allowed) throw new RateLimitedError(verdict.retryAfterMs, 'Too many upload link requests: try again later.');
  }
  /** The phone's calls carry no session: bounded per address (each link has its own caps too). */
  const limitPhone = async (request: FastifyRequest) => limit(`upload-handoff-phone:ip:${request.ipKey}`, PHONE_CALLS_PER_HOUR);
  // Where the link points: the configured public address, else the address this request reached.
  const originOf = (request: FastifyRequest) => deps.publicUrl ?? `${request.protocol}://${request.host}`;

  routes.post(`${API_BASE}${PATHS.uploadHandoffCreate}`, {
    schema: { tags, summary: 'A 30-minute link (and its QR code) to upload identity documents from a phone', headers: commonHeadersSchema, body: createUploadHandoffRequestSchema, response: { 200: envelopeOf(createUploadHandoffResultSchema) } },
    preHandler: [deps.identity.guard.requireSession, async (request) => limit(`upload-handoff-create:user:${request.auth!.user.id}`, LINKS_PER_HOUR)],
    handler: async (request) => ok(await handoffs.create(request.auth!.user, { purpose: 'kyc', origin: originOf(request), lng: request.body.lng })),
  });

  routes.get(`${API_BASE}${PATHS.uploadHandoffFiles}`, {
    schema: { tags, summary: 'The files that arrived through a handoff link, for the person who made it', headers: commonHeadersSchema, querystring: uploadHandoffFilesQuerySchema, response: { 200: envelopeOf(uploadHandoffStateSchema) } },
    preHandler: deps.identity.guard.requireSession,
    handler: async (request) => ok(await handoffs.filesFor(request.auth!.user, request.query.handoffId)),
  });

  routes.post(`${API_BASE}${PATHS.uploadHandoffState}`, {
    schema: { tags, summary: 'Phone: whether a handoff link is alive, and the files it took (no session)', body: uploadHandoffTicketSchema, response: { 200: envelopeOf(uploadHandoffStateSchema) } },
    onRequest: limitPhone,
    handler: async (request) => ok(await handoffs.state(request.body.ticket)),
  });

  routes.post(`${API_BASE}${PATHS.uploadHandoffSignUpload}`, {
    schema: { tags, summary: 'Phone: a 10-minute URL to PUT one document to, for the link\'s owner (no session)', body: uploadHandoffSignRequestSchema, response: { 200: envelopeOf(signUploadResultSchema) } },
    onRequest: limitPhone,
    handler: async (request) => ok(await handoffs.signUpload(request.body.ticket, request.body.s3FileName)),
  });

  routes.post(`${API_BASE}${PATHS.uploadHandoffComplete}`, {
    schema: { tags, summary: 'Phone: a document was PUT; listed once its stored bytes pass the rules (no session)', body: uploadHandoffCompleteRequestSchema, response: { 200: envelopeOf(uploadHandoffStateSchema) } },
    onRequest: limitPhone,
    handler: async (request) => ok(await handoffs.complete(request.body.ticket, request.body)),
  });
}
