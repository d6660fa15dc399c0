import type { LoginMode } from '@causeway/contracts';
import { constantTimeEqual, hmacHex } from '../../platform/crypto.ts';

/** How long the second sign-in step may wait for the authenticator code. */
export const PROCESS_TOKEN_TTL_MS = 5 * 60 * 1000;

export interface ProcessClaims {
  userId: string;
  mode: LoginMode;
  stayLoggedIn: boolean;
  expiresAt: number;
}

/**
 * A signed, short-lived proof that the first factor passed, carried to verify-ga-code. Stateless
 * (HMAC over the claims) so any server process can finish the sign-in.
 */
export function createProcessTokens(key: Buffer) {
  return {
    sign(claims: ProcessClaims): string {
      const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
      return `${body}.${hmacHex(key, body)}`;
    },
    /** The claims, or undefined when the token is forged, malformed or expired. */
    verify(token: string, now: Date): ProcessClaims | undefined {
      const [body, signature] = token.split('.');
      if (!body || !signature || !constantTimeEqual(hmacHex(key, body), signature)) return undefined;
      try {
        const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as ProcessClaims;
        return claims.expiresAt > now.getTime() ? claims : undefined;
      } catch {
        return undefined;
      }
    },
  };
}
