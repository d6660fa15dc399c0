import { DESK_SESSION_HEADER, PATHS } from '@causeway/contracts';
import type { FastifyInstance } from 'fastify';
import { DEMO_OPERATOR_PASSWORD, DEMO_OPERATORS } from '../src/demo/demo-operators.ts';
import { call, type ManualClock, nextIp, totpAt } from './identity-helpers.ts';

export { DEMO_OPERATOR_PASSWORD, DEMO_OPERATORS };

export type DemoRole = 'support' | 'compliance' | 'admin';
export const demoOperator = (role: DemoRole) => DEMO_OPERATORS.find((operator) => operator.role === role)!;

/** The headers of a desk call. */
export const deskHeaders = (token: string): Record<string, string> => ({ [DESK_SESSION_HEADER]: token });

export const deskPassword = (app: FastifyInstance, body: { email: string; password: string }, ip = nextIp()) =>
  call(app, 'POST', PATHS.deskSignInPassword, { body, ip });

export const deskCode = (app: FastifyInstance, body: { stepToken: string; code: string }, ip = nextIp()) =>
  call(app, 'POST', PATHS.deskSignInCode, { body, ip });

/**
 * A demo operator's desk session through both steps (docs/sandbox.md "Demo operators"): answers its token.
 * The clock moves on a time step first, so each sign-in has a code of its own (a code is accepted once).
 */
export async function deskSignIn(t: { app: FastifyInstance; clock: ManualClock }, role: DemoRole): Promise<string> {
  const operator = demoOperator(role);
  const ip = nextIp();
  const first = await deskPassword(t.app, { email: operator.email, password: DEMO_OPERATOR_PASSWORD }, ip);
  if (first.statusCode !== 200) throw new Error(`desk password answered ${JSON.stringify(first.body)}`);
  t.clock.advance(30_000);
  const second = await deskCode(t.app, { stepToken: first.body.data.stepToken, code: await totpAt(t.clock, operator.totpSecret) }, ip);
  if (second.statusCode !== 200) throw new Error(`desk code answered ${JSON.stringify(second.body)}`);
  return second.body.data.token as string;
}

/** One desk call with a desk session. */
export const deskCall = (
  app: FastifyInstance,
  method: 'GET' | 'POST',
  path: string,
  token: string,
  options: { body?: object; query?: Record<string, string> } = {},
) =>
  call(app, method, `${path}${options.query ? `?${new URLSearchParams(options.query)}` : ''}`, {
    headers: deskHeaders(token),
    ...(options.body ? { body: options.body } : {}),
  });
