import { type CallDefinition, DESK_SESSION_HEADER, type DeskPermission, ErrorCode, ok } from '@causeway/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../../platform/app-error.ts';
import { type CallRequest, registerCall } from '../../platform/calls.ts';
import type { DeskActions, DeskActor, DeskOperator } from './desk-actions.ts';
import type { DeskSignIn } from './desk-sign-in.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the operator-session guard on the desk's calls: the signed-in operator and their session. */
    desk: { operator: DeskOperator; tokenHash: string } | null;
  }
}

/**
 * The guard of the caller kind 'operator-session' (platform/calls.ts runs it before the body is read):
 * a live desk session in the operator-token header, else DSK0000001. A person's token opens nothing here.
 */
export function createDeskGuard(app: FastifyInstance, signIn: DeskSignIn) {
  if (!app.hasRequestDecorator('desk')) app.decorateRequest('desk', null);
  return async (request: FastifyRequest): Promise<void> => {
    const header = request.headers[DESK_SESSION_HEADER];
    const session = await signIn.authenticate(typeof header === 'string' ? header : undefined);
    if (!session) throw new AppError(ErrorCode.OperatorSessionRequired);
    request.desk = session;
  };
}

/** The operator behind a guarded desk request, and where they call from. */
export function actorOf(request: FastifyRequest): DeskActor {
  if (!request.desk) throw new AppError(ErrorCode.OperatorSessionRequired);
  return { operator: request.desk.operator, ipKey: request.ipKey };
}

/** Who may make a desk call: the permission the role needs, and the call's name in the audit log when a role is refused. */
export interface DeskAccess {
  permission: DeskPermission;
  action: string;
}

/** Answers a desk call for the operator who made it (the envelope is added). */
export type DeskHandler<D extends CallDefinition> = (request: CallRequest<D>, actor: DeskActor) => Promise<z.output<D['result']>>;

/**
 * Registers desk calls: each a call of kind 'operator-session' (the session checked first), then the
 * role's permission (a refusal is answered DSK0000004 and written to the audit log), then the handler.
 * A handler that changes anything does it through DeskActions.act, which writes the audit row with it.
 */
export function createDeskCallRegistrar(app: FastifyInstance, actions: DeskActions) {
  return function registerDeskCall<D extends CallDefinition>(call: D, access: DeskAccess, handler: DeskHandler<D>): void {
    if (call.caller !== 'operator-session')
      throw new Error(`${call.path}: a desk call's caller kind is operator-session, not ${call.caller}`);
    registerCall(app, call, async (request, reply) => {
      const actor = actorOf(request);
      await actions.assertMay(actor, access);
      reply.header('cache-control', 'no-store');
      return ok(await handler(request, actor));
    });
  };
}

export type RegisterDeskCall = ReturnType<typeof createDeskCallRegistrar>;
