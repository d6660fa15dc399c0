import { CALLS, ok } from '@causeway/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../platform/calls.ts';
import { actorOf, type RegisterDeskCall } from './desk-calls.ts';
import type { DeskScreens } from './desk-screens.ts';
import { type DeskSignIn, operatorView } from './desk-sign-in.service.ts';

/** docs/rules/operator-desk.md: the desk's sign-in and its first screens. HTTP only. */
export function registerDeskRoutes(
  app: FastifyInstance,
  deps: { signIn: DeskSignIn; screens: DeskScreens; registerDeskCall: RegisterDeskCall },
): void {
  const { signIn, screens, registerDeskCall } = deps;
  const noStore = <T>(reply: { header(name: string, value: string): unknown }, data: T) => {
    reply.header('cache-control', 'no-store');
    return ok(data);
  };

  // Signing in: anyone may try (each try counted); signing out and `me` take any live desk session.
  registerCall(app, CALLS.deskSignInPassword, async (request, reply) =>
    noStore(reply, await signIn.withPassword(request.body, request.ipKey)),
  );
  registerCall(app, CALLS.deskSignInCode, async (request, reply) => noStore(reply, await signIn.withCode(request.body, request.ipKey)));
  registerCall(app, CALLS.deskSignOut, async (request) => {
    await signIn.signOut(actorOf(request), request.desk!.tokenHash);
    return ok(null);
  });
  registerCall(app, CALLS.deskMe, async (request, reply) => noStore(reply, operatorView(actorOf(request).operator)));

  registerDeskCall(CALLS.deskPeople, { permission: 'people:read', action: 'people.search' }, (request) => screens.people(request.query));
  registerDeskCall(CALLS.deskPerson, { permission: 'people:read', action: 'person.view' }, (request, actor) =>
    screens.person(actor, request.query.userId),
  );
  registerDeskCall(CALLS.deskOrdersWaiting, { permission: 'orders:read', action: 'orders.list-waiting' }, () => screens.ordersWaiting());
  registerDeskCall(CALLS.deskTrialBalance, { permission: 'ledger:read', action: 'ledger.trial-balance' }, () => screens.trialBalance());
  registerDeskCall(CALLS.deskAuditLog, { permission: 'audit:read-own', action: 'audit:read' }, (request, actor) =>
    screens.auditLog(actor, request.query),
  );
  registerDeskCall(CALLS.deskOperators, { permission: 'operators:manage', action: 'operators.list' }, () => screens.operators());
  registerDeskCall(CALLS.deskOperatorStatus, { permission: 'operators:manage', action: 'operator.set-status' }, async (request, actor) => {
    await screens.setOperatorStatus(actor, request.body);
    return null;
  });
}
