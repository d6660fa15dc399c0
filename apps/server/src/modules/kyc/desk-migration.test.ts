import { PATHS } from '@causeway/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deskCall, deskSignIn } from '../../../test/desk-helpers.ts';
import { call, createIdentityTestApp, type IdentityTestApp } from '../../../test/identity-helpers.ts';
import { newIndividual } from '../../../test/kyc-helpers.ts';
import { verifiedBuyer } from '../../../test/order-helpers.ts';
import { kycProfiles, operatorAuditLog } from '../../db/schema/index.ts';

// docs/rules/order-states.md "Entity migration": an operator routes an account to the other entity from the desk
// (journeys:start); the person then meets user-migration until they accept, or the deadline makes it no longer optional.

let t: IdentityTestApp;
let compliance: string;
let support: string;
beforeAll(async () => {
  t = await createIdentityTestApp();
  compliance = await deskSignIn(t, 'compliance');
  support = await deskSignIn(t, 'support');
});
afterAll(async () => {
  await t.app.close();
});

const startMigration = (token: string, body: object) => deskCall(t.app, 'POST', PATHS.deskStartMigration, token, { body });
const routeOf = async (userId: string) => (await t.db.select().from(kycProfiles).where(eq(kycProfiles.userId, userId)))[0];

describe("the desk's start of a migration", () => {
  it('routes a verified person to PL by the deadline: their precheck says so, and the audit row keeps why', async () => {
    const person = await verifiedBuyer(t, 'migrate-me@example.com');

    const started = await startMigration(compliance, {
      userId: person.userId,
      targetEntity: 'PL',
      deadlineDays: 30,
      reason: 'Moving Polish residents',
    });

    expect(started.statusCode, JSON.stringify(started.body)).toBe(200);
    expect(started.body.data).toMatchObject({ userId: person.userId, currentEntity: 'LI', targetEntity: 'PL' });
    const deadline = new Date(started.body.data.deadline).getTime();
    expect(deadline - t.clock.now().getTime()).toBe(30 * 24 * 60 * 60 * 1000);
    const precheck = await call(t.app, 'GET', PATHS.entitySwitchPrecheck, { headers: person.headers });
    expect(precheck.body.data).toMatchObject({ canSwitch: true, currentEntity: 'LI', targetEntity: 'PL', protocol: 'STATEMENT' });
    const [row] = await t.db
      .select()
      .from(operatorAuditLog)
      .where(and(eq(operatorAuditLog.action, 'journey.start-migration'), eq(operatorAuditLog.targetId, person.userId)));
    expect(row).toMatchObject({ outcome: 'done', details: { reason: 'Moving Polish residents', targetEntity: 'PL' } });
  });

  it('refuses the entity the account is in (KYC0000003), an account with no verification, and a support operator; nothing changes', async () => {
    const verified = await verifiedBuyer(t, 'stay-put@example.com');
    const body = { userId: verified.userId, targetEntity: 'LI', deadlineDays: 10, reason: 'x' };
    expect((await startMigration(compliance, body)).body.code).toBe('KYC0000003');

    const unverified = await newIndividual(t, 'not-verified-yet@example.com');
    expect((await startMigration(compliance, { ...body, userId: unverified.userId, targetEntity: 'PL' })).body.code).toBe('KYC0000003');

    const refused = await startMigration(support, { ...body, targetEntity: 'PL' });
    expect(refused.statusCode).toBe(403);
    expect(refused.body.code).toBe('DSK0000004');
    expect((await routeOf(verified.userId))?.routeEntity ?? null).toBeNull();
  });

  it('answers bad input 400 and changes nothing', async () => {
    const person = await verifiedBuyer(t, 'bad-input-migration@example.com');
    for (const bad of [
      { userId: person.userId, targetEntity: 'XX', deadlineDays: 10, reason: 'r' },
      { userId: person.userId, targetEntity: 'PL', deadlineDays: 0, reason: 'r' },
      { userId: person.userId, targetEntity: 'PL', deadlineDays: 91, reason: 'r' },
      { userId: person.userId, targetEntity: 'PL', deadlineDays: 10, reason: '  ' },
    ]) {
      expect((await startMigration(compliance, bad)).statusCode).toBe(400);
    }
    expect((await routeOf(person.userId))?.routeEntity ?? null).toBeNull();
  });
});
