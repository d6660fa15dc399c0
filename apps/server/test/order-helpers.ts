import { randomUUID } from 'node:crypto';
import { PATHS, RISK_WARNING_PROTOCOL, RISK_WARNING_VERSION } from '@causeway/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../src/db/client.ts';
import { appropriatenessAssessments, kycProfiles, userAgreements } from '../src/db/schema/index.ts';
import type { FastifyInstance } from 'fastify';
import { call, type IdentityTestApp, nextIp, tokenHeaders } from './identity-helpers.ts';
import { newIndividual } from './kyc-helpers.ts';

/** docs/sandbox.md test cards, by behaviour. */
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
export const BILLING = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  address: '12 Example Street',
  city: 'London',
  postalCode: 'N1 9GU',
  country: 'GB',
};

/**
 * The risk steps taken, as the pages lead a person through them before trading: the current warning agreed and (an
 * individual's) appropriateness test passed. Orders are refused without them (RSK0000005).
 */
export async function clearRiskSteps(db: Database, userId: string, options: { individual?: boolean } = {}): Promise<void> {
  await db
    .insert(userAgreements)
    .values({ userId, protocol: RISK_WARNING_PROTOCOL, version: RISK_WARNING_VERSION, acceptedAt: new Date() })
    .onConflictDoNothing();
  if (options.individual === false) return;
  await db
    .insert(appropriatenessAssessments)
    .values({ userId, stage: 'PASSED', passedAt: new Date() })
    .onConflictDoUpdate({ target: appropriatenessAssessments.userId, set: { stage: 'PASSED', passedAt: new Date() } });
}

/** A person who signed up, whose KYC passed (tier 1) and who took the risk steps: ready to buy. */
export async function verifiedBuyer(t: IdentityTestApp, email: string) {
  const person = await newIndividual(t, email);
  await clearRiskSteps(t.db, person.userId);
  await t.db
    .insert(kycProfiles)
    .values({ userId: person.userId, provider: 'sandbox', levelName: 'basic-kyc-level', kycStatus: 'Pass', kycLevel: 1 })
    .onConflictDoUpdate({ target: kycProfiles.userId, set: { kycStatus: 'Pass', kycLevel: 1 } });
  const profile = await t.db.select().from(kycProfiles).where(eq(kycProfiles.userId, person.userId));
  if (profile[0]?.kycStatus !== 'Pass') throw new Error('KYC did not pass');
  return { ...person, headers: tokenHeaders(person.token) };
}

/**
 * A card typed into the sandbox processor's card fields: what their page posts to the processor's
 * own endpoint (not our API). Answers the single-use token add-card takes. From a fresh address
 * each time, so the endpoint's per-IP limit does not meet a test that adds many cards.
 */
export async function cardFieldsToken(
  app: FastifyInstance,
  cardNumber: string = TEST_CARDS.visa,
  expiry = { expiryMonth: 12, expiryYear: 2031 },
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/sandbox/card-fields/tokens',
    remoteAddress: nextIp(),
    payload: { number: cardNumber, cvv: '123', ...expiry },
  });
  if (response.statusCode !== 201) throw new Error(`card fields refused the card: ${response.body}`);
  return (response.json() as { token: string }).token;
}

/** card/add-card with the card fields' token, as the web app sends it. */
export async function addCard(
  t: IdentityTestApp,
  headers: Record<string, string>,
  cardNumber: string = TEST_CARDS.visa,
  expiry = { expiryMonth: 12, expiryYear: 2031 },
) {
  const cardToken = await cardFieldsToken(t.app, cardNumber, expiry);
  const response = await call(t.app, 'POST', PATHS.addCard, { headers, body: { cardToken, billingAddress: BILLING } });
  if (response.statusCode !== 200) throw new Error(`add-card failed: ${JSON.stringify(response.body)}`);
  return response.body.data as { cardId: string; enabled: boolean };
}

export const getQuote = (t: IdentityTestApp, headers: Record<string, string>, body: Record<string, unknown>) =>
  call(t.app, 'POST', PATHS.getQuote, {
    headers,
    body: { fiatCurrency: 'EUR', cryptoCurrency: 'BTC', network: 'BTC', fiatAmount: '100', walletAddress: BTC_ADDRESS, ...body },
  });

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
