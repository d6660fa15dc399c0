import { AppError } from '../../platform/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import type { IdentityRepository, UserRow } from './identity.repository.ts';
import { hashPassword } from './password-hasher.ts';

export function createPasswordService(deps: { repository: IdentityRepository; clock: Clock }) {
  const { repository, clock } = deps;
  return {
    /** setPWD after a code sign-up: only when the account has no password yet. The rule was checked by the schema. */
    async init(user: UserRow, password: string): Promise<void> {
      if (user.passwordHash) throw new AppError('USE000001004');
      await repository.updateUser(user.id, { passwordHash: await hashPassword(password), passwordChangedAt: clock.now() });
    },
  };
}
