import { PATHS } from '@causeway/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deskCall, deskSignIn, demoOperator } from '../../../test/desk-helpers.ts';
import { createIdentityTestApp, type IdentityTestApp } from '../../../test/identity-helpers.ts';
import { operatorAuditLog, operators } from '../../db/schema/index.ts';
import { newId } from '../../platform/crypto.ts';
import { createDeskActions, type DeskActor, withoutSecrets } from './desk-actions.ts';
import { createDeskRepository } from './desk.repository.ts';

// docs/rules/operator-desk.md "Audit", docs/trust.md "Operators": every operator action goes through one
// helper that checks the role and writes its audit row in the change's own transaction; the log is append-only.

let t: IdentityTestApp;
let admin: DeskActor;
let support: DeskActor;
beforeAll(async () => {
  t = await createIdentityTestApp();
  const byEmail = async (email: string) => (await t.db.select().from(operators).where(eq(operators.email, email)))[0]!;
  const actorOf = (row: Awaited<ReturnType<typeof byEmail>>): DeskActor => ({
    operator: { id: row.id, email: row.email, displayName: row.displayName, role: row.role as 'admin' },
    ipKey: '192.0.2.7',
  });
  admin = actorOf(await byEmail(demoOperator('admin').email));
  support = actorOf(await byEmail(demoOperator('support').email));
});
afterAll(async () => {
  await t.app.close();
});

const actions = () => createDeskActions({ repository: createDeskRepository(t.db), transaction: t.unitOfWork.transaction, clock: t.clock });
const rowsFor = (action: string) => t.db.select().from(operatorAuditLog).where(eq(operatorAuditLog.action, action));
/** The messages of a refused query and of its causes (drizzle wraps the database's). */
const failureOf = async (work: Promise<unknown>): Promise<string> => {
  try {
    await work;
  } catch (error) {
    const parts: string[] = [];
    for (let current: unknown = error; current instanceof Error; current = current.cause) parts.push(current.message);
    return parts.join(' | ');
  }
  throw new Error('expected a failure');
};
/** A change of the test's own: a row in a table of no module (what a review screen's decision would write). */
const probeValues = async () => (await t.db.execute(sql`select v from desk_probe order by v`)) as unknown as { rows: Array<{ v: string }> };

