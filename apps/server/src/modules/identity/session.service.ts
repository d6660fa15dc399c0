import { ErrorCode, type LoginMode, type TokenVo } from '@causeway/contracts';
import { AppError } from '../../platform/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import { newId, newToken, sha256Hex } from '../../platform/crypto.ts';
import type { IdentityRepository, SessionRow, UserRow } from './identity.repository.ts';
import type { Principal } from './principal.ts';

/** Session lifetimes (docs/trust.md): a token lives an hour unless refreshed; refreshes stop at the absolute cap. */
export const SESSION_POLICY = {
  validTimeMs: 60 * 60 * 1000,
  absoluteMs: 12 * 60 * 60 * 1000,
  stayLoggedInAbsoluteMs: 5 * 24 * 60 * 60 * 1000,
} as const;

/** docs/trust.md: changing the password or the authenticator suspends sell, add card and add bank account for 24 hours (binding a first one does not). */
export const SENSITIVE_SUSPENSION_MS = 24 * 60 * 60 * 1000;

/** When the account's sensitive actions resume, or null when they are not suspended at `now`. */
export const suspendedUntil = (user: Pick<Principal, 'sensitiveActionsSuspendedUntil'>, now: Date): Date | null =>
  user.sensitiveActionsSuspendedUntil && user.sensitiveActionsSuspendedUntil > now ? user.sensitiveActionsSuspendedUntil : null;

export const BUSINESS_MODES: readonly LoginMode[] = ['business', 'businessIndependent'];
export type TokenKind = 'token' | 'business-token';
export const tokenKindOf = (mode: LoginMode): TokenKind => (BUSINESS_MODES.includes(mode) ? 'business-token' : 'token');

/** A session's own facts, as other modules may see them (no token hash). */
export interface SessionFacts {
  id: string;
  mode: string;
  stayLoggedIn: boolean;
  absoluteExpiresAt: Date;
}

/** A signed-in request as every module sees it (`request.auth`): the person as plain data, and the session. */
export interface SignedIn {
  user: Principal;
  session: SessionFacts;
}

/** The same, as the identity module loaded it: its own rows, for its own routes (auth-guard.ts's authContextOf). */
export interface AuthContext extends SignedIn {
  session: SessionRow;
  user: UserRow;
}

const toTokenVo = (token: string, expiresAt: Date, now: Date): TokenVo => ({
  token,
  validTime: Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000)),
});

/**
 * Opaque bearer tokens stored as SHA-256. A token is valid for its mode's header only (business
 * modes use business-token), until it expires, is rotated by a refresh, or is revoked.
 */
export function createSessionService(repository: IdentityRepository, clock: Clock) {
  async function issue(user: Pick<Principal, 'id'>, mode: LoginMode, stayLoggedIn: boolean, absoluteExpiresAt?: Date): Promise<TokenVo> {
    const now = clock.now();
    const cap =
      absoluteExpiresAt ?? new Date(now.getTime() + (stayLoggedIn ? SESSION_POLICY.stayLoggedInAbsoluteMs : SESSION_POLICY.absoluteMs));
    const expiresAt = new Date(Math.min(now.getTime() + SESSION_POLICY.validTimeMs, cap.getTime()));
    const token = newToken();
    await repository.insertSession({
      id: newId('ses'),
      userId: user.id,
      tokenHash: sha256Hex(token),
      mode,
      stayLoggedIn,
      createdAt: now,
      expiresAt,
      absoluteExpiresAt: cap,
    });
    return toTokenVo(token, expiresAt, now);
  }

  /** The session behind a token sent in the given header; USER0000001 when it is unknown, expired, revoked or of the other kind. */
  async function authenticate(token: string | undefined, kind: TokenKind): Promise<AuthContext> {
    if (!token) throw new AppError(ErrorCode.SessionRequired, 'Authentication failed: sign in first');
    const found = await repository.findActiveSessionByTokenHash(sha256Hex(token), clock.now());
    if (!found || tokenKindOf(found.session.mode as LoginMode) !== kind)
      throw new AppError(ErrorCode.SessionRequired, 'Session expired, please login again');
    return found;
  }

  return {
    issue,
    authenticate,

    /** Rotation: the old token stops working and a new one takes over, within the same absolute cap. */
    async refresh(context: SignedIn): Promise<TokenVo> {
      const now = clock.now();
      if (context.session.absoluteExpiresAt <= now) throw new AppError(ErrorCode.SessionRequired, 'Session expired, please login again');
      // Only the request that revokes the old token gets the new one: a replayed refresh fails.
      if (!(await repository.revokeSession(context.session.id, 'rotated', now))) throw new AppError(ErrorCode.SessionRequired);
      return issue(context.user, context.session.mode as LoginMode, context.session.stayLoggedIn, context.session.absoluteExpiresAt);
    },

    async logout(context: SignedIn): Promise<void> {
      await repository.revokeSession(context.session.id, 'logout', clock.now());
    },

    /**
     * The one "credentials changed" step, after a password or authenticator replaced one the
     * account had (docs/trust.md): sensitive actions wait 24 hours, and every session but
     * `keepSessionId` (none: all of them) ends.
     */
    async credentialsChanged(userId: string, keepSessionId: string | undefined): Promise<void> {
      const now = clock.now();
      await repository.updateUser(userId, { sensitiveActionsSuspendedUntil: new Date(now.getTime() + SENSITIVE_SUSPENSION_MS) });
      await repository.revokeOtherSessions(userId, keepSessionId, 'credentials-changed', now);
    },

    /**
     * A factor added where there was none (the first authenticator): every session but
     * `keepSessionId` (the one that bound it) ends, so none signed in without it lives on; nothing
     * is suspended. The spec's 24 h follow a password or authenticator *change*: a first binding
     * replaces nothing the owner relied on, and a new person who takes sign-up's "Protect your
     * account" must still be able to add the card they buy with that day.
     */
    async factorAdded(userId: string, keepSessionId: string): Promise<void> {
      await repository.revokeOtherSessions(userId, keepSessionId, 'factor-added', clock.now());
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
