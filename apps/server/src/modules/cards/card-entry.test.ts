import { ErrorCode } from '@causeway/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { AppError } from '../../platform/app-error.ts';
import { createManualClock } from '../../platform/clock.ts';
import { createRateLimiter } from '../../platform/rate-limit.repository.ts';
import { RateLimitedError } from '../../platform/rate-limited.ts';
import { createCheckoutCardProcessor } from '../../providers/card-processor/checkout.ts';
import { createFakeCheckout } from '../../providers/card-processor/fixtures/checkout/fake-checkout.ts';
import type { GeoProvider } from '../../providers/geo/geo.ts';
import { createTestDatabase } from '../../../test/test-database.ts';
import type { Principal } from '../identity/index.ts';
import { CARD_ENTRY_SESSIONS_PER_HOUR, createCardEntry } from './card-entry.ts';

// The session Checkout.com Flow tokenises in, made for one person: against the stand-in of its
// documented API (fixtures/checkout), with the real per-person limit on this test's database.
const KEYS = { secretKey: 'sk_sbox_card_entry_secret', publicKey: 'pk_sbox_card_entry_public' };
let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const person = (id: string) => ({ id }) as Principal;

function setup(options: { country?: string | null; secretKey?: string } = {}) {
  const fake = createFakeCheckout(KEYS);
  const clock = createManualClock(new Date('2026-11-26T10:00:00Z'));
  const warnings: unknown[] = [];
  const log = { warn: (entry: unknown) => void warnings.push(entry) } as unknown as FastifyBaseLogger;
  const geo: GeoProvider = { kind: 'sandbox', countryOf: async () => (options.country === undefined ? 'DE' : options.country) };
  const processor = createCheckoutCardProcessor({
    ...KEYS,
    secretKey: options.secretKey ?? KEYS.secretKey,
    fetchImpl: fake.fetchImpl,
    timeoutMs: 500,
  });
  const entry = createCardEntry({
    processor,
    geo,
    rateLimiter: createRateLimiter(database.db),
    clock,
    publicUrl: 'https://pay.example.test',
    log,
  });
  return { entry, fake, clock, warnings };
}

describe('card entry sessions (Checkout.com Flow)', () => {
  it("opens a Payment Session of amount 0 for the card only, billed in the person's country, and answers Flow's id, token and secret", async () => {
    const { entry, fake } = setup();
    const answer = await entry.start(person('usr_entry_open'), '203.0.113.7');
    expect(answer.paymentSession).toEqual({
      id: expect.stringMatching(/^ps_\w+$/),
      paymentSessionToken: expect.any(String),
      paymentSessionSecret: expect.stringMatching(/^pss_/),
    });
    expect(fake.requests).toHaveLength(1);
    const [sent] = fake.requests;
    expect(sent!.url.href).toBe('https://api.sandbox.checkout.com/payment-sessions');
    expect(sent!.headers.authorization).toBe(`Bearer ${KEYS.secretKey}`);
    expect(sent!.body).toEqual({
      amount: 0,
      currency: 'EUR',
      reference: expect.stringMatching(/^cfs_\w+$/),
      billing: { address: { country: 'DE' } },
      success_url: 'https://pay.example.test/',
      failure_url: 'https://pay.example.test/',
      enabled_payment_methods: ['card'],
      disabled_payment_methods: ['remember_me'],
    });
    // The reference is random: never the person's id or address.
    expect(JSON.stringify(sent!.body)).not.toContain('usr_entry_open');
  });

  it('bills a person whose country the geo lookup cannot tell in a fallback country (only the card is offered either way)', async () => {
    const { entry, fake } = setup({ country: null });
    await entry.start(person('usr_entry_nogeo'), '198.51.100.1');
    expect(fake.requests[0]!.body).toMatchObject({ billing: { address: { country: 'GB' } } });
  });

  it(`limits each person to ${CARD_ENTRY_SESSIONS_PER_HOUR} sessions an hour, counted atomically under parallel calls; others are not held back`, async () => {
    const { entry, fake, clock } = setup();
    const results = await Promise.allSettled(
      Array.from({ length: CARD_ENTRY_SESSIONS_PER_HOUR + 10 }, () => entry.start(person('usr_entry_busy'), '203.0.113.8')),
    );
    const refused = results
      .filter((result) => result.status === 'rejected')
      .map((result) => (result as PromiseRejectedResult).reason as unknown);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(CARD_ENTRY_SESSIONS_PER_HOUR);
    expect(refused).toHaveLength(10);
    for (const error of refused) {
      expect(error).toBeInstanceOf(RateLimitedError);
      expect((error as RateLimitedError).code).toBe('REQ0000429');
    }
    // A refused call never reached Checkout.com.
    expect(fake.requests).toHaveLength(CARD_ENTRY_SESSIONS_PER_HOUR);
    await expect(entry.start(person('usr_entry_other'), '203.0.113.8')).resolves.toMatchObject({
      paymentSession: { id: expect.stringMatching(/^ps_/) },
    });
    clock.advance(60 * 60 * 1000);
    await expect(entry.start(person('usr_entry_busy'), '203.0.113.8')).resolves.toMatchObject({
      paymentSession: { id: expect.stringMatching(/^ps_/) },
    });
  });

  it('answers CRD0000009 (card entry unavailable) when Checkout.com refuses the key, and logs why without the key', async () => {
    const { entry, warnings } = setup({ secretKey: 'sk_sbox_not_the_right_one' });
    const error = await entry.start(person('usr_entry_refused'), '203.0.113.9').catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).errorName).toBe(ErrorCode.PaymentMethodUnavailable);
    expect(warnings).toHaveLength(1);
    expect(JSON.stringify(warnings)).toContain('401');
    expect(JSON.stringify(warnings)).not.toContain('sk_sbox_not_the_right_one');
  });
});
