// Prepares verified buyers with a saved card, and verified depositors with a name, inside the
// targets process (in-process requests, one client address each, so the per-address code limits never trip).
import { API_BASE, PATHS } from '@causeway/contracts';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../apps/server/src/db/client.ts';
import { kycProfiles, users } from '../apps/server/src/db/schema/index.ts';
import { eq } from 'drizzle-orm';
import type { Buyer } from './orders-bench.ts';
import { hashPassword } from '../apps/server/src/modules/identity/password-hasher.ts';

async function post(app: FastifyInstance, path: string, body: object, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') {
  const response = await app.inject({ method: 'POST', url: `${API_BASE}${path}`, payload: body, headers, remoteAddress });
  return response.json() as { code: string; data: { token?: { token: string }; cardId?: string } };
}

/**
 * A person signed in by e-mail code and verified (KYC Pass at level 1), with the name their review
 * passed with when one is given (bank credits are matched against it). Answers their session token.
 */
async function verifiedSession(
  app: FastifyInstance,
  db: Database,
  email: string,
  ip: string,
  name?: { firstName: string; lastName: string },
) {
  await post(app, PATHS.sendVerifyCode, { email }, {}, ip);
  const mailbox = await app.inject({ method: 'GET', url: `/sandbox/mailbox?to=${encodeURIComponent(email)}` });
  const code = /\b(\d{6})\b/.exec((mailbox.json() as { messages: Array<{ subject: string }> }).messages[0]!.subject)![1]!;
  const login = await post(app, PATHS.loginWithVerifyCode, { email, code, termsAccepted: true }, {}, ip);
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.emailNormalized, email));
  const verified = { kycStatus: 'Pass', kycLevel: 1, ...name } as const;
  await db
    .insert(kycProfiles)
    .values({ userId: user!.id, provider: 'sandbox', levelName: 'basic-kyc-level', ...verified })
    .onConflictDoUpdate({ target: kycProfiles.userId, set: verified });
  return login.data.token!.token;
}

export async function prepareBuyers(app: FastifyInstance, db: Database, count: number): Promise<Buyer[]> {
  const buyers: Buyer[] = [];
  for (let index = 0; index < count; index += 1) {
    const email = `bench-buyer-${index}@example.com`;
    const ip = `10.9.${Math.floor(index / 250)}.${(index % 250) + 1}`;
    const token = await verifiedSession(app, db, email, ip);
    // The card goes to the sandbox processor's own card fields; our add-card gets only its token.
    const fields = await app.inject({
      method: 'POST',
      url: '/sandbox/card-fields/tokens',
      payload: { number: '4242424242424242', expiryMonth: 12, expiryYear: 2031, cvv: '123' },
      remoteAddress: ip,
    });
    const cardToken = (fields.json() as { token?: string }).token;
    if (!cardToken) throw new Error(`bench buyer ${email}: the card fields answered ${fields.body}`);
    const card = await post(
      app,
      PATHS.addCard,
      {
        cardToken,
        billingAddress: {
          firstName: 'Bench',
          lastName: 'Buyer',
          address: '1 Load Street',
          city: 'Berlin',
          postalCode: '10117',
          country: 'DE',
        },
      },
      { token },
    );
    if (!card.data.cardId) throw new Error(`bench buyer ${email}: add-card answered ${JSON.stringify(card)}`);
    buyers.push({ token, cardId: card.data.cardId });
  }
  return buyers;
}

/** The password every sign-in account of the bench has (the spec's rule: upper, lower, digit, special). */
export const SIGN_IN_PASSWORD = 'Bench-sign-in-2026!';

/**
 * Accounts for the sign-in bench, each with SIGN_IN_PASSWORD. Many, because every check of a
 * password reserves one of the account's 5 attempts while it runs (issue 13): 16 connections on
 * one account would be refused as a guessing attack, as they should be.
 */
export async function prepareSignInAccounts(db: Database, count: number): Promise<string[]> {
  const passwordHash = await hashPassword(SIGN_IN_PASSWORD);
  const emails = Array.from({ length: count }, (_, index) => `bench-sign-in-${index}@example.com`);
  await db.insert(users).values(
    emails.map((email, index) => ({
      id: `usr_bench_sign_in_${index}`,
      email,
      emailNormalized: email,
      userType: 'Individual',
      accountStatus: 'Active',
      termsVersion: 'bench',
      passwordHash,
      createdAt: new Date(),
    })),
  );
  return emails;
}

/** Surnames of the depositors: letters only, as a bank's payer name would be. */
const DEPOSITOR_NAMES = ['Alder', 'Birch', 'Cedar', 'Hazel', 'Larch', 'Maple', 'Rowan', 'Willow'];

/** Verified people with a name, for the deposits bench (deposits-bench.ts): answers their session tokens. */
export async function prepareDepositors(app: FastifyInstance, db: Database, count: number): Promise<string[]> {
  const tokens: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const name = { firstName: 'Bench', lastName: DEPOSITOR_NAMES[index % DEPOSITOR_NAMES.length]! };
    tokens.push(await verifiedSession(app, db, `bench-depositor-${index}@example.com`, `10.10.0.${index + 1}`, name));
  }
  return tokens;
}
