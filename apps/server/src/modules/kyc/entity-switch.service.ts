import { ErrorCode, AGREEMENT_VERSIONS, entityProtocolOf } from '@causeway/contracts';
import { AppError } from '../../platform/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import type { IdentityFace, People, SignedIn } from '../identity/index.ts';
import type { KycProfileRow, KycRepository } from './kyc.repository.ts';

type Entity = 'PL' | 'LI';

/**
 * Entity migration (docs/rules/order-states.md): an operator routes an account to another entity (routeEntity, by a
 * deadline). The person accepts the target entity's statement and the account moves; or chooses
 * "later" until the deadline. The statement accepted is kept in user_agreements.
 */
export function createEntitySwitchService(deps: {
  repository: KycRepository;
  identity: People;
  refreshSession: IdentityFace['refreshSession'];
  clock: Clock;
}) {
  const { repository, identity, clock } = deps;

  const targetOf = (profile: KycProfileRow | undefined, current: string): Entity | null =>
    profile?.routeEntity && profile.routeEntity !== current ? (profile.routeEntity as Entity) : null;

  return {
    async precheck(auth: SignedIn) {
      const profile = await repository.findProfile(auth.user.id);
      const target = targetOf(profile, auth.user.entityTag);
      const deadline = profile?.entitySwitchDeadline ?? null;
      const protocol = target ? entityProtocolOf(target) : null;
      return {
        canSwitch: target !== null,
        currentEntity: auth.user.entityTag as Entity,
        targetEntity: target,
        deadline: deadline?.toISOString() ?? null,
        overDeadLine: deadline !== null && deadline <= clock.now(),
        protocol,
        version: protocol ? AGREEMENT_VERSIONS[protocol] : null,
      };
    },

    /** Moves the account, records the statement, clears the switch data and rotates the session. */
    async switch(auth: SignedIn, entityProtocolId: 'STATEMENT' | 'STATEMENT_LI') {
      const profile = await repository.findProfile(auth.user.id);
      const target = targetOf(profile, auth.user.entityTag);
      if (!target || entityProtocolOf(target) !== entityProtocolId) throw new AppError(ErrorCode.EntitySwitchNotDue);
      const now = clock.now();
      await identity.recordAgreement({
        userId: auth.user.id,
        protocol: entityProtocolId,
        version: AGREEMENT_VERSIONS[entityProtocolId],
        acceptedAt: now,
      });
      await identity.moveToEntity(auth.user.id, target);
      await repository.updateProfile(auth.user.id, {
        entitySwitch: false,
        routeEntity: null,
        entitySwitchDeadline: null,
        hitClickedLater: false,
        updatedAt: now,
      });
      return { entityTag: target, token: await deps.refreshSession(auth) };
    },

    /**
     * An operator starts a migration (the desk's person screen): the account is routed to the other entity, by the
     * deadline; the person then meets user-migration and may choose "later" until it passes. Refused (KYC0000003)
     * for an account already in that entity, a business, or an individual whose verification has not passed.
     */
    async route(input: { userId: string; target: Entity; deadline: Date }) {
      const person = await identity.findById(input.userId);
      if (!person) throw new AppError(ErrorCode.OperatorTargetNotFound, 'No such account.');
      if (person.entityTag === input.target) throw new AppError(ErrorCode.EntitySwitchNotDue, `The account is already in ${input.target}.`);
      const profile = await repository.findProfile(input.userId);
      if (person.userType !== 'Individual' || profile?.kycStatus !== 'Pass')
        throw new AppError(ErrorCode.EntitySwitchNotDue, 'Only a verified individual is moved to another entity.');
      const before = { routeEntity: profile.routeEntity, deadline: profile.entitySwitchDeadline?.toISOString() ?? null };
      await repository.updateProfile(input.userId, {
        routeEntity: input.target,
        entitySwitchDeadline: input.deadline,
        hitClickedLater: false,
        updatedAt: clock.now(),
      });
      return {
        userId: input.userId,
        currentEntity: person.entityTag as Entity,
        targetEntity: input.target,
        deadline: input.deadline.toISOString(),
        before,
      };
    },

    /** "Later": remembered until the deadline, after which the migration is no longer optional. */
    async later(auth: SignedIn) {
      const profile = await repository.findProfile(auth.user.id);
      if (!targetOf(profile, auth.user.entityTag)) throw new AppError(ErrorCode.EntitySwitchNotDue);
      await repository.updateProfile(auth.user.id, { hitClickedLater: true, updatedAt: clock.now() });
      return { hitClickedLaterCache: true, entitySwitchDeadline: profile?.entitySwitchDeadline?.toISOString() ?? null };
    },
  };
}

export type EntitySwitchService = ReturnType<typeof createEntitySwitchService>;
