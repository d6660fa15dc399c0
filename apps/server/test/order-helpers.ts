import { randomUUID } from 'node:crypto';
import { PATHS } from '@causeway/contracts';
import { eq } from 'drizzle-orm';
import { kycProfiles } from '../src/db/schema/index.ts';
import { call, type IdentityTestApp, tokenHeaders } from './identity-helpers.ts';
import { newIndividual } from './kyc-helpers.ts';

/** sandbox.md test cards, by behaviour. */
export const TEST_CARDS = {
  visa: '4242424242424242',
  master: '5555555555554444',
  threeDs: '4000000000003220',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  timeout: '4000000000000119',
  partial: '5200000000000007',
} as const;

export const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
export const BILLING = { firstName: 'Ada', lastName: 'Lovelace', address: '12 Example Street', city: 'London', postalCode: 'N1 9GU', country: 'GB' };

/** A person who signed up and whose KYC passed (tier 1), ready to buy. */
export async function verifiedBuyer(t: IdentityTestApp, email: string) {
  const person = await newIndividual(t, email);
  await t.db.insert(kycProfiles).values({ userId: person.userId, provider: 'sandbox', levelName: 'basic-kyc-level', kycStatus: 'Pass', kycLevel: 1 }).onConflictDoUpdate({ target: kycProfiles.userId, set: { kycStatus: 'Pass', kycLevel: 1 } });
  const profile = await t.db.select().from(kycProfiles).where(eq(kycProfiles.userId, person.userId));
  if (profile[0]?.kycStatus !== 'Pass') throw new Error('KYC did not pass');
  return { ...person, headers: tokenHeaders(person.token) };
}

export async function addCard(t: IdentityTestApp, headers: Record<string, string>, cardNumber: string = TEST_CARDS.visa) {
  const response = await call(t.app, 'POST', PATHS.addCard, { headers, body: { cardNumber, expiryMonth: 12, expiryYear: 2031, cvv: '123', billingAddress: BILLING } });
  if (response.statusCode !== 200) throw new Error(`add-card failed: ${JSON.stringify(response.body)}`);
  return response.body.data as { cardId: string };
}

export const getQuote = (t: IdentityTestApp, headers: Record<string, string>, body: Record<string, unknown>) =>
  call(t.app, 'POST', PATHS.getQuote, { headers, body: { fiatCurrency: 'EUR', cryptoCurrency: 'BTC', network: 'BTC', fiatAmount: '100', walletAddress: BTC_ADDRESS, ...body } });

/** A quote and a submitted buy with a card of the given behaviour; answers the order id and the submit answer. */
export async function buy(t: IdentityTestApp, headers: Record<string, string>, cardId: string, quoteBody: Record<string, unknown> = {}) {
  const orderId = (quoteBody.orderId as string | undefined) ?? randomUUID();
  const quote = await getQuote(t, headers, { ...quoteBody, orderId });
  if (quote.statusCode !== 200) throw new Error(`get-quote failed: ${JSON.stringify(quote.body)}`);
  const submit = await call(t.app, 'POST', PATHS.submitBuy, { headers, body: { orderId, quoteId: quote.body.data.quoteId, cardId } });
  return { orderId, quote: quote.body.data, submit };
}

export const orderDetail = async (t: IdentityTestApp, headers: Record<string, string>, orderId: string) =>
  (await call(t.app, 'POST', PATHS.getOrderDetail, { headers, body: { orderId } })).body.data;

/** Runs the settlement worker, moving the clock past each wait, until nothing is due or `rounds` ran out. */
export async function settle(t: IdentityTestApp, rounds = 10, stepMs = 4000) {
  for (let round = 0; round < rounds; round += 1) {
    await t.app.jobs.drain();
    t.clock.advance(stepMs);
  }
  await t.app.jobs.drain();
}
