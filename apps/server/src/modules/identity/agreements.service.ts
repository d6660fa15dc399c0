import {
  AGREEMENT_LINK_KEYS,
  AGREEMENT_VERSIONS,
  type AgreementProtocol,
  type AgreementStatus,
  currentProtocolMap,
  type Entity,
  entityProtocolOf,
  ErrorCode,
  type ProtocolMap,
  requiredAgreements,
  type TermsAndStatements,
} from '@causeway/contracts';
import { AppError } from '../../platform/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import type { IdentityRepository } from './identity.repository.ts';

/** The entity statements: each belongs to one entity (the terms belong to a channel, and anyone may accept either). */
const STATEMENTS: readonly AgreementProtocol[] = ['STATEMENT', 'STATEMENT_LI'];

/** The protocols a map names, in the order of the map. */
const protocolsOf = (map: ProtocolMap) => Object.keys(map) as AgreementProtocol[];

/**
 * Refuses a map that names a version other than the current one (an old page, a guess): AGR0000001,
 * naming the first. The schema already refused unknown protocols and versions that are no date.
 */
export function assertCurrentVersions(map: ProtocolMap): void {
  for (const protocol of protocolsOf(map)) {
    const current = AGREEMENT_VERSIONS[protocol];
    if (map[protocol] !== current)
      throw new AppError(ErrorCode.AgreementVersionNotCurrent, `${protocol} ${map[protocol]} is not the current version: ${current} is.`, {
        protocol,
        currentVersion: current,
      });
  }
}

/**
 * The agreements a person accepts (docs/rules/agreements.md), kept in user_agreements: which are due for an
 * account (terms-and-statements), accepting them (v2), and what a new account accepts with its terms box.
 */
export function createAgreementService(deps: { repository: IdentityRepository; clock: Clock }) {
  const { repository, clock } = deps;

  /** Each protocol at its current version, and whether (and first when) the person accepted that version. */
  async function statusOf(userId: string, protocols: readonly AgreementProtocol[]): Promise<AgreementStatus[]> {
    const rows = await repository.listAgreements(userId, protocols);
    return protocols.map((protocol) => {
      const version = AGREEMENT_VERSIONS[protocol];
      const row = rows.find((candidate) => candidate.protocol === protocol && candidate.version === version);
      return {
        protocol,
        version,
        link: AGREEMENT_LINK_KEYS[protocol],
        accepted: row !== undefined,
        acceptedAt: row?.acceptedAt.toISOString() ?? null,
      };
    });
  }

  return {
    /** terms-and-statements (v1): the channel's terms and the entity's statement, at their current versions. */
    async due(user: { id: string; entityTag: string }, isRoma: boolean): Promise<TermsAndStatements> {
      const entity = user.entityTag as Entity;
      const protocols = requiredAgreements(entity, isRoma);
      const agreements = await statusOf(user.id, protocols);
      return {
        entity,
        agreements,
        allAccepted: agreements.every((agreement) => agreement.accepted),
        protocolMap: currentProtocolMap(protocols),
      };
    },

    /**
     * terms-and-statements v2: records each agreement of the map, all or nothing. Every version must be the
     * current one (AGR0000001) and a statement the account's own entity's (AGR0000002: another entity's is
     * accepted by moving there, entity-switch). Accepting again changes nothing, not even when.
     */
    async accept(user: { id: string; entityTag: string }, map: ProtocolMap): Promise<AgreementStatus[]> {
      assertCurrentVersions(map);
      const protocols = protocolsOf(map);
      const own = entityProtocolOf(user.entityTag as Entity);
      const foreign = protocols.find((protocol) => STATEMENTS.includes(protocol) && protocol !== own);
      if (foreign)
        throw new AppError(ErrorCode.AgreementNotForEntity, `${foreign} is another entity's statement: this account accepts ${own}.`, {
          protocol: foreign,
          entityProtocol: own,
        });
      const acceptedAt = clock.now();
      await repository.recordAgreements(
        protocols.map((protocol) => ({ userId: user.id, protocol, version: AGREEMENT_VERSIONS[protocol], acceptedAt })),
      );
      return statusOf(user.id, protocols);
    },

    /** A new account's terms box: the channel's terms and its entity's statement, at their current versions. */
    async recordSignUp(user: { id: string; entityTag: string }, isRoma: boolean, acceptedAt: Date): Promise<void> {
      const protocols = requiredAgreements(user.entityTag as Entity, isRoma);
      await repository.recordAgreements(
        protocols.map((protocol) => ({ userId: user.id, protocol, version: AGREEMENT_VERSIONS[protocol], acceptedAt })),
      );
    },
  };
}

export type AgreementService = ReturnType<typeof createAgreementService>;
