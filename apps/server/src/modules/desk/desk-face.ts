import type { FastifyRequest } from 'fastify';
import type { DeskActions, DeskActor } from './desk-actions.ts';
import type { RegisterDeskCall } from './desk-calls.ts';

/**
 * What other modules use of the desk (docs/rules/operator-desk.md "Adding a review screen"): they
 * register their screens' calls on it and make every change through `act`, which checks the role and
 * writes the audit row in the change's own transaction.
 */
export interface DeskFace {
  /** A desk call: the desk session first, then the role's permission (refusals audited), then the handler. */
  registerCall: RegisterDeskCall;
  /** An operator's change and its audit row, in one transaction, once the role may. */
  act: DeskActions['act'];
  /** The operator behind a desk request (inside a desk call's handler the handler is given it already). */
  actorOf: (request: FastifyRequest) => DeskActor;
}
