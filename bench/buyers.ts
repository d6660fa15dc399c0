// Prepares verified buyers with a saved card inside the targets process (in-process requests,
// one client address each, so the per-address code limits never trip).
import { API_BASE, PATHS } from '@causeway/contracts';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../apps/server/src/db/client.ts';
import { kycProfiles, users } from '../apps/server/src/db/schema/index.ts';
import { eq } from 'drizzle-orm';
import type { Buyer } from './orders-bench.ts';

async function post(app: FastifyInstance, path: string, body: object, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') {
  const response = await app.inject({ method: 'POST', url: `${API_BASE}${path}`, payload: body, headers, remoteAddress });
  return response.json() as { code: string; data: { token?: { token: string }; cardId?: string } };
}

export async function prepareBuyers(app: FastifyInstance, db: Database, count: number): Promise<Buyer[]> {
  const buyers: Buyer[] = [];
  for (let index = 0; index < count; index += 1) {
    const email = `bench-buyer-${index}@example.com`;
    const ip = `10.9.${Math.floor(index / 250)}.${(index % 250) + 1}`;
    await post(app, PATHS.sendVerifyCode, { email }, {}, ip);
    const mailbox = await app.inject({ method: 'GET', url: `/sandbox/mailbox?to=${encodeURIComponent(email)}` });
    const code = /\b(\d{6})\b/.exec((mailbox.json() as { messages: Array<{ subject: string }> }).messages[0]!.subject)![1]!;
    const login = await post(app, PATHS.loginWithVerifyCode, { email, code, termsAccepted: true }, {}, ip);
    const token = login.data.token!.token;
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.emailNormalized, email));
    await db.insert(kycProfiles).values({ userId: user!.id, provider: 'sandbox', levelName: 'basic-kyc-level', kycStatus: 'Pass', kycLevel: 1 }).onConflictDoUpdate({ target: kycProfiles.userId, set: { kycStatus: 'Pass', kycLevel: 1 } });
    const card = await post(app, PATHS.addCard, { cardNumber: '4242424242424242', expiryMonth: 12, expiryYear: 2031, cvv: '123', billingAddress: { firstName: 'Bench', lastName: 'Buyer', address: '1 Load Street', city: 'Berlin', postalCode: '10117', country: 'DE' } }, { token });
    if (!card.data.cardId) throw new Error(`bench buyer ${email}: add-card answered ${JSON.stringify(card)}`);
    buyers.push({ token, cardId: card.data.cardId });
  }
  return buyers;
}
