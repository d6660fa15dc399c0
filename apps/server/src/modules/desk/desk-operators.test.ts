import { PATHS } from '@causeway/contracts';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deskCall, deskCode, deskPassword, DEMO_OPERATORS } from '../../../test/desk-helpers.ts';
import { createIdentityTestApp, type IdentityTestApp, totpAt } from '../../../test/identity-helpers.ts';
import { createTestDatabase } from '../../../test/test-database.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { operatorAuditLog, operators } from '../../db/schema/index.ts';
import { newId } from '../../platform/crypto.ts';
import { prepareDatabase } from '../../prepare-database.ts';
import { runOperatorCli, UsageError } from './operator-cli.ts';

// docs/rules/operator-desk.md "Operators": the command line makes them; the sandbox's demo operators
// exist only on a sandbox install (docs/sandbox.md "Demo operators").

const demoEmails = DEMO_OPERATORS.map((operator) => operator.email);

describe('the demo operators', () => {
  it('are gone from a database prepared without demo data; one the audit log names stays, Disabled, until a sandbox start', async () => {
    const database = await createTestDatabase();
    try {
      const demo = () => database.db.select().from(operators).where(inArray(operators.email, demoEmails)).orderBy(operators.email);
      const before = await demo();
      expect(before.map((row) => [row.role, row.status, row.totpEnrolledAt !== null])).toEqual([
        ['admin', 'Active', true],
        ['compliance', 'Active', true],
        ['support', 'Active', true],
      ]);
      const admin = before.find((row) => row.role === 'admin')!;
      await database.db
        .insert(operatorAuditLog)
        .values({ id: newId('oal'), operatorId: admin.id, action: 'session.sign-in', at: new Date() });

      await prepareDatabase(database, { demoData: false });
      const after = await demo();
      expect(after.map((row) => [row.email, row.status])).toEqual([[admin.email, 'Disabled']]);

      await prepareDatabase(database, { demoData: true });
      const again = await demo();
      expect(again.map((row) => row.status)).toEqual(['Active', 'Active', 'Active']);
    } finally {
      await database.close();
    }
  });
});

describe('npm run desk:operator', () => {
  let t: IdentityTestApp;
  let cli: (...args: string[]) => Promise<string>;
  beforeAll(async () => {
    t = await createIdentityTestApp();
    const database = { db: t.db } as DatabaseHandle;
    cli = (...args) =>
      runOperatorCli(args, { database, secretKey: undefined, publicUrl: 'https://pay.example.test/', now: () => t.clock.now() });
  });
  afterAll(async () => {
    await t.app.close();
  });

  it('creates an operator with a one-time password, whose first sign-in enrols the authenticator', async () => {
    const printed = await cli('create', '--email', 'New.Admin@Example.com', '--role', 'admin', '--name', 'New Admin');
    expect(printed).toContain('Operator new.admin@example.com (admin) created.');
    expect(printed).toContain('https://pay.example.test/en/desk');
    const password = /One-time password \(shown now only\): (\S+)/.exec(printed)![1]!;
    expect(password.length).toBeGreaterThanOrEqual(24);
    const [row] = await t.db.select().from(operators).where(eq(operators.email, 'new.admin@example.com'));
    expect(row).toMatchObject({ role: 'admin', status: 'Active', displayName: 'New Admin', totpEnrolledAt: null });
    expect(row!.passwordHash).not.toContain(password);

    const first = await deskPassword(t.app, { email: 'new.admin@example.com', password });
    const secret = first.body.data.enrol.secret as string;
    const session = await deskCode(t.app, { stepToken: first.body.data.stepToken, code: await totpAt(t.clock, secret) });
    expect(session.statusCode).toBe(200);
    expect((await deskCall(t.app, 'GET', PATHS.deskMe, session.body.data.token)).body.data.role).toBe('admin');

    expect(await cli('create', '--email', 'new.admin@example.com', '--role', 'support')).toContain('exists already: nothing changed');
    expect(await cli('list')).toContain('new.admin@example.com\tadmin\tActive\tenrolled\tNew Admin');
  });

  it('resets (a new password and enrolment, sessions ended), disables and enables', async () => {
    await cli('create', '--email', 'reset-me@example.com', '--role', 'support');
    const reset = await cli('reset', '--email', 'reset-me@example.com');
    const password = /One-time password \(shown now only\): (\S+)/.exec(reset)![1]!;
    expect((await deskPassword(t.app, { email: 'reset-me@example.com', password })).body.data.enrol).not.toBeNull();
    expect(await cli('disable', '--email', 'reset-me@example.com')).toBe('Operator reset-me@example.com: Disabled.');
    expect((await deskPassword(t.app, { email: 'reset-me@example.com', password })).body.code).toBe('DSK0000002');
    expect(await cli('enable', '--email', 'reset-me@example.com')).toBe('Operator reset-me@example.com: Active.');
    expect(await cli('reset', '--email', 'nobody@example.com')).toBe('No operator has nobody@example.com.');
  });

  it('refuses what it does not understand, changing nothing', async () => {
    await expect(cli('create', '--email', 'x@example.com', '--role', 'owner')).rejects.toBeInstanceOf(UsageError);
    await expect(cli('create', '--email', 'not-an-email', '--role', 'admin')).rejects.toBeInstanceOf(UsageError);
    await expect(cli('promote', '--email', 'x@example.com')).rejects.toBeInstanceOf(UsageError);
    await expect(cli('create', '--email')).rejects.toBeInstanceOf(UsageError);
    expect(await t.db.select().from(operators).where(eq(operators.email, 'x@example.com'))).toEqual([]);
  });
});
