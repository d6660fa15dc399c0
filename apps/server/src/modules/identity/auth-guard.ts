import { ErrorCode, HEADER } from '@causeway/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/app-error.ts';
import type { AccessRulesOf } from './access-rules.ts';
import type { AuthContext, SessionService, SignedIn } from './session.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireSession on routes that need a signed-in user: plain data, no row of identity's. */
    auth: SignedIn | null;
  }
}

/**
 * The signed-in request as identity's own routes use it: the guard below stores the rows it
 * loaded (an AuthContext), which other modules see only as a SignedIn. USER0000001 without one.
 */
export function authContextOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError(ErrorCode.SessionRequired);
  return request.auth as AuthContext;
}

const headerValue = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
};

/**
 * requireSession, the guard of every call whose caller kind is 'individual' (platform/calls.ts
 * runs it before the body is read), answers USER0000001 unless the request carries a live token:
 * `business-token` for business sessions, `token` for the others. Then the session's mode must be
 * open (`accessRules`: 10000047 while its maintenance switch is on, docs/rules/uk-and-countries.md).
 */
export function createAuthGuard(app: FastifyInstance, sessions: SessionService, accessRules?: AccessRulesOf) {
  if (!app.hasRequestDecorator('auth')) app.decorateRequest('auth', null);
  const modeOpen = async (request: FastifyRequest, auth: AuthContext) =>
    accessRules?.()?.onSignedInCall(auth.session.mode, request.routeOptions.url ?? request.url);
  return {
    async requireSession(request: FastifyRequest): Promise<void> {
      const businessToken = headerValue(request, HEADER.businessToken);
      const auth = businessToken
        ? await sessions.authenticate(businessToken, 'business-token')
        : await sessions.authenticate(headerValue(request, HEADER.token), 'token');
      await modeOpen(request, auth);
      request.auth = auth;
    },
    /** A business session only (the caller kind 'business'): a live `business-token`, else USER0000001. */
    async requireBusinessSession(request: FastifyRequest): Promise<void> {
      const auth = await sessions.authenticate(headerValue(request, HEADER.businessToken), 'business-token');
      await modeOpen(request, auth);
      request.auth = auth;
    },
    /** The session if the request carries a live token, else null (never throws). */
    async optionalSession(request: FastifyRequest): Promise<AuthContext | null> {
      try {
        const businessToken = headerValue(request, HEADER.businessToken);
        if (businessToken) return await sessions.authenticate(businessToken, 'business-token');
        const token = headerValue(request, HEADER.token);
        return token ? await sessions.authenticate(token, 'token') : null;
      } catch {
        return null;
      }
    },
  };
}

export type AuthGuard = ReturnType<typeof createAuthGuard>;
