import type { LoginMode } from '@causeway/contracts';
import { createSignedClaims } from '../../platform/signed-claims.ts';

/** How long the second sign-in step may wait for the authenticator code, and how long an OTP proof lasts. */
export const PROCESS_TOKEN_TTL_MS = 5 * 60 * 1000;

export interface ProcessClaims {
  userId: string;
  mode: LoginMode;
  stayLoggedIn: boolean;
  expiresAt: number;
  /** Recorded when the token is exchanged for a session, so it signs in once. */
  nonce: string;
}

/** Proof that a user passed a second factor for a scenario (verify-otp's tokenVo). */
export interface OtpProofClaims {
  userId: string;
  scenario: string;
  expiresAt: number;
}

/** The state an OAuth sign-in carries out and back (CSRF protection), valid a few minutes. */
export interface OauthTicketClaims {
  nonce: string;
  expiresAt: number;
}

export const createProcessTokens = (key: Buffer) => createSignedClaims<ProcessClaims>(key);
export const createOtpProofs = (key: Buffer) => createSignedClaims<OtpProofClaims>(key);
export const createOauthTickets = (key: Buffer) => createSignedClaims<OauthTicketClaims>(key);
