import { and, eq, inArray, isNull } from 'drizzle-orm';
import { DEMO_MERCHANT } from '../modules/merchant/demo-merchant.ts';
import type { Database } from '../db/client.ts';
import { merchants, sessions, users } from '../db/schema/index.ts';
import { DEMO_ACCOUNTS } from './demo-accounts.ts';

/**
 * The reason code a demo account is blocked with when an install runs without demo data. Only
 * this block is lifted again by a sandbox start: any other block (a KYC decision, an operator's)
 * stays.
 */
export const DEMO_DISABLED_REASON = 'SANDBOX_DEMO';
const REVOKED_REASON = 'demo-disabled';

const demoEmails = DEMO_ACCOUNTS.map((account) => account.email);

/**
 * Turns the published demo credentials off on a database that once ran in sandbox mode (F2):
 * the demo accounts are Blocked (no sign-in by password, code or merchant link), every session
 * they hold ends, and the demo merchant is Disabled (its signature is refused). One transaction of
 * conditional updates, so it is idempotent and any number of processes may run it at boot.
 */
export async function disableDemoAccess(db: Database, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const demoUsers = tx.select({ id: users.id }).from(users).where(inArray(users.emailNormalized, demoEmails));
    await tx
      .update(users)
      .set({ accountStatus: 'Blocked', accountStatusReasonCode: DEMO_DISABLED_REASON })
      .where(and(inArray(users.emailNormalized, demoEmails), inArray(users.accountStatus, ['Initial', 'Active'])));
    await tx
      .update(sessions)
      .set({ revokedAt: now, revokedReason: REVOKED_REASON })
      .where(and(inArray(sessions.userId, demoUsers), isNull(sessions.revokedAt)));
    await tx
      .update(merchants)
      .set({ status: 'Disabled' })
      .where(and(eq(merchants.id, DEMO_MERCHANT.id), eq(merchants.status, 'Active')));
  });
}

/**
 * A sandbox start with demo data brings them back: the demo accounts blocked by
 * disableDemoAccess (and only those) are Active again, and the demo merchant is Active, as
 * docs/sandbox.md promises. Sessions ended while disabled stay ended.
 */
export async function enableDemoAccess(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ accountStatus: 'Active', accountStatusReasonCode: null })
      .where(
        and(
          inArray(users.emailNormalized, demoEmails),
          eq(users.accountStatus, 'Blocked'),
          eq(users.accountStatusReasonCode, DEMO_DISABLED_REASON),
        ),
      );
    await tx
      .update(merchants)
      .set({ status: 'Active' })
      .where(and(eq(merchants.id, DEMO_MERCHANT.id), eq(merchants.status, 'Disabled')));
  });
}
