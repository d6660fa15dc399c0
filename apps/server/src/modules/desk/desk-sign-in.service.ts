import { ErrorCode, type OperatorRole, permissionsOf } from '@causeway/contracts';
import { AppError } from '../../platform/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import { newToken, sha256Hex } from '../../platform/crypto.ts';
import type { RateLimiter } from '../../platform/rate-limit.repository.ts';
import { createSignedClaims } from '../../platform/signed-claims.ts';
import type { RunInTransaction } from '../../platform/transaction.ts';
import { hashPassword, verifyPassword } from '../identity/index.ts';
import type { DeskActions, DeskOperator } from './desk-actions.ts';
import type { DeskRepository, OperatorRow } from './desk.repository.ts';
import type { OperatorTotp } from './operator-totp.ts';

const HOUR_MS = 60 * 60 * 1000;

/**
 * docs/rules/operator-desk.md "Signing in": every password and every authenticator code is counted
 * before it is checked, per operator and per client address, in the database (so across processes);
 * a right one gives its count back, so only refusals add up. 5 refusals of one operator's password (or
 * code) in an hour close that factor for the hour; 20 refusals from one address close the address.
 */
export const DESK_SIGN_IN_POLICY = {
  failuresPerOperator: 5,
  failuresPerAddress: 20,
  windowMs: HOUR_MS,
  /** The step token between the password and the code. */
  stepMs: 5 * 60 * 1000,
} as const;

/** A desk session: 8 hours at most, and 30 minutes without a call ends it. */
export const DESK_SESSION_POLICY = { lifetimeMs: 8 * HOUR_MS, idleMs: 30 * 60 * 1000 } as const;

const LOCKED_MESSAGE = 'Too many wrong attempts: try again in an hour.';
const refused = () => new AppError(ErrorCode.OperatorSignInRefused, 'The email, password or code is not right.');
const isRefusal = (error: unknown) => error instanceof AppError && error.errorName === ErrorCode.OperatorSignInRefused;

interface StepClaims {
  purpose: 'desk-code';
  operatorId: string;
  expiresAt: number;
}

export const operatorOf = (row: Pick<OperatorRow, 'id' | 'email' | 'displayName' | 'role'>): DeskOperator => ({
  id: row.id,
  email: row.email,
  displayName: row.displayName,
  role: row.role as OperatorRole,
});

/** The operator as the desk's calls answer them, with what their role may do. */
export const operatorView = (operator: DeskOperator) => ({
  operatorId: operator.id,
  email: operator.email,
  displayName: operator.displayName,
  role: operator.role,
  permissions: permissionsOf(operator.role),
});

/**
 * The desk's sign-in: password (a signed step token), then an authenticator code, always (a desk session).
 * An operator not enrolled yet gets a new authenticator secret with the step token, shown that once; their
 * first right code enrols it. Sessions are opaque tokens stored as SHA-256, sent back in a header.
 */
