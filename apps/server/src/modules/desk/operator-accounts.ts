import { randomBytes } from 'node:crypto';
import type { OperatorRole } from '@causeway/contracts';
import { newId } from '../../platform/crypto.ts';
import { hashPassword } from '../identity/index.ts';
import type { DeskRepository } from './desk.repository.ts';
import type { OperatorTotp } from './operator-totp.ts';

/** A password made for a new operator (or a reset): 24 characters, 144 random bits; shown once, kept nowhere. */
export const newOperatorPassword = (): string => randomBytes(18).toString('base64url');

/**
 * Operators made and mended outside the desk: by the CLI (`npm run desk:operator`) and the sandbox's
 * demo operators. Not desk calls: the first admin has no desk to sign in to yet.
 */
export function createOperatorAccounts(deps: { repository: DeskRepository; totp: OperatorTotp; now: () => Date }) {
  const { repository, totp } = deps;
  return {
    /**
     * A new operator; false when the email has one already (nothing changes). With `totpSecret` (the
     * sandbox's published demo secrets) the authenticator is enrolled at once; without, the first
     * sign-in enrols one.
     */
    async create(input: {
      email: string;
      displayName: string;
      role: OperatorRole;
      password: string;
      totpSecret?: string;
    }): Promise<boolean> {
      return repository.insertOperator({
        id: newId('opr'),
        email: input.email.trim().toLowerCase(),
        displayName: input.displayName,
        passwordHash: await hashPassword(input.password),
        totpSecretSealed: input.totpSecret ? totp.seal(input.totpSecret) : null,
        totpEnrolledAt: input.totpSecret ? deps.now() : null,
        role: input.role,
        status: 'Active',
        createdAt: deps.now(),
      });
    },

    /** A new password and a new enrolment (a lost phone); answers the password, or undefined for an unknown email. */
    async reset(email: string): Promise<string | undefined> {
      const row = await repository.findOperatorByEmail(email);
      if (!row) return undefined;
      const password = newOperatorPassword();
      await repository.resetCredentials(row.id, await hashPassword(password));
      await repository.revokeSessionsOf(row.id, deps.now());
      return password;
    },

    /** Disables or enables by email (disabling ends the sessions); false for an unknown email. */
    async setStatus(email: string, status: 'Active' | 'Disabled'): Promise<boolean> {
      const row = await repository.findOperatorByEmail(email);
      if (!row) return false;
      await repository.setOperatorStatus(row.id, status);
      if (status === 'Disabled') await repository.revokeSessionsOf(row.id, deps.now());
      return true;
    },

    list: () => repository.listOperators(),
  };
}

export type OperatorAccounts = ReturnType<typeof createOperatorAccounts>;
