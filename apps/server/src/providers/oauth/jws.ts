// JSON Web Signatures with node:crypto alone (no JOSE package):
// - compact serialization: RFC 7515 §3.1, §7.1 (https://www.rfc-editor.org/rfc/rfc7515)
// - RS256 and ES256: RFC 7518 §3.3, §3.4, ES256's signature is R || S, 64 bytes (https://www.rfc-editor.org/rfc/rfc7518)
// - EdDSA over Ed25519: RFC 8037 §3.1 (https://www.rfc-editor.org/rfc/rfc8037)
// - keys as JWK: RFC 7517 §4, §5 (https://www.rfc-editor.org/rfc/rfc7517); node's createPublicKey({ format: 'jwk' }).
import { createPublicKey, type JsonWebKey, type KeyObject, verify } from 'node:crypto';

/** The algorithms an ID token may be signed with here: no `none`, no HMAC (a client secret is no key of the provider's). */
export const SIGNING_ALGORITHMS = ['RS256', 'ES256', 'EdDSA'] as const;
export type SigningAlgorithm = (typeof SIGNING_ALGORITHMS)[number];
const isSigningAlgorithm = (value: unknown): value is SigningAlgorithm =>
  typeof value === 'string' && (SIGNING_ALGORITHMS as readonly string[]).includes(value);

/** A JWK as a key set holds it: node's JsonWebKey (any member), with kid, use and alg among them. */
export type Jwk = JsonWebKey & { kid?: string; use?: string; alg?: string };

export interface CompactJws {
  header: { alg: SigningAlgorithm; kid?: string; typ?: string };
  payload: Record<string, unknown>;
  /** ASCII(BASE64URL(header) || '.' || BASE64URL(payload)): what the signature covers. */
  signingInput: Buffer;
  signature: Buffer;
}

export class JwsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JwsError';
  }
}

const BASE64URL = /^[A-Za-z0-9_-]*$/;

function jsonPart(part: string, what: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // reported below
  }
  throw new JwsError(`the token's ${what} is not a JSON object`);
}

/** Splits a compact JWS into its parts; refuses anything but three base64url parts with a supported `alg`. */
export function parseCompactJws(token: string): CompactJws {
  const parts = token.split('.');
  if (parts.length !== 3 || parts.some((part) => !BASE64URL.test(part)) || !parts[2])
    throw new JwsError('the token is not a compact JWS (three base64url parts)');
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  const header = jsonPart(headerPart, 'header');
  if (!isSigningAlgorithm(header.alg)) throw new JwsError(`the token's algorithm ${JSON.stringify(header.alg)} is not accepted`);
  // A critical extension we do not understand must make the token fail (RFC 7515 §4.1.11).
  if (header.crit !== undefined) throw new JwsError('the token names critical header extensions');
  if (header.kid !== undefined && typeof header.kid !== 'string') throw new JwsError("the token's kid is not a string");
  return {
    header: header as CompactJws['header'],
    payload: jsonPart(payloadPart, 'payload'),
    signingInput: Buffer.from(`${headerPart}.${payloadPart}`, 'ascii'),
    signature: Buffer.from(signaturePart, 'base64url'),
  };
}

/** Whether a key is of the type and curve an algorithm needs: an RSA key never checks an ES256 token, and so on. */
export function keyFitsAlgorithm(key: KeyObject, alg: SigningAlgorithm): boolean {
  if (alg === 'RS256') return key.asymmetricKeyType === 'rsa' && (key.asymmetricKeyDetails?.modulusLength ?? 0) >= 2048;
  if (alg === 'ES256') return key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1';
  return key.asymmetricKeyType === 'ed25519';
}

/** Checks the signature of a parsed JWS with a public key; false for a wrong signature or a key that does not fit the algorithm. */
export function verifyJwsSignature(jws: CompactJws, key: KeyObject): boolean {
  const { alg } = jws.header;
  if (!keyFitsAlgorithm(key, alg)) return false;
  try {
    if (alg === 'RS256') return verify('sha256', jws.signingInput, key, jws.signature);
    if (alg === 'ES256') {
      // JOSE's ECDSA signature is the raw R || S (RFC 7518 §3.4), not DER.
      if (jws.signature.length !== 64) return false;
      return verify('sha256', jws.signingInput, { key, dsaEncoding: 'ieee-p1363' }, jws.signature);
    }
    return verify(null, jws.signingInput, key, jws.signature);
  } catch {
    return false;
  }
}

/** The public key of a JWK, or undefined for a key node cannot read, a private key, or one meant for encryption. */
export function publicKeyOf(jwk: Jwk): KeyObject | undefined {
  if (jwk.use !== undefined && jwk.use !== 'sig') return undefined;
  // A JWK holding a private part is a leak on the provider's side, never a key to trust.
  if (jwk.d !== undefined) return undefined;
  try {
    return createPublicKey({ key: jwk, format: 'jwk' });
  } catch {
    return undefined;
  }
}

/** The kty a JWK of an algorithm has (RFC 7518 §6.1, RFC 8037 §2). */
export const KEY_TYPE_OF: Record<SigningAlgorithm, string> = { RS256: 'RSA', ES256: 'EC', EdDSA: 'OKP' };
