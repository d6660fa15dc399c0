import type { LoginMode } from '@causeway/contracts';
import { constantTimeEqual, hmacHex } from '../../platform/crypto.ts';

/** How long the second sign-in step may wait for the authenticator code, and how long an OTP proof lasts. */
export const PROCESS_TOKEN_TTL_MS = 5 * 60 * 1000;

export interface ProcessClaims {
  userId: string;
  mode: LoginMode;
  stayLoggedIn: boolean;
  expiresAt: number;
}

/** Proof that a user passed a second factor for a scenario (verify-otp's tokenVo). */
export interface OtpProofClaims {
  userId: string;
  scenario: string;
  expiresAt: number;
}

/**
 * Signed, short-lived claims (HMAC over the JSON), stateless so any server process can check
 * them: the sign-in process token between the factors, and the OTP proof.
 */
export function createSignedClaims<T extends { expiresAt: number }>(key: Buffer) {
  return {
    sign(claims: T): string {
      const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
      return `${body}.${hmacHex(key, body)}`;
    },
    /** The claims, or undefined when the token is forged, malformed or expired. */
    verify(token: string, now: Date): T | undefined {
      const [body, signature] = token.split('.');
      if (!body || !signature || !constantTimeEqual(hmacHex(key, body), signature)) return undefined;
      try {
        const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as T;
        return claims.expiresAt > now.getTime() ? claims : undefined;
      } catch {
        return undefined;
      }
    },
  };
}

/** The state an OAuth sign-in carries out and back (CSRF protection), valid a few minutes. */
export interface OauthTicketClaims {
  nonce: string;
  expiresAt: number;
}

export const createProcessTokens = (key: Buffer) => createSignedClaims<ProcessClaims>(key);
export const createOtpProofs = (key: Buffer) => createSignedClaims<OtpProofClaims>(key);
export const createOauthTickets = (key: Buffer) => createSignedClaims<OauthTicketClaims>(key);
