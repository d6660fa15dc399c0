// ID Token validation, OpenID Connect Core 1.0 §3.1.3.7 (https://openid.net/specs/openid-connect-core-1_0.html#IDTokenValidation):
// the signature with the issuer's keys and the alg it announced, iss exactly, aud holding our client id
// (azp ours when present or when there are several audiences), exp in the future and iat not far off
// (a small leeway for clocks), and the nonce of our own request (§3.1.2.1).
import type { KeyObject } from 'node:crypto';
import { constantTimeEqual } from '../../platform/crypto.ts';
import { JwsError, parseCompactJws, type SigningAlgorithm, verifyJwsSignature } from './jws.ts';
import { OauthRefusedError, type VerifiedIdentity } from './oauth-provider.ts';

/** The leeway for the provider's clock and ours. */
export const CLOCK_SKEW_SECONDS = 60;
/** How old a fresh token may say it is: it was made for this exchange, a moment ago. */
export const MAX_TOKEN_AGE_SECONDS = 10 * 60;

export interface IdTokenExpectations {
  issuer: string;
  clientId: string;
  nonce: string;
  now: Date;
  /** The algorithms the provider announced (id_token_signing_alg_values_supported). */
  algorithms: readonly string[];
  /** The provider's keys that may check a token of this alg and kid. */
  keysFor: (alg: SigningAlgorithm, kid: string | undefined) => Promise<KeyObject[]>;
}

const refused = (why: string) => new OauthRefusedError(`the ID token was refused: ${why}`);
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** The identity an ID token proves, once every check passed; OauthRefusedError naming the first that failed. */
export async function verifyIdToken(token: string, expect: IdTokenExpectations): Promise<VerifiedIdentity> {
  let jws;
  try {
    jws = parseCompactJws(token);
  } catch (error) {
    throw refused(error instanceof JwsError ? error.message : 'unreadable');
  }
  const { alg, kid } = jws.header;
  if (!expect.algorithms.includes(alg)) throw refused(`it is signed with ${alg}, which the provider does not announce`);
  const keys = await expect.keysFor(alg, kid);
  if (keys.length === 0) throw refused(`no key of the provider's key set fits it (kid ${kid ?? 'none'})`);
  if (!keys.some((key) => verifyJwsSignature(jws, key))) throw refused('its signature does not match');

  const claims = jws.payload;
  if (claims.iss !== expect.issuer) throw refused('another issuer made it');
  const audiences = typeof claims.aud === 'string' ? [claims.aud] : Array.isArray(claims.aud) ? claims.aud : [];
  if (!audiences.includes(expect.clientId)) throw refused('it is not meant for this client');
  if ((audiences.length > 1 || claims.azp !== undefined) && claims.azp !== expect.clientId)
    throw refused('another party is authorized by it (azp)');
  const nowSeconds = expect.now.getTime() / 1000;
  if (!isNumber(claims.exp) || claims.exp + CLOCK_SKEW_SECONDS <= nowSeconds) throw refused('it has expired');
  if (!isNumber(claims.iat) || claims.iat - CLOCK_SKEW_SECONDS > nowSeconds || nowSeconds - claims.iat > MAX_TOKEN_AGE_SECONDS)
    throw refused('its issue time is not now');
  if (typeof claims.nonce !== 'string' || !constantTimeEqual(claims.nonce, expect.nonce))
    throw refused('it answers another sign-in (nonce)');
  if (typeof claims.sub !== 'string' || claims.sub.length === 0 || claims.sub.length > 255) throw refused('it names nobody (sub)');

  return {
    issuer: expect.issuer,
    subject: claims.sub,
    email: typeof claims.email === 'string' && claims.email.length > 0 ? claims.email : null,
    // A boolean by the spec (Core §5.1); some providers send the string "true".
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    ...(typeof claims.name === 'string' && claims.name ? { name: claims.name } : {}),
  };
}
