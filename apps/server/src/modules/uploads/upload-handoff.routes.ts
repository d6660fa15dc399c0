import { CALLS, ok } from '@causeway/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { RateLimiter } from '../../platform/rate-limit.repository.ts';
import { RateLimitedError } from '../../platform/rate-limited.ts';
import type { UploadHandoffService } from './upload-handoff.service.ts';
import { registerCall } from '../../platform/calls.ts';

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
export function registerUploadHandoffRoutes(
  app: FastifyInstance,
  deps: { handoffs: UploadHandoffService; publicUrl: string | undefined; rateLimiter: RateLimiter; clock: Clock },
): void {
  const { handoffs } = deps;

  async function limit(key: string, perHour: number) {
    const verdict = await deps.rateLimiter.hit(key, perHour, HOUR_MS, deps.clock.now());
    if (!verdict.allowed) throw new RateLimitedError(verdict.retryAfterMs, 'Too many upload link requests: try again later.');
  }
  /** The phone's calls carry no session: bounded per address (each link has its own caps too). */
  const limitPhone = async (request: FastifyRequest) => limit(`upload-handoff-phone:ip:${request.ipKey}`, PHONE_CALLS_PER_HOUR);
  // Where the link points: the configured public address, else the address this request reached.
  const originOf = (request: FastifyRequest) => deps.publicUrl ?? `${request.protocol}://${request.host}`;

  registerCall(
    app,
    CALLS.uploadHandoffCreate,
    async (request) => ok(await handoffs.create(request.auth!.user, { purpose: 'kyc', origin: originOf(request), lng: request.body.lng })),
    { preHandler: async (request) => limit(`upload-handoff-create:user:${request.auth!.user.id}`, LINKS_PER_HOUR) },
  );

  registerCall(app, CALLS.uploadHandoffFiles, async (request) => ok(await handoffs.filesFor(request.auth!.user, request.query.handoffId)));

  registerCall(app, CALLS.uploadHandoffState, async (request) => ok(await handoffs.state(request.body.ticket)), { onRequest: limitPhone });

  registerCall(
    app,
    CALLS.uploadHandoffSignUpload,
    async (request) => ok(await handoffs.signUpload(request.body.ticket, request.body.s3FileName)),
    { onRequest: limitPhone },
  );

  registerCall(app, CALLS.uploadHandoffComplete, async (request) => ok(await handoffs.complete(request.body.ticket, request.body)), {
    onRequest: limitPhone,
  });
}
