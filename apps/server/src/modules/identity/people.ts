import type { IdentityRepository, UserRow } from './identity.repository.ts';
import type { Principal } from './principal.ts';

/** An agreement a person accepted: which statement (its protocol), which version, and when. */
export interface Agreement {
  userId: string;
  protocol: string;
  version: string;
  acceptedAt: Date;
}

/**
 * The people behind the accounts, as other modules may read and change them: plain data (a
 * Principal, never the identity module's row with its password hash), and only the changes other
 * modules make (a verification outcome blocks an account, the entity switch moves one).
 */
export interface People {
  findById(id: string): Promise<Principal | undefined>;
  findByEmail(email: string): Promise<Principal | undefined>;
  /** Blocks the account for a reason code (a verification that found a sanctions hit, say). */
  block(userId: string, reasonCode: string): Promise<void>;
  /** Moves the account to another entity and ends any pending switch. */
  moveToEntity(userId: string, entityTag: string): Promise<void>;
  /** Records an accepted agreement; accepting the same version again changes nothing. */
  recordAgreement(agreement: Agreement): Promise<void>;
  hasAgreement(userId: string, protocol: string, version: string): Promise<boolean>;
  /** The operator's desk: accounts by id, or by part of their email (all when empty), newest first. */
  search(text: string, offset: number, limit: number): Promise<{ total: number; people: Principal[] }>;
}

/** A user row as other modules see it: the Principal's fields, copied, so no credential travels. */
export function principalOf(row: UserRow): Principal {
  return {
    id: row.id,
    email: row.email,
    userType: row.userType,
    accountStatus: row.accountStatus,
    accountStatusReasonCode: row.accountStatusReasonCode,
    entityTag: row.entityTag,
    targetEntityTag: row.targetEntityTag,
    sensitiveActionsSuspendedUntil: row.sensitiveActionsSuspendedUntil,
    createdAt: row.createdAt,
  };
}

export function createPeople(repository: IdentityRepository): People {
  const principal = (row: UserRow | undefined) => (row ? principalOf(row) : undefined);
  return {
    findById: async (id) => principal(await repository.findUserById(id)),
    findByEmail: async (email) => principal(await repository.findUserByEmail(email)),
    block: (userId, reasonCode) => repository.updateUser(userId, { accountStatus: 'Blocked', accountStatusReasonCode: reasonCode }),
    moveToEntity: (userId, entityTag) => repository.updateUser(userId, { entityTag, targetEntityTag: null }),
    recordAgreement: (agreement) => repository.recordAgreement(agreement),
    hasAgreement: (userId, protocol, version) => repository.hasAgreement(userId, protocol, version),
    async search(text, offset, limit) {
      const { total, rows } = await repository.searchUsers(text, offset, limit);
      return { total, people: rows.map(principalOf) };
    },
  };
}
