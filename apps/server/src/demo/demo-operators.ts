import type { OperatorRole } from '@causeway/contracts';
import type { Database } from '../db/client.ts';
import { createDeskRepository } from '../modules/desk/desk.repository.ts';
import { createOperatorAccounts } from '../modules/desk/operator-accounts.ts';
import { createOperatorTotp, deskTotpKey } from '../modules/desk/operator-totp.ts';

/** docs/sandbox.md "Demo operators": the sandbox's desk sign-in, one operator per role, with published secrets. */
export const DEMO_OPERATOR_PASSWORD = 'Causeway-desk-2026!';
export const DEMO_OPERATORS: ReadonlyArray<{ email: string; displayName: string; role: OperatorRole; totpSecret: string }> = [
  { email: 'desk-support@causeway.test', displayName: 'Demo Support', role: 'support', totpSecret: 'CAUSEWAYDESKSUPPORTDEMOTOTPSEEDA' },
  {
    email: 'desk-compliance@causeway.test',
    displayName: 'Demo Compliance',
    role: 'compliance',
    totpSecret: 'CAUSEWAYDESKCOMPLIANCEDEMOTOTPSA',
  },
  { email: 'desk-admin@causeway.test', displayName: 'Demo Admin', role: 'admin', totpSecret: 'CAUSEWAYDESKADMINDEMOTOTPSEEDAAA' },
];

const accountsOf = (db: Database, serverSecret: Buffer) =>
  createOperatorAccounts({
    repository: createDeskRepository(db),
    totp: createOperatorTotp(deskTotpKey(serverSecret)),
    now: () => new Date(),
  });

/**
 * Creates the demo operators that do not exist yet (enrolled, with the published secrets), and makes one
 * a production start disabled Active again, as docs/sandbox.md promises; never changes anything else of theirs.
 */
export async function seedDemoOperators(db: Database, serverSecret: Buffer): Promise<void> {
  const accounts = accountsOf(db, serverSecret);
  const repository = createDeskRepository(db);
  for (const operator of DEMO_OPERATORS) {
    const existing = await repository.findOperatorByEmail(operator.email);
    if (!existing) await accounts.create({ ...operator, password: DEMO_OPERATOR_PASSWORD });
    else if (existing.status === 'Disabled') await repository.setOperatorStatus(existing.id, 'Active');
  }
}

/**
 * An install without demo data has no demo operator: those a database still holds from a sandbox start
 * are deleted, or Disabled when the audit log names them (it keeps who did what), and their sessions end.
 */
export const removeDemoOperators = (db: Database): Promise<void> =>
  createDeskRepository(db).removeOperators(DEMO_OPERATORS.map((operator) => operator.email));
