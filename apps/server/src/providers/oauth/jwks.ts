// The provider's signing keys, its JWK Set at jwks_uri (RFC 7517 §5, https://www.rfc-editor.org/rfc/rfc7517#section-5).
// Providers rotate keys by publishing the new one before signing with it (OpenID Connect Core §10.1.1):
// a token naming a kid we do not hold makes us fetch the set again, at most once a minute.
import type { KeyObject } from 'node:crypto';
import { getJsonObject } from './oidc-http.ts';
import { type Jwk, KEY_TYPE_OF, keyFitsAlgorithm, publicKeyOf, type SigningAlgorithm } from './jws.ts';
import { OauthProviderError } from './oauth-provider.ts';

/** How long a fetched key set is used. */
export const JWKS_CACHE_MS = 60 * 60 * 1000;
/** The least time between two fetches for an unknown kid: a token with a made-up kid cannot make us hammer the provider. */
export const JWKS_REFETCH_MIN_MS = 60 * 1000;

interface KeySet {
  keys: Jwk[];
  fetchedAt: number;
}

function readKeySet(document: Record<string, unknown>): Jwk[] {
  if (!Array.isArray(document.keys)) throw new OauthProviderError("the identity provider's key set (jwks_uri) has no keys list");
  return document.keys.filter((key): key is Jwk => typeof key === 'object' && key !== null && !Array.isArray(key));
}

/** The keys of a set that may check a token of `alg` with `kid`: the one with that kid, or (no kid) the only one that fits. */
export function keysFor(keys: readonly Jwk[], alg: SigningAlgorithm, kid: string | undefined): KeyObject[] {
  const fitting = keys
    .filter((jwk) => jwk.kty === KEY_TYPE_OF[alg] && (jwk.alg === undefined || jwk.alg === alg))
    .filter((jwk) => (kid === undefined ? true : jwk.kid === kid))
    .map(publicKeyOf)
    .filter((key): key is KeyObject => key !== undefined && keyFitsAlgorithm(key, alg));
  // Without a kid, a token is checked only when one key could have signed it (Core §10.1: kid is needed with several).
  return kid === undefined && fitting.length > 1 ? [] : fitting;
}

export function createJwks(options: { fetchImpl: typeof fetch; now: () => Date }) {
  const sets = new Map<string, KeySet>();
  const pending = new Map<string, Promise<KeySet>>();

  function fetchSet(uri: string): Promise<KeySet> {
    const inFlight = pending.get(uri);
    if (inFlight) return inFlight;
    const load = getJsonObject(options.fetchImpl, uri, 'key set (jwks_uri)')
      .then((document) => {
        const set = { keys: readKeySet(document), fetchedAt: options.now().getTime() };
        sets.set(uri, set);
        return set;
      })
      .finally(() => pending.delete(uri));
    pending.set(uri, load);
    return load;
  }

  return {
    /** The public keys at `uri` that may check a token of `alg` and `kid`; empty when none does, even after fetching the set again. */
    async keysFor(uri: string, alg: SigningAlgorithm, kid: string | undefined): Promise<KeyObject[]> {
      const now = options.now().getTime();
      let set = sets.get(uri);
      if (!set || now - set.fetchedAt >= JWKS_CACHE_MS) set = await fetchSet(uri);
      const found = keysFor(set.keys, alg, kid);
      if (found.length > 0 || now - set.fetchedAt < JWKS_REFETCH_MIN_MS) return found;
      return keysFor((await fetchSet(uri)).keys, alg, kid);
    },
  };
}

export type Jwks = ReturnType<typeof createJwks>;
