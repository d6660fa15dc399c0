import { createTtlCache } from '../../platform/ttl-cache.ts';
import { type AddressScreeningProvider, type ScreeningResult, ScreeningUnavailableError } from './address-screening.ts';
import { canonicalScreeningAddress, screeningKey } from './screening-key.ts';

/**
 * Chainalysis's free sanctions screening API. Which documentation each part follows:
 *
 * - https://auth-developers.chainalysis.com/sanctions-screening/api-reference/reference/check-if-an-address-is-sanctioned
 *   — GET https://public.chainalysis.com/api/v1/address/{addressToCheck}, header `X-API-Key`,
 *   answering {"identifications": [{category, name, description, url}]}: an empty array means the
 *   address is on no sanctions list Chainalysis follows (OFAC SDN and others). The call names no
 *   network: the address alone says which chain it is on.
 * - The API is for server-side callers only (no browser CORS) and is rate limited per key: a
 *   refusal (401/403), a rate limit (429), an outage or an answer of another shape is
 *   ScreeningUnavailableError. We fail closed: an address is never cleared without an answer.
 * - Addresses go in canonical spelling: EVM hex in lower case (the form of the documented example
 *   0x1da5821544e25c636c1417ba96ade4cf6d2f9b5a), bech32 in lower case, base58 as written.
 *
 * A clear or flagged answer is kept for `cacheTtlMs` (5 minutes), so a person retyping an address
 * or an order screening it again does not spend the key's quota; failures are never cached.
 */
export interface ChainalysisScreeningOptions {
  /** CHAINALYSIS_API_KEY: the free key from Chainalysis's sanctions screening sign-up. */
  apiKey: string;
  /** CHAINALYSIS_API_URL: https://public.chainalysis.com unless set (a proxy, or a stand-in for tests). */
  baseUrl?: string;
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
  cacheTtlMs?: number;
  now?: () => number;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export function createChainalysisScreening(options: ChainalysisScreeningOptions): AddressScreeningProvider {
  if (!options.apiKey) throw new Error('CHAINALYSIS_API_KEY is required for the Chainalysis address screening');
  const base = parseBaseUrl(options.baseUrl ?? 'https://public.chainalysis.com');
  const fetchImpl = options.fetchImpl ?? fetch;
  const timeoutMs = options.timeoutMs ?? 5_000;
  const cache = createTtlCache<Omit<ScreeningResult, 'address' | 'network'>>({
    ttlMs: options.cacheTtlMs ?? 300_000,
    maxEntries: 1_000,
    ...(options.now ? { now: options.now } : {}),
  });

  async function ask(address: string): Promise<Omit<ScreeningResult, 'address' | 'network'>> {
    let response: Response;
    let body: unknown;
    try {
      response = await fetchImpl(`${base}/api/v1/address/${encodeURIComponent(address)}`, {
        headers: { accept: 'application/json', 'X-API-Key': options.apiKey },
        signal: AbortSignal.timeout(timeoutMs),
      });
      body = response.ok ? await response.json().catch(() => undefined) : await response.text().catch(() => '');
    } catch (error) {
      const name = (error as Error | undefined)?.name;
      if (name === 'TimeoutError' || name === 'AbortError')
        throw new ScreeningUnavailableError(`Chainalysis did not answer within ${timeoutMs} ms`);
      throw new ScreeningUnavailableError('Chainalysis could not be reached');
    }
    if (!response.ok) {
      const hint =
        response.status === 401 || response.status === 403
          ? ' (is CHAINALYSIS_API_KEY right?)'
          : response.status === 429
            ? ' (rate limited)'
            : '';
      throw new ScreeningUnavailableError(`Chainalysis answered HTTP ${response.status}${hint}`);
    }
    const identifications = isRecord(body) && Array.isArray(body.identifications) ? body.identifications : undefined;
    if (!identifications) throw new ScreeningUnavailableError('Chainalysis answered something that is not {identifications: [...]}');
    if (identifications.length === 0) return { flagged: false, riskLevel: 'LOW', category: null, source: 'chainalysis' };
    const first = identifications[0];
    const category =
      isRecord(first) && typeof first.category === 'string' && first.category !== '' ? first.category.slice(0, 64) : 'sanctions';
    // Every identification of this API is a sanctions listing: paying out to it is never allowed.
    return { flagged: true, riskLevel: 'SEVERE', category, source: 'chainalysis' };
  }

  return {
    kind: 'chainalysis',
    async screen({ network, address }) {
      const canonical = canonicalScreeningAddress(network, address);
      if (canonical === '') throw new ScreeningUnavailableError('no address to screen');
      const verdict = await cache.get(screeningKey(network, address), () => ask(canonical));
      return { address, network, ...verdict };
    },
  };
}

function parseBaseUrl(text: string): string {
  try {
    const url = new URL(text);
    if (url.protocol === 'https:' || url.protocol === 'http:') return url.href.replace(/\/+$/, '');
  } catch {
    // fall through to the named error
  }
  throw new Error('CHAINALYSIS_API_URL must be an http(s) URL such as https://public.chainalysis.com');
}
