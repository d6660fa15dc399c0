import { AppError } from '../../platform/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import type { IdentityRepository, UserRow } from './identity.repository.ts';

/** trust.md: after 5 failed sign-ins the account's sign-in is locked for 1 hour. */
export const LOGIN_LOCK_POLICY = { maxFailures: 5, lockMs: 60 * 60 * 1000 } as const;
export const LOCKED_MESSAGE = 'Maximum attempts exceeded, try again in 1 hour';

/**
 * The account lock shared by every check of a credential (password, email code, authenticator
 * code). Counted in the users table, so it holds across server processes.
 */
export function createSignInLock(repository: IdentityRepository, clock: Clock) {
  return {
    /** Throws the lock error while the account is locked. */
    assertUnlocked(user: UserRow): void {
      if (user.loginLockedUntil && user.loginLockedUntil > clock.now()) throw new AppError('USE000002002', LOCKED_MESSAGE);
    },

    /** Counts one failure; the fifth locks the account and throws the lock error. */
    async recordFailure(user: UserRow): Promise<void> {
      const failures = await repository.incrementFailedLogins(user.id);
      if (failures >= LOGIN_LOCK_POLICY.maxFailures) {
        await repository.updateUser(user.id, { failedLoginCount: 0, loginLockedUntil: new Date(clock.now().getTime() + LOGIN_LOCK_POLICY.lockMs) });
        throw new AppError('USE000002002', LOCKED_MESSAGE);
      }
    },

    /** A complete sign-in starts the count afresh. */
    async reset(user: UserRow): Promise<void> {
      await repository.updateUser(user.id, { failedLoginCount: 0 });
    },
  };
}

export type SignInLock = ReturnType<typeof createSignInLock>;
