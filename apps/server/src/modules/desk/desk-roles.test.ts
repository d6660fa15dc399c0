import { DESK_PERMISSIONS, mayDo, OPERATOR_ROLES, PATHS } from '@causeway/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deskCall, deskSignIn, demoOperator, type DemoRole } from '../../../test/desk-helpers.ts';
import { createIdentityTestApp, type IdentityTestApp } from '../../../test/identity-helpers.ts';
import { operatorAuditLog, operators } from '../../db/schema/index.ts';

// docs/rules/operator-desk.md "Roles": every desk call checks the role's permission on the server; a
// refusal is DSK0000004 and is written to the audit log.

/** Each screen's call, and the permission it needs (what docs/rules/operator-desk.md's matrix says). */
const CALLS_BY_PERMISSION = [
  { permission: 'people:read', method: 'GET', path: PATHS.deskPeople, query: { q: '' } },
  { permission: 'people:read', method: 'GET', path: PATHS.deskPerson, query: { userId: 'usr_nobody' } },
  { permission: 'orders:read', method: 'GET', path: PATHS.deskOrdersWaiting },
  { permission: 'ledger:read', method: 'GET', path: PATHS.deskTrialBalance },
  { permission: 'audit:read-own', method: 'GET', path: PATHS.deskAuditLog },
  { permission: 'operators:manage', method: 'GET', path: PATHS.deskOperators },
  { permission: 'operators:manage', method: 'POST', path: PATHS.deskOperatorStatus, body: { operatorId: 'opr_nobody', status: 'Active' } },
] as const;

let t: IdentityTestApp;
const tokens = {} as Record<DemoRole, string>;
beforeAll(async () => {
  t = await createIdentityTestApp();
  for (const role of OPERATOR_ROLES) tokens[role] = await deskSignIn(t, role);
});
afterAll(async () => {
  await t.app.close();
});

describe('the role matrix', () => {
  it('gives support less than compliance, and compliance less than admin', () => {
    expect(Object.entries(DESK_PERMISSIONS).map(([permission, roles]) => [permission, [...roles]])).toEqual([
      ['people:read', ['support', 'compliance', 'admin']],
      ['orders:read', ['support', 'compliance', 'admin']],
      ['audit:read-own', ['support', 'compliance', 'admin']],
      ['reviews:decide', ['compliance', 'admin']],
      ['journeys:start', ['compliance', 'admin']],
      ['orders:act', ['compliance', 'admin']],
      ['ledger:read', ['admin']],
      ['audit:read-all', ['admin']],
      ['operators:manage', ['admin']],
      ['config:change', ['admin']],
    ]);
  });

  it.each(OPERATOR_ROLES)('is what the server holds %s to, call by call', async (role) => {
    for (const entry of CALLS_BY_PERMISSION) {
      const answer = await deskCall(t.app, entry.method, entry.path, tokens[role], {
        ...('query' in entry ? { query: entry.query } : {}),
        ...('body' in entry ? { body: entry.body } : {}),
      });
      const what = `${role} ${entry.method} ${entry.path}: ${answer.statusCode} ${JSON.stringify(answer.body).slice(0, 200)}`;
      if (mayDo(role, entry.permission)) expect(answer.body.code, what).not.toBe('DSK0000004');
      else {
        expect(answer.statusCode, what).toBe(403);
        expect(answer.body.code, what).toBe('DSK0000004');
      }
    }
  });

  it('writes every refusal to the audit log, with the permission the role lacked', async () => {
    const [support] = await t.db
      .select()
      .from(operators)
      .where(eq(operators.email, demoOperator('support').email));
    const refused = await t.db
      .select()
      .from(operatorAuditLog)
      .where(and(eq(operatorAuditLog.operatorId, support!.id), eq(operatorAuditLog.outcome, 'refused')));
    expect(refused.map((row) => [row.action, row.details])).toEqual(
      expect.arrayContaining([
        ['ledger.trial-balance', { permission: 'ledger:read' }],
        ['operators.list', { permission: 'operators:manage' }],
      ]),
    );
  });
});
