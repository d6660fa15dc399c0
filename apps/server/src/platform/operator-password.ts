import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from './clock.ts';
import { constantTimeEqual } from './crypto.ts';
import type { OperatorAttemptsRepository } from './operator-attempts.repository.ts';
import type { RateLimiter } from './rate-limit.repository.ts';
import { RateLimitedError } from './rate-limited.ts';

/**
 * An operator password is checked like a sign-in (issue 13): 5 wrong passwords from an address
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

export interface OperatorPasswordDeps {
  /** The password (HTTP Basic, any user name). Unset: every request passes (register the pages only on a sandbox install then). */
  password?: string | undefined;
  /**
   * The counters' name: `<scope>:ip:<request.ipKey>` and `<scope>:all` in rate_limit_buckets. One scope
   * per password, so every page behind the same password shares its limit.
   */
  scope: string;
  rateLimiter: RateLimiter;
  attempts: OperatorAttemptsRepository;
  clock: Clock;
}

/**
 * One operator password and its brute-force limit, for every server-rendered operator page behind
 * it (the help desk's tickets, the orders awaiting an operator).
 */
export function createOperatorPassword(deps: OperatorPasswordDeps) {
  const policy = OPERATOR_LOCK_POLICY;
  const overallKey = `${deps.scope}:all`;

  /**
   * Whether the request carries the password (always true without one). Each check is counted
   * before the comparison (one atomic upsert per counter), so parallel guesses cannot pass the
   * limit between a read and a write; a right password gives its check back. Throws REQ0000429
   * with Retry-After while the address (or everyone) is locked, without comparing.
   */
  async function accepts(request: FastifyRequest): Promise<boolean> {
    if (!deps.password) return true;
    const given = basicPassword(request);
    if (given === undefined) return false; // a browser's first request: no password was tried
    const now = deps.clock.now();
    const addressKey = `${deps.scope}:ip:${request.ipKey}`;
    const address = await deps.rateLimiter.hit(addressKey, policy.maxFailuresPerAddress, policy.lockMs, now);
    if (!address.allowed)
      throw new RateLimitedError(address.retryAfterMs, 'Too many wrong operator passwords from this address: try again in an hour.');
    const overall = await deps.rateLimiter.hit(overallKey, policy.maxFailuresOverall, policy.lockMs, now);
    if (!overall.allowed) {
      await deps.rateLimiter.giveBack(addressKey);
      throw new RateLimitedError(overall.retryAfterMs, 'Too many wrong operator passwords: try again in an hour.');
    }
    if (constantTimeEqual(given, deps.password)) {
      await deps.rateLimiter.giveBack(addressKey);
      await deps.rateLimiter.giveBack(overallKey);
      return true;
    }
    // The failure stays counted; the one that locks starts the hour now.
    if (address.count >= policy.maxFailuresPerAddress) await deps.attempts.restartWindow(addressKey, now);
    return false;
  }

  return {
    accepts,

    /**
     * The onRequest hook of one page (checked before the request is read, like a session):
     * without the right password, 401 with a Basic challenge naming `realm` and saying `message`;
     * while locked, REQ0000429 (thrown to the error handler).
     */
    guard(realm: string, message: string) {
      return async (request: FastifyRequest, reply: FastifyReply) => {
        if (await accepts(request)) return;
        return reply
          .status(401)
          .header('www-authenticate', `Basic realm="${realm}", charset="UTF-8"`)
          .header('cache-control', 'no-store')
          .type('text/plain; charset=utf-8')
          .send(message);
      };
    },
  };
}

export type OperatorPassword = ReturnType<typeof createOperatorPassword>;
