// The agreements a person accepts (docs/rules/agreements.md), apart from agreements.ts's schemas: the web app's
// consent dialog and sign-up log use them without bundling a schema library.
import type { Entity } from './headers.ts';
import { entityProtocolOf } from './kyc-rules.ts';
import type { LegalLinkKey } from './legal-links.ts';

/**
 * The current version of each agreement (docs/rules/limits.md#agreements): a new text gets a new date here, and
 * everyone who accepted the old one is asked again (terms-and-statements).
 */
export const AGREEMENT_VERSIONS = { TERM: '20241104', STATEMENT: '20241104', TERMROMA: '20241104', STATEMENT_LI: '20250101' } as const;

export const AGREEMENT_PROTOCOLS = [
  'TERM',
  'STATEMENT',
  'TERMROMA',
  'STATEMENT_LI',
] as const satisfies readonly (keyof typeof AGREEMENT_VERSIONS)[];
export type AgreementProtocol = (typeof AGREEMENT_PROTOCOLS)[number];

/** An agreement's protocol → the version accepted, as the calls carry it ({TERM: '20241104', STATEMENT_LI: '20250101'}). */
export type ProtocolMap = Partial<Record<AgreementProtocol, string>>;

/**
 * The longest time on the terms a pre-login log may report: a page left open overnight says no more
 * than this (docs/rules/agreements.md). A day, in milliseconds.
 */
export const AGREEMENT_LOG_MAX_VIEW_MS = 24 * 60 * 60 * 1000;

/** The legal page that shows each agreement's text: the terms (the Roma channel's own, too), or the entity's privacy statement. */
export const AGREEMENT_LINK_KEYS = {
  TERM: 'terms',
  TERMROMA: 'terms',
  STATEMENT: 'privacy',
  STATEMENT_LI: 'privacy',
} as const satisfies Record<AgreementProtocol, LegalLinkKey>;

/**
 * The agreements a person of `entity` must have accepted: the terms (TERMROMA in the Roma channel, TERM
 * elsewhere) and their entity's statement (PL → STATEMENT, any other → STATEMENT_LI).
 */
export function requiredAgreements(entity: Entity, isRoma: boolean): AgreementProtocol[] {
  return [isRoma ? 'TERMROMA' : 'TERM', entityProtocolOf(entity)];
}

/** The protocol map of the current versions of `protocols`. */
export function currentProtocolMap(protocols: readonly AgreementProtocol[]): Record<string, string> {
  return Object.fromEntries(protocols.map((protocol) => [protocol, AGREEMENT_VERSIONS[protocol]]));
}