export function createDeskSignIn(deps: {
  repository: DeskRepository;
  actions: DeskActions;
  totp: OperatorTotp;
  rateLimiter: RateLimiter;
  transaction: RunInTransaction;
  clock: Clock;
  stepKey: Buffer;
}) {
  const { repository, totp, rateLimiter, clock } = deps;
  const steps = createSignedClaims<StepClaims>(deps.stepKey);
  // A hash to check an unknown email's password against, so it takes as long as a known one's.
  let decoy: Promise<string> | undefined;
  const decoyHash = () => (decoy ??= hashPassword('no operator has this password'));

  /** One check counted per address, then per operator: a refusal (OperatorSignInRefused) keeps both counts. */
  function counted<T>(factor: 'password' | 'code', operatorKey: string, ipKey: string, check: () => Promise<T>): Promise<T> {
    const now = clock.now();
    const { failuresPerAddress, failuresPerOperator, windowMs } = DESK_SIGN_IN_POLICY;
    const options = { errorName: ErrorCode.TooManyAttempts, countsAsRefusal: isRefusal };
    return rateLimiter.countRefusals(
      `desk-${factor}:ip:${ipKey}`,
      failuresPerAddress,
      windowMs,
      now,
      LOCKED_MESSAGE,
      () =>
        rateLimiter.countRefusals(`desk-${factor}:op:${operatorKey}`, failuresPerOperator, windowMs, now, LOCKED_MESSAGE, check, options),
      options,
    );
  }

  return {
    async withPassword(input: { email: string; password: string }, ipKey: string) {
      const email = input.email.trim().toLowerCase();
      // Keyed by a digest of the email, known or not: the counters say nothing of who is an operator.
      return counted('password', sha256Hex(email).slice(0, 32), ipKey, async () => {
        const row = await repository.findOperatorByEmail(email);
        const right = await verifyPassword(row?.passwordHash ?? (await decoyHash()), input.password);
        if (!row || !right || row.status !== 'Active') throw refused();
        let enrol: { otpauthUri: string; secret: string } | null = null;
        if (!row.totpEnrolledAt) {
          const fresh = totp.newSecret(row.email);
          if (!(await repository.setPendingTotp(row.id, fresh.sealed))) throw refused();
          enrol = { otpauthUri: fresh.otpauthUri, secret: fresh.secret };
        }
        const expiresAt = clock.now().getTime() + DESK_SIGN_IN_POLICY.stepMs;
        return {
          stepToken: steps.sign({ purpose: 'desk-code', operatorId: row.id, expiresAt }),
          expiresInSeconds: DESK_SIGN_IN_POLICY.stepMs / 1000,
          enrol,
        };
      });
    },

    async withCode(input: { stepToken: string; code: string }, ipKey: string) {
      const claims = steps.verify(input.stepToken, clock.now());
      if (!claims || claims.purpose !== 'desk-code')
        throw new AppError(ErrorCode.OperatorSignInStepExpired, 'This sign-in step expired: start again with the password.');
      return counted('code', claims.operatorId, ipKey, async () => {
        const row = await repository.findOperatorById(claims.operatorId);
        if (!row || row.status !== 'Active' || !row.totpSecretSealed) throw refused();
        const now = clock.now();
        const step = await totp.matchStep(row.totpSecretSealed, input.code, now);
        if (step === undefined) throw refused();
        const enrolling = row.totpEnrolledAt === null;
        const operator = operatorOf(row);
        return deps.transaction(async () => {
          // Spends the step (a code is accepted once) and enrols a first secret, in the session's transaction.
          if (!(await repository.acceptTotpStep(row.id, row.totpSecretSealed!, step, enrolling ? now : undefined))) throw refused();
          const token = newToken();
          const expiresAt = new Date(now.getTime() + DESK_SESSION_POLICY.lifetimeMs);
          await repository.insertSession({ tokenHash: sha256Hex(token), operatorId: row.id, createdAt: now, expiresAt, lastSeenAt: now });
          await deps.actions.record(
            { operator, ipKey },
            { action: 'session.sign-in', target: { type: 'operator', id: row.id }, details: enrolling ? { enrolled: true } : {} },
          );
          return {
            token,
            expiresAt: expiresAt.toISOString(),
            idleMinutes: DESK_SESSION_POLICY.idleMs / 60_000,
            operator: operatorView(operator),
          };
        });
      });
    },

    /** The live session of a token, marked seen now; undefined when missing, ended, expired, idle too long or its operator disabled. */
    async authenticate(token: string | undefined): Promise<{ operator: DeskOperator; tokenHash: string } | undefined> {
      if (!token || token.length > 512) return undefined;
      const tokenHash = sha256Hex(token);
      const live = await repository.touchLiveSession(tokenHash, clock.now(), DESK_SESSION_POLICY.idleMs);
      return live ? { operator: operatorOf(live.operator), tokenHash } : undefined;
    },

    async signOut(actor: { operator: DeskOperator; ipKey: string }, tokenHash: string): Promise<void> {
      await deps.transaction(async () => {
        await repository.revokeSession(tokenHash, clock.now());
        await deps.actions.record(actor, { action: 'session.sign-out', target: { type: 'operator', id: actor.operator.id } });
      });
    },
  };
}

export type DeskSignIn = ReturnType<typeof createDeskSignIn>;
