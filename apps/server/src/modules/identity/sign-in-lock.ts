import type { Principal } from './principal.ts';
import { ErrorCode } from '@causeway/contracts';
import { AppError } from '../../platform/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import type { RateLimiter } from '../../platform/rate-limit.repository.ts';
import { RateLimitedError } from '../../platform/rate-limited.ts';
import { WrongCodeError } from './email-code.service.ts';
import type { CredentialFactor, IdentityRepository } from './identity.repository.ts';
import type { Requester } from './requester.ts';

/**
 * docs/trust.md: after 5 failed checks of a factor, that factor is locked for 1 hour. Failures short of
 * a lock are forgotten 24 h after the last one: a guesser still gets at most 4 tries a day per factor.
 */
export const LOGIN_LOCK_POLICY = { maxFailures: 5, lockMs: 60 * 60 * 1000, forgetMs: 24 * 60 * 60 * 1000 } as const;
export const LOCKED_MESSAGE = 'Maximum attempts exceeded, try again in 1 hour';

/**
 * Checks per client address and hour, whatever the account (email codes have theirs in
 * EMAIL_CODE_POLICY): they bound how many accounts one source can guess at, or lock.
 */
export const CREDENTIAL_IP_POLICY = { passwordChecksPerIpPerHour: 100, authenticatorChecksPerIpPerHour: 60 } as const;

/** The first factors: a lock of either closes sign-in by password and by email code, and the owner is mailed an unlock link. */
export const FIRST_FACTORS: readonly CredentialFactor[] = ['password', 'email-code'];

const HOUR_MS = 60 * 60 * 1000;
const lockedError = () => new AppError(ErrorCode.TooManyAttempts, LOCKED_MESSAGE);

/**
 * The locks of every credential check: one counter per person and factor, shared by every place
 * the factor is checked. An attempt is counted before its check, by one conditional upsert that
 * refuses once the factor is locked; a pass clears the count, so 100 parallel guesses get exactly
 * 5 checks. Held in the database, so the count holds across server processes.
 */
export function createSignInLock(deps: {
  repository: IdentityRepository;
  rateLimiter: RateLimiter;
  clock: Clock;
  /** Called once when a first factor locks (the owner's unlock email); its failure never changes the answer. */
  onFirstFactorLocked: (user: Principal, requester: Requester) => Promise<void>;
}) {
  const { repository, rateLimiter, clock } = deps;

  async function limitIp(factor: CredentialFactor, ipKey: string) {
    // Email codes are limited per IP by the email code service, at every check of a code.
    if (factor === 'email-code') return;
    const [key, max] =
      factor === 'password'
        ? ['password-check', CREDENTIAL_IP_POLICY.passwordChecksPerIpPerHour]
        : ['authenticator-check', CREDENTIAL_IP_POLICY.authenticatorChecksPerIpPerHour];
    const hit = await rateLimiter.hit(`${key}:ip:${ipKey}`, max, HOUR_MS, clock.now());
    // The spec's lock code, with the window's end in Retry-After so the page can say when.
    if (!hit.allowed) throw new RateLimitedError(hit.retryAfterMs, LOCKED_MESSAGE, ErrorCode.TooManyAttempts);
  }

  async function failed(user: Principal, factor: CredentialFactor, count: number, requester: Requester | undefined): Promise<boolean> {
    if (count < LOGIN_LOCK_POLICY.maxFailures) return false;
    if (requester && FIRST_FACTORS.includes(factor)) await deps.onFirstFactorLocked(user, requester).catch(() => undefined);
    return true;
  }

  const lock = {
    /** The per-IP limit of a check that has no account to count against (an unknown email). */
    limitIp,

    /**
     * One counted check of `factor`: the per-IP limit, then the attempt reserved (USE000002002
     * when the factor is locked), then `verify`. A pass clears the count; a fail keeps it and the
     * fifth answers the lock. A WrongCodeError thrown by `verify` counts as a fail; any other error
     * gives the attempt back. `requester` is absent only where no client address is known.
     */
    async check(
      user: Principal,
      factor: CredentialFactor,
      requester: Requester | undefined,
      verify: () => Promise<boolean>,
    ): Promise<boolean> {
      if (requester) await limitIp(factor, requester.ipKey);
      const count = await repository.reserveCredentialAttempt(user.id, factor, LOGIN_LOCK_POLICY, clock.now());
      if (count === null) throw lockedError();
      let passed: boolean;
      try {
        passed = await verify();
      } catch (error) {
        if (!(error instanceof WrongCodeError)) {
          await repository.releaseCredentialAttempt(user.id, factor);
          throw error;
        }
        if (await failed(user, factor, count, requester)) throw lockedError();
        throw error;
      }
      if (passed) {
        await repository.clearCredentialFailures(user.id, [factor]);
        return true;
      }
      if (await failed(user, factor, count, requester)) throw lockedError();
      return false;
    },

    /** Sign-in by password or email code is closed while either first factor is locked. */
    async assertFirstFactorsOpen(user: Principal): Promise<void> {
      const locked = await repository.lockedFactors(user.id, LOGIN_LOCK_POLICY, clock.now());
      if (locked.some((factor) => FIRST_FACTORS.includes(factor))) throw lockedError();
    },

    /** After a right password: a locked authenticator keeps the sign-in closed (only someone past the first factor can lock it). */
    async assertAuthenticatorOpen(user: Principal): Promise<void> {
      if ((await repository.lockedFactors(user.id, LOGIN_LOCK_POLICY, clock.now())).includes('authenticator')) throw lockedError();
    },

    /** A reset or an unlock link lifts these locks. */
    clear: (user: Pick<Principal, 'id'>, factors: readonly CredentialFactor[]) => repository.clearCredentialFailures(user.id, factors),
  };
  return lock;
}

export type SignInLock = ReturnType<typeof createSignInLock>;