describe('an operator action', () => {
  beforeAll(async () => {
    await t.db.execute(sql`create table desk_probe (v text primary key)`);
  });

  it('commits the change and its audit row together', async () => {
    await actions().act(admin, { permission: 'config:change', action: 'probe.write', target: { type: 'probe', id: 'a' } }, async () => {
      await t.db.execute(sql`insert into desk_probe values ('a')`);
    });
    expect((await probeValues()).rows).toEqual([{ v: 'a' }]);
    expect((await rowsFor('probe.write')).map((row) => [row.operatorId, row.targetId, row.outcome, row.ipKey])).toEqual([
      [admin.operator.id, 'a', 'done', '192.0.2.7'],
    ]);
  });

  it('writes no audit row when the change fails, and keeps no change when the audit row cannot be written', async () => {
    await expect(
      actions().act(admin, { permission: 'config:change', action: 'probe.fails' }, async () => {
        await t.db.execute(sql`insert into desk_probe values ('b')`);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await rowsFor('probe.fails')).toEqual([]);
    // An action name longer than its column: the audit insert fails, and the change goes with it.
    await expect(
      actions().act(admin, { permission: 'config:change', action: `probe.${'x'.repeat(80)}` }, async () => {
        await t.db.execute(sql`insert into desk_probe values ('c')`);
      }),
    ).rejects.toThrow();
    expect((await probeValues()).rows).toEqual([{ v: 'a' }]);
  });

  it('refuses a role without the permission before any change, and records the refusal', async () => {
    let ran = false;
    await expect(
      actions().act(support, { permission: 'reviews:decide', action: 'kyc.decide', target: { type: 'person', id: 'usr_x' } }, async () => {
        ran = true;
      }),
    ).rejects.toMatchObject({ errorName: 'OperatorPermissionRefused' });
    expect(ran).toBe(false);
    expect((await rowsFor('kyc.decide')).map((row) => [row.operatorId, row.outcome, row.details])).toEqual([
      [support.operator.id, 'refused', { permission: 'reviews:decide' }],
    ]);
  });

  it('never writes a secret into the details', async () => {
    expect(
      withoutSecrets({
        decision: 'approve',
        password: 'p',
        nested: { code: '123456', token: 't', reason: 'ok' },
        list: [{ secret: 's', n: 1 }],
      }),
    ).toEqual({ decision: 'approve', nested: { reason: 'ok' }, list: [{ n: 1 }] });
    await actions().act(
      admin,
      { permission: 'config:change', action: 'probe.secret', details: { otpCode: '123456', note: 'kept' } },
      async () => {},
    );
    expect((await rowsFor('probe.secret'))[0]!.details).toEqual({ note: 'kept' });
  });
});

describe('the audit log', () => {
  it('refuses any change to its rows, any delete and any truncate (the database, whatever the code does)', async () => {
    const id = newId('oal');
    await t.db.insert(operatorAuditLog).values({ id, operatorId: admin.operator.id, action: 'probe.append', at: t.clock.now() });
    expect(await failureOf(t.db.update(operatorAuditLog).set({ action: 'probe.rewritten' }).where(eq(operatorAuditLog.id, id)))).toMatch(
      /append-only/,
    );
    expect(await failureOf(t.db.delete(operatorAuditLog).where(eq(operatorAuditLog.id, id)))).toMatch(/append-only/);
    expect(await failureOf(t.db.execute(sql`truncate operator_audit_log cascade`))).toMatch(/append-only/);
    expect(await rowsFor('probe.append')).toHaveLength(1);
  });

  it('shows support its own actions only, and an admin everyone’s, filtered by operator and action', async () => {
    const supportToken = await deskSignIn(t, 'support');
    const adminToken = await deskSignIn(t, 'admin');
    const own = await deskCall(t.app, 'GET', PATHS.deskAuditLog, supportToken, { query: { operatorId: admin.operator.id } });
    expect(own.statusCode).toBe(200);
    const ownEntries = own.body.data.entries as Array<{ operatorId: string; operatorEmail: string; action: string }>;
    expect(ownEntries.length).toBeGreaterThan(0);
    expect(new Set(ownEntries.map((entry) => entry.operatorId))).toEqual(new Set([support.operator.id]));

    const all = await deskCall(t.app, 'GET', PATHS.deskAuditLog, adminToken);
    const operatorsSeen = new Set((all.body.data.entries as Array<{ operatorId: string }>).map((entry) => entry.operatorId));
    expect(operatorsSeen).toEqual(new Set([support.operator.id, admin.operator.id]));
    const filtered = await deskCall(t.app, 'GET', PATHS.deskAuditLog, adminToken, {
      query: { operatorId: support.operator.id, action: 'kyc.decide' },
    });
    expect(filtered.body.data).toMatchObject({ total: 1, page: 1, pageSize: 20 });
    expect(filtered.body.data.entries[0]).toMatchObject({
      operatorEmail: demoOperator('support').email,
      action: 'kyc.decide',
      outcome: 'refused',
    });
  });

  it('records an operator disabled by an admin, with the change, and ends their sessions', async () => {
    const supportToken = await deskSignIn(t, 'support');
    const adminToken = await deskSignIn(t, 'admin');
    const self = await deskCall(t.app, 'POST', PATHS.deskOperatorStatus, adminToken, {
      body: { operatorId: admin.operator.id, status: 'Disabled' },
    });
    expect(self.body.code).toBe('DSK0000006');
    const done = await deskCall(t.app, 'POST', PATHS.deskOperatorStatus, adminToken, {
      body: { operatorId: support.operator.id, status: 'Disabled' },
    });
    expect(done.statusCode).toBe(200);
    expect((await deskCall(t.app, 'GET', PATHS.deskMe, supportToken)).body.code).toBe('DSK0000001');
    expect((await rowsFor('operator.disable')).map((row) => [row.operatorId, row.targetId, row.outcome])).toEqual([
      [admin.operator.id, support.operator.id, 'done'],
    ]);
    const listed = await deskCall(t.app, 'GET', PATHS.deskOperators, adminToken);
    expect(listed.body.data.operators).toContainEqual(
      expect.objectContaining({ operatorId: support.operator.id, status: 'Disabled', enrolled: true }),
    );
    await deskCall(t.app, 'POST', PATHS.deskOperatorStatus, adminToken, { body: { operatorId: support.operator.id, status: 'Active' } });
    expect(await rowsFor('operator.enable')).toHaveLength(1);
  });
});
