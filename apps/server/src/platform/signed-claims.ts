import { constantTimeEqual, hmacHex } from './crypto.ts';

/**
 * Signed, short-lived claims (HMAC over the JSON), stateless so any server process can check
 * them: sign-in process tokens, OTP proofs, the sandbox KYC vendor's access tokens.
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
