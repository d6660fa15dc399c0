import { describe, expect, it } from 'vitest';
import { ScreeningUnavailableError } from './address-screening.ts';
import { type ChainalysisScreeningOptions, createChainalysisScreening } from './chainalysis.ts';
import { type CannedAnswer, chainalysisFixture, createFakeChainalysis } from './fixtures/chainalysis/fake-chainalysis.ts';
import { createAddressScreening } from './index.ts';

// Chainalysis's sanctions API through its documented example (fixtures/chainalysis) and a stand-in.
const API_KEY = 'ck-3d9a1f0c7b2e4a56';
const SECONDEYE = '0x1da5821544e25c636c1417ba96ade4cf6d2f9b5a';

function setup(overrides: Partial<ChainalysisScreeningOptions> = {}) {
  let now = 1_000_000;
  const fake = createFakeChainalysis({ apiKey: API_KEY, listed: [SECONDEYE] });
  const screening = createChainalysisScreening({ apiKey: API_KEY, fetchImpl: fake.fetchImpl, now: () => now, ...overrides });
  return { fake, screening, advance: (ms: number) => (now += ms) };
}
const unavailable = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected ScreeningUnavailableError');
    },
    (error: unknown) => {
      expect(error).toBeInstanceOf(ScreeningUnavailableError);
      return error as ScreeningUnavailableError;
    },
  );

describe('Chainalysis sanctions screening', () => {
  it('asks the documented endpoint with X-API-Key and reads the documented example as a sanctions listing', async () => {
    const { fake, screening } = setup();
    fake.answerNext({ body: chainalysisFixture('sanctioned.docs-example') });
    const result = await screening.screen({ network: 'ETH', address: '0x1da5821544e25c636c1417Ba96Ade4Cf6D2f9B5A' });
    expect(result).toEqual({
      address: '0x1da5821544e25c636c1417Ba96Ade4Cf6D2f9B5A',
      network: 'ETH',
      flagged: true,
      riskLevel: 'SEVERE',
      category: 'sanctions',
      source: 'chainalysis',
    });
    const [request] = fake.requests;
    expect(request?.method).toBe('GET');
    // The EIP-55 spelling goes in lower case, as in the documented example.
    expect(request?.url.href).toBe(`https://public.chainalysis.com/api/v1/address/${SECONDEYE}`);
    expect(request?.headers).toMatchObject({ 'x-api-key': API_KEY, accept: 'application/json' });
  });

  it('reads an empty identifications array as clear', async () => {
    const { fake, screening } = setup();
    fake.answerNext({ body: chainalysisFixture('clear') });
    expect(await screening.screen({ network: 'BTC', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' })).toMatchObject({
      flagged: false,
      riskLevel: 'LOW',
      category: null,
    });
  });

  it('keeps a verdict five minutes, shares one request among concurrent screens, and never keeps a failure', async () => {
    const { fake, screening, advance } = setup();
    await Promise.all(Array.from({ length: 5 }, () => screening.screen({ network: 'ETH', address: SECONDEYE })));
    expect(fake.requests).toHaveLength(1);
    advance(299_999);
    await screening.screen({ network: 'ETH', address: SECONDEYE.toUpperCase().replace('0X', '0x') });
    expect(fake.requests).toHaveLength(1);
    advance(1);
    fake.answerNext({ status: 503, text: 'unavailable' });
    await unavailable(screening.screen({ network: 'ETH', address: SECONDEYE }));
    expect((await screening.screen({ network: 'ETH', address: SECONDEYE })).flagged).toBe(true);
    expect(fake.requests).toHaveLength(3);
  });

  it.each([
    ['a refused key (403)', { status: 403, body: { message: 'Forbidden' } }, 'HTTP 403 (is CHAINALYSIS_API_KEY right?)'],
    ['a rate limit (429)', { status: 429, text: '' }, 'HTTP 429 (rate limited)'],
    ['an outage (500)', { status: 500, text: '<html>' }, 'HTTP 500'],
    ['an answer that is not JSON', { status: 200, text: '<html>maintenance</html>' }, 'not {identifications'],
    ['JSON of another shape', { status: 200, body: { identifications: 'none' } }, 'not {identifications'],
    ['a network failure', { networkError: true }, 'could not be reached'],
  ] as Array<[string, CannedAnswer, string]>)('fails closed on %s', async (_name, answer, message) => {
    const { fake, screening } = setup();
    fake.answerNext(answer);
    expect((await unavailable(screening.screen({ network: 'ETH', address: SECONDEYE }))).message).toContain(message);
  });

  it('gives up after its timeout, failing closed', async () => {
    const { fake, screening } = setup({ timeoutMs: 20 });
    fake.answerNext({ hang: true });
    expect((await unavailable(screening.screen({ network: 'ETH', address: SECONDEYE }))).message).toBe(
      'Chainalysis did not answer within 20 ms',
    );
  });

  it('puts the address in the path as one encoded segment', async () => {
    const { fake, screening } = setup();
    await screening.screen({ network: 'XRP', address: 'r/../admin?x=1' });
    expect(fake.requests[0]?.url.pathname).toBe('/api/v1/address/r%2F..%2Fadmin%3Fx%3D1');
    await unavailable(screening.screen({ network: 'XRP', address: '   ' }));
  });

  it('validates its options and names the variable', () => {
    expect(() => createChainalysisScreening({ apiKey: '' })).toThrow('CHAINALYSIS_API_KEY');
    expect(() => createAddressScreening({ kind: 'chainalysis' })).toThrow('CHAINALYSIS_API_KEY');
    expect(() => createChainalysisScreening({ apiKey: API_KEY, baseUrl: 'nope' })).toThrow('CHAINALYSIS_API_URL');
    expect(() => createAddressScreening({ kind: 'other' as 'sandbox' })).toThrow('ADDRESS_SCREENING must be one of sandbox, chainalysis');
    expect(
      createAddressScreening({ kind: 'chainalysis', chainalysisApiKey: API_KEY, chainalysisBaseUrl: 'http://127.0.0.1:9/' }).kind,
    ).toBe('chainalysis');
  });
});
