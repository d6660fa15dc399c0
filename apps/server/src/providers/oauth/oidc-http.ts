import { OauthProviderError } from './oauth-provider.ts';

/** How long one call to the identity provider may take before it counts as unreachable. */
export const OIDC_CALL_TIMEOUT_MS = 10_000;

/** A JSON object answered by the provider; OauthProviderError for no answer, a non-2xx status or anything but a JSON object. */
export async function getJsonObject(fetchImpl: typeof fetch, url: string, what: string): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetchImpl(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(OIDC_CALL_TIMEOUT_MS) });
  } catch (error) {
    throw new OauthProviderError(`the identity provider's ${what} (${url}) did not answer`, { cause: error });
  }
  if (!response.ok) throw new OauthProviderError(`the identity provider's ${what} (${url}) answered HTTP ${response.status}`);
  return readJsonObject(response, what);
}

/** The body of an answer as a JSON object, or OauthProviderError. */
export async function readJsonObject(response: Response, what: string): Promise<Record<string, unknown>> {
  try {
    const body: unknown = await response.json();
    if (typeof body === 'object' && body !== null && !Array.isArray(body)) return body as Record<string, unknown>;
  } catch {
    // reported below
  }
  throw new OauthProviderError(`the identity provider's ${what} answered something that is not a JSON object`);
}

/**
 * Whether an endpoint the provider names may be called: https, or http on a loopback address when the
 * issuer itself is (a provider on this machine). Anything else could send our client secret in clear.
 * `anyHttp`: the sandbox provider, reached inside this process, whose addresses are only names.
 */
export function isAcceptableEndpoint(value: unknown, issuer: string, anyHttp = false): value is string {
  if (typeof value !== 'string' || !URL.canParse(value)) return false;
  const url = new URL(value);
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && (anyHttp || (isLoopback(url) && isLoopback(new URL(issuer))));
}

const isLoopback = (url: URL) => ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname) && url.protocol === 'http:';
