import { generateSecret, generateURI, verify } from 'otplib';
import { decrypt, deriveKey, encrypt } from '../../platform/crypto.ts';

/** The issuer an authenticator app shows beside the operator's email. */
export const DESK_TOTP_ISSUER = 'Causeway desk';
/** RFC 6238 30 s steps; ±1 step accepted for clock drift, each step at most once (as a person's authenticator). */
const STEP_SECONDS = 30;

/** The key that seals operators' authenticator secrets: derived from the server secret, its own purpose. */
export const deskTotpKey = (serverSecret: Buffer): Buffer => deriveKey(serverSecret, 'desk-totp-secret');

/** An operator's authenticator: a secret sealed at rest (AES-256-GCM), codes matched to a time step. */
export function createOperatorTotp(key: Buffer) {
  return {
    seal: (secret: string): string => encrypt(key, secret),
    /** A new secret, sealed, and the otpauth URI an authenticator app scans. */
    newSecret(email: string): { secret: string; sealed: string; otpauthUri: string } {
      const secret = generateSecret();
      return { secret, sealed: encrypt(key, secret), otpauthUri: generateURI({ issuer: DESK_TOTP_ISSUER, label: email, secret }) };
    },
    /** The time step a code matches on the sealed secret at `now`, or undefined for a wrong code. */
    async matchStep(sealed: string, code: string, now: Date): Promise<number | undefined> {
      const epoch = Math.floor(now.getTime() / 1000);
      const result = await verify({ secret: decrypt(key, sealed), token: code, epoch, epochTolerance: STEP_SECONDS });
      return result.valid ? Math.floor(epoch / STEP_SECONDS) + result.delta : undefined;
    },
  };
}

export type OperatorTotp = ReturnType<typeof createOperatorTotp>;
