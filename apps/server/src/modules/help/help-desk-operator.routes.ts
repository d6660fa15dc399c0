import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../platform/clock.ts';
import { constantTimeEqual } from '../../platform/crypto.ts';
import type { RateLimiter } from '../../platform/rate-limit.repository.ts';
import { RateLimitedError } from '../../platform/rate-limited.ts';
import type { BuiltinDeskRepository } from '../../providers/help-desk/builtin-desk.repository.ts';
import { safeDownloadName } from '../../providers/storage/storage.ts';
import { renderHelpDeskPage } from './help-desk.page.ts';
import type { OperatorAttemptsRepository } from './operator-attempts.repository.ts';

export interface HelpDeskOperatorDeps {
  repository: BuiltinDeskRepository;
  /** HELP_DESK_OPERATOR_PASSWORD: when set, the pages ask for it (HTTP Basic, any user name). Unset: open (sandbox installs only). */
  password?: string | undefined;
  rateLimiter: RateLimiter;
  attempts: OperatorAttemptsRepository;
  clock: Clock;
}

/**
 * The operator password is checked like a sign-in (issue 13): 5 wrong passwords from an address
 * lock that address for an hour, the right one included. The lock is per address, so someone
 * guessing elsewhere cannot shut the operator out; the overall ceiling only stops a crowd of
 * addresses (it would take 200 of them within an hour to reach it), and it ends with its hour.
 */
export const OPERATOR_LOCK_POLICY = { maxFailuresPerAddress: 5, maxFailuresOverall: 1000, lockMs: 60 * 60 * 1000 } as const;

/** The password an HTTP Basic header carries (any user name), or undefined when there is none. */
function basicPassword(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization ?? '';
  if (!header.startsWith('Basic ')) return undefined;
  const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
  return decoded.slice(decoded.indexOf(':') + 1);
}

const challenge = (reply: FastifyReply) => reply.status(401).header('www-authenticate', 'Basic realm="Causeway help desk", charset="UTF-8"').type('text/plain; charset=utf-8').send('The help desk needs the operator password.');

/**
 * The built-in desk's operator page (issue 6): the newest requests with their attachments.
 * Attachments are served as downloads, never rendered (trust.md: attachment + nosniff).
 */
export function registerHelpDeskOperatorRoutes(app: FastifyInstance, deps: HelpDeskOperatorDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const policy = OPERATOR_LOCK_POLICY;

  /**
   * Whether the request carries the operator's password (always true without one). Each check is
   * counted before the comparison (one atomic upsert per counter), so parallel guesses cannot
   * pass the limit between a read and a write; a right password gives its check back. Throws
   * REQ0000429 with Retry-After while the address (or everyone) is locked, without comparing.
   */
  async function isOperator(request: FastifyRequest): Promise<boolean> {
    if (!deps.password) return true;
    const given = basicPassword(request);
    if (given === undefined) return false; // a browser's first request: no password was tried
    const now = deps.clock.now();
    const addressKey = `help-desk-operator:ip:${request.ip}`;
    const overallKey = 'help-desk-operator:all';
    const address = await deps.rateLimiter.hit(addressKey, policy.maxFailuresPerAddress, policy.lockMs, now);
    if (!address.allowed) throw new RateLimitedError(address.retryAfterMs, 'Too many wrong operator passwords from this address: try again in an hour.');
    const overall = await deps.rateLimiter.hit(overallKey, policy.maxFailuresOverall, policy.lockMs, now);
    if (!overall.allowed) {
      await deps.attempts.giveBack(addressKey);
      throw new RateLimitedError(overall.retryAfterMs, 'Too many wrong operator passwords: try again in an hour.');
    }
    if (constantTimeEqual(given, deps.password)) {
      await deps.attempts.giveBack(addressKey);
      await deps.attempts.giveBack(overallKey);
      return true;
    }
    // The failure stays counted; the one that locks starts the hour now.
    if (address.count >= policy.maxFailuresPerAddress) await deps.attempts.restartWindow(addressKey, now);
    return false;
  }

  routes.get('/sandbox/help-desk', {
    schema: { tags: ['sandbox'], summary: 'Requests sent to the built-in help desk (HTML, or JSON with format=json)', querystring: z.object({ format: z.enum(['html', 'json']).default('html') }) },
    handler: async (request, reply) => {
      if (!(await isOperator(request))) return challenge(reply);
      const requests = await deps.repository.latestRequests(100);
      reply.header('cache-control', 'no-store');
      if (request.query.format === 'json') {
        return { requests: requests.map(({ attachments, createdAt, ...r }) => ({ ...r, createdAt: createdAt.toISOString(), attachments: attachments.map(({ token, fileName, size, contentType }) => ({ token, fileName, size, contentType })) })) };
      }
      return reply.type('text/html; charset=utf-8').send(renderHelpDeskPage(requests));
    },
  });

  routes.get('/sandbox/help-desk/requests/:requestId/attachments/:token', {
    schema: { tags: ['sandbox'], summary: "Download one attachment of a request", params: z.object({ requestId: z.coerce.number().int().positive().max(2_147_483_647), token: z.string().regex(/^[\w-]{1,64}$/) }) },
    handler: async (request, reply) => {
      if (!(await isOperator(request))) return challenge(reply);
      const file = await deps.repository.attachment(request.params.requestId, request.params.token);
      if (!file) return reply.status(404).type('text/plain; charset=utf-8').send('No such attachment.');
      return reply
        .header('content-disposition', `attachment; filename="${safeDownloadName(file.fileName)}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
        .header('cache-control', 'no-store')
        .type('application/octet-stream')
        .send(file.bytes);
    },
  });
}
