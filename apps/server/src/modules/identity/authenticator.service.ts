import { generateSecret, generateURI, verify } from 'otplib';
import type { Clock } from '../../platform/clock.ts';
import { decrypt, encrypt } from '../../platform/crypto.ts';
import type { IdentityRepository } from './identity.repository.ts';

export const TOTP_ISSUER = 'Causeway';
/** RFC 6238 30 s steps; ±1 step accepted for clock drift (trust.md). */
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

  return {
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

    /** Binds the pending secret when the code is right; false for a wrong or replayed code. */
    async confirmBinding(userId: string, code: string): Promise<boolean> {
      const row = await repository.findAuthenticator(userId);
      if (!row || row.status !== 'pending') return false;
      const step = await matchStep(decrypt(encryptionKey, row.secretEncrypted), code);
      if (step === undefined) return false;
      return repository.acceptAuthenticatorStep(userId, step, { status: 'bound', boundAt: clock.now() });
    },

    /** Starts replacing a bound authenticator: a new secret waits beside the current one. */
    async startChange(userId: string, email: string): Promise<{ secret: string; otpauthUri: string }> {
      const secret = generateSecret();
      await repository.setPendingReplacement(userId, encrypt(encryptionKey, secret));
      return { secret, otpauthUri: generateURI({ issuer: TOTP_ISSUER, label: email, secret }) };
    },

    /** Swaps in the new secret when its first code is right (the old code is checked by the caller). */
    async confirmChange(userId: string, newCode: string): Promise<boolean> {
      const row = await repository.findAuthenticator(userId);
      if (!row?.pendingSecretEncrypted) return false;
      const step = await matchStep(decrypt(encryptionKey, row.pendingSecretEncrypted), newCode);
      return step !== undefined && repository.completeReplacement(userId, step, clock.now());
    },

    /** Checks a code of a bound authenticator; false for a wrong code or a step already used. */
    async verifyCode(userId: string, code: string): Promise<boolean> {
      const row = await repository.findAuthenticator(userId);
      if (!row || row.status !== 'bound') return false;
      const step = await matchStep(decrypt(encryptionKey, row.secretEncrypted), code);
      return step !== undefined && repository.acceptAuthenticatorStep(userId, step);
    },
  };
}

export type AuthenticatorService = ReturnType<typeof createAuthenticatorService>;
