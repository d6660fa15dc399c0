import { generateSecret, generateURI, verify } from 'otplib';
import type { Clock } from '../../platform/clock.ts';
import { decrypt, encrypt } from '../../platform/crypto.ts';
import type { IdentityRepository } from './identity.repository.ts';

export const TOTP_ISSUER = 'Causeway';
/** RFC 6238 30 s steps; ±1 step accepted for clock drift (docs/trust.md). */
const STEP_SECONDS = 30;

/**
 * The authenticator (TOTP) factor: secrets encrypted at rest (AES-256-GCM), codes accepted within
 * ±1 step, and each time step accepted at most once (replay refused).
 */
export function createAuthenticatorService(deps: { repository: IdentityRepository; clock: Clock; encryptionKey: Buffer }) {
  const { repository, clock, encryptionKey } = deps;
  const epoch = () => Math.floor(clock.now().getTime() / 1000);

  /** The matching time step, or undefined for a wrong code. */
  async function matchStep(secret: string, code: string): Promise<number | undefined> {
    const now = epoch();
    const result = await verify({ secret, token: code, epoch: now, epochTolerance: STEP_SECONDS });
    return result.valid ? Math.floor(now / STEP_SECONDS) + result.delta : undefined;
  }

  const service = {
    async status(userId: string): Promise<'NONE' | 'PENDING' | 'BINDED'> {
      const row = await repository.findAuthenticator(userId);
      if (!row) return 'NONE';
      return row.status === 'bound' ? 'BINDED' : 'PENDING';
    },

    /** Starts (or restarts) binding: a new secret, pending until a first correct code. */
    async startBinding(userId: string, email: string): Promise<{ secret: string; otpauthUri: string }> {
      const secret = generateSecret();
      await repository.upsertPendingAuthenticator(userId, encrypt(encryptionKey, secret), clock.now());
      return { secret, otpauthUri: generateURI({ issuer: TOTP_ISSUER, label: email, secret }) };
    },

    async pendingSecret(userId: string): Promise<string | undefined> {
      const row = await repository.findAuthenticator(userId);
      return row?.status === 'pending' ? decrypt(encryptionKey, row.secretEncrypted) : undefined;
    },

    /** The step a code matches on the pending secret, with that secret as stored (binding binds exactly it). */
    async matchBinding(userId: string, code: string): Promise<BindingMatch | undefined> {
      const row = await repository.findAuthenticator(userId);
      if (!row || row.status !== 'pending') return undefined;
      const step = await matchStep(decrypt(encryptionKey, row.secretEncrypted), code);
      return step === undefined ? undefined : { step, secretEncrypted: row.secretEncrypted };
    },

    /** Binds the secret that was matched, if it is still the pending one (a restarted setup makes this false). */
    acceptBinding: (userId: string, match: BindingMatch): Promise<boolean> =>
      repository.acceptAuthenticatorStep(userId, match.step, { status: 'bound', boundAt: clock.now() }, match.secretEncrypted),

    /** Binds the pending secret when the code is right; false for a wrong or replayed code. */
    async confirmBinding(userId: string, code: string): Promise<boolean> {
      const match = await service.matchBinding(userId, code);
      return match !== undefined && service.acceptBinding(userId, match);
    },

    /** Starts replacing a bound authenticator: a new secret waits beside the current one. */
    async startChange(userId: string, email: string): Promise<{ secret: string; otpauthUri: string }> {
      const secret = generateSecret();
      await repository.setPendingReplacement(userId, encrypt(encryptionKey, secret));
      return { secret, otpauthUri: generateURI({ issuer: TOTP_ISSUER, label: email, secret }) };
    },

    /**
     * Checks both codes of a change without using either: the current app's code on the bound
     * secret and the new app's code on the pending one. Undefined unless both match.
     */
    async matchChange(userId: string, oldCode: string, newCode: string): Promise<ChangeMatch | undefined> {
      const row = await repository.findAuthenticator(userId);
      if (!row || row.status !== 'bound' || !row.pendingSecretEncrypted) return undefined;
      const oldStep = await matchStep(decrypt(encryptionKey, row.secretEncrypted), oldCode);
      const newStep = await matchStep(decrypt(encryptionKey, row.pendingSecretEncrypted), newCode);
      if (oldStep === undefined || newStep === undefined) return undefined;
      return { oldStep, newStep, currentSecret: row.secretEncrypted, pendingSecret: row.pendingSecretEncrypted };
    },

    /** Swaps in the replacement that was matched (compare-and-set on both secrets and the old step); false when anything moved. */
    completeChange: (userId: string, match: ChangeMatch): Promise<boolean> =>
      repository.completeReplacement(
        userId,
        { currentSecret: match.currentSecret, pendingSecret: match.pendingSecret },
        match.oldStep,
        match.newStep,
        clock.now(),
      ),

    /**
     * Checks a code of a bound authenticator and spends its step; false for a wrong code or a step
     * already used. Not counted: every caller goes through SignInLock.check (the module's
     * verifyAuthenticatorCode), which counts the failures.
     */
    async verifyCode(userId: string, code: string): Promise<boolean> {
      const row = await repository.findAuthenticator(userId);
      if (!row || row.status !== 'bound') return false;
      const step = await matchStep(decrypt(encryptionKey, row.secretEncrypted), code);
      return step !== undefined && repository.acceptAuthenticatorStep(userId, step, {}, row.secretEncrypted);
    },
  };
  return service;
}

export interface BindingMatch {
  step: number;
  secretEncrypted: string;
}

export interface ChangeMatch {
  oldStep: number;
  newStep: number;
  currentSecret: string;
  pendingSecret: string;
}

export type AuthenticatorService = ReturnType<typeof createAuthenticatorService>;
