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
  {
    permission: 'journeys:start',
    method: 'POST',
    path: PATHS.deskStartMigration,
    body: { userId: 'usr_nobody', targetEntity: 'PL', deadlineDays: 10, reason: 'role test' },
  },
  // Acting on what waits (modules/orders/payout-review.flow.test.ts, modules/banking/suspense-actions.flow.test.ts):
  // unknown order and credit, so an allowed role changes nothing.
  {
    permission: 'orders:act',
    method: 'POST',
    path: PATHS.deskPayoutOutcome,
    body: { orderId: '00000000-0000-4000-8000-000000000000', outcome: 'not-delivered', reason: 'role test' },
  },
  {
    permission: 'orders:act',
    method: 'POST',
    path: PATHS.deskSuspenseCredit,
    body: { creditId: 'bcr_nobody', action: 'return', reason: 'role test' },
  },
  // Crypto owed back and a flag closed (modules/orders/deposit-returns.flow.test.ts): nobody's, so nothing changes.
  {
    permission: 'orders:act',
    method: 'POST',
    path: PATHS.deskDepositReturn,
    body: { transferId: 'cin_nobody', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', reason: 'role test' },
  },
  {
    permission: 'orders:act',
    method: 'POST',
    path: PATHS.deskCloseFlag,
    body: { orderId: '00000000-0000-4000-8000-000000000000', reason: 'role test' },
  },
  // The Questionnaires screen (modules/questionnaire/desk-questionnaire.test.ts, modules/risk/desk-appropriateness.test.ts):
  // unknown ids, so an allowed role changes nothing but the admin's one new question (a body is checked before the role).
  { permission: 'reviews:decide', method: 'GET', path: PATHS.deskQuestions },
  // The Verifications screen (modules/desk/verification-decisions.test.ts): nobody's, so an allowed role sends nothing.
  { permission: 'reviews:decide', method: 'GET', path: PATHS.deskVerificationsWaiting },
  {
    permission: 'reviews:decide',
    method: 'POST',
    path: PATHS.deskVerificationDecide,
    body: { subject: 'kyc', userId: 'usr_nobody', decision: 'approve' },
  },
  {
    permission: 'config:change',
    method: 'POST',
    path: PATHS.deskQuestionCreate,
    body: { id: 'role-test', questionGroup: 'g', answerType: 'INPUT_LINE', text: { en: 'x', zh: 'x' } },
  },
  {
    permission: 'config:change',
    method: 'POST',
    path: PATHS.deskQuestionUpdate,
    body: { id: 'no-such-q', questionGroup: 'g', answerType: 'INPUT_LINE', text: { en: 'x', zh: 'x' } },
  },
  { permission: 'config:change', method: 'POST', path: PATHS.deskQuestionActive, body: { id: 'no-such-q', active: false } },
  { permission: 'reviews:decide', method: 'GET', path: PATHS.deskQuestionnairesWaiting },
  { permission: 'reviews:decide', method: 'GET', path: PATHS.deskQuestionnairesOf, query: { userId: 'usr_nobody' } },
  {
    permission: 'journeys:start',
    method: 'POST',
    path: PATHS.deskQuestionnaireAssign,
    body: { userId: 'usr_nobody', questionIds: ['no-such-q'] },
  },
  {
    permission: 'reviews:decide',
    method: 'POST',
    path: PATHS.deskQuestionnaireDecide,
    body: { assignmentId: 'qna_nobody', decision: 'accept' },
  },
  {
    permission: 'reviews:decide',
    method: 'GET',
    path: PATHS.deskQuestionnaireFile,
    query: { assignmentId: 'qna_nobody', questionId: 'q', file: 'kyc/usr_nobody/a.pdf' },
  },
  { permission: 'reviews:decide', method: 'GET', path: PATHS.deskAppropriateness, query: { userId: 'usr_nobody' } },
  {
    permission: 'reviews:decide',
    method: 'POST',
    path: PATHS.deskAppropriatenessEndCoolingOff,
    body: { userId: 'usr_nobody', reason: 'role test' },
  },
  // The EDD screen (modules/edd/desk-edd.calls.test.ts): a case or a person that does not exist, a country taken off that is not on.
  { permission: 'reviews:decide', method: 'GET', path: PATHS.deskEddCases },
  { permission: 'reviews:decide', method: 'GET', path: PATHS.deskEddCase, query: { caseId: 'edd_nobody' } },
  {
    permission: 'reviews:decide',
    method: 'GET',
    path: PATHS.deskEddEvidenceFile,
    query: { caseId: 'edd_nobody', filePath: 'kyc/usr_nobody/a.pdf' },
  },
  { permission: 'reviews:decide', method: 'POST', path: PATHS.deskEddDecide, body: { caseId: 'edd_nobody', outcome: 'approve' } },
  {
    permission: 'reviews:decide',
    method: 'POST',
    path: PATHS.deskEddRiskOverride,
    body: { userId: 'usr_nobody', rating: 'low', reason: 'role test' },
  },
  { permission: 'journeys:start', method: 'POST', path: PATHS.deskEddRequest, body: { userId: 'usr_nobody', reason: 'role test' } },
  { permission: 'config:change', method: 'GET', path: PATHS.deskEddRiskCountries },
  { permission: 'config:change', method: 'POST', path: PATHS.deskEddSetCountryRisk, body: { country: 'ZZ', level: null } },
  // The Service screen (desk-config.test.ts): each switch to the value it has already, or a pair or switch that does not exist.
  { permission: 'config:change', method: 'GET', path: PATHS.deskServiceModes },
  { permission: 'config:change', method: 'POST', path: PATHS.deskSetMaintenance, body: { mode: 'individual', on: false } },
  { permission: 'config:change', method: 'POST', path: PATHS.deskSetUkOpen, body: { mode: 'individual', open: false } },
  { permission: 'config:change', method: 'GET', path: PATHS.deskPairs },
  { permission: 'config:change', method: 'POST', path: PATHS.deskChangePair, body: { pairId: 'EUR-NONE-NONE', enabled: false } },
  {
    permission: 'config:change',
    method: 'POST',
    path: PATHS.deskChangePairChannel,
    body: { pairId: 'EUR-NONE-NONE', channelCode: 'CHECKOUT', transactionType: 'buy', enabled: false },
  },
  { permission: 'config:change', method: 'GET', path: PATHS.deskFeatureSwitches },
  {
    permission: 'config:change',
    method: 'POST',
    path: PATHS.deskSetFeatureSwitch,
    body: { clientType: 'Web', entry: 'indepdentMain', label: 'withdraw', minVersion: 1025, enable: true },
  },
  {
    permission: 'config:change',
    method: 'POST',
    path: PATHS.deskRemoveFeatureSwitch,
    body: { clientType: 'Web', entry: 'nowhere', label: 'buy', minVersion: 0 },
  },
  // Fees and limits (settings-calls.ts): the admin's changes name no such setting, or a value past its bound, so nothing changes.
  { permission: 'config:change', method: 'GET', path: PATHS.deskFees },
  { permission: 'config:change', method: 'POST', path: PATHS.deskChangeChannelFee, body: { channelCode: 'NO_SUCH', feeRate: '0.01' } },
  {
    permission: 'config:change',
    method: 'POST',
    path: PATHS.deskChangeSpreadRate,
    body: { cryptoCurrency: 'NO_SUCH', spreadRate: '0.01' },
  },
  { permission: 'config:change', method: 'POST', path: PATHS.deskChangeNetworkFee, body: { network: 'NO_SUCH', nativeTransfer: '0.01' } },
  { permission: 'config:change', method: 'POST', path: PATHS.deskChangePromotion, body: { firstTransactions: 101 } },
  { permission: 'config:change', method: 'GET', path: PATHS.deskLimitTiers },
  { permission: 'config:change', method: 'POST', path: PATHS.deskChangeLimitTier, body: { kycLevel: 999, DAILY: '1.00' } },
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
