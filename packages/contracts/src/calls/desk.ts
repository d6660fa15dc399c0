import { z } from 'zod';
import {
  deskAuditLogSchema,
  deskAuditQuerySchema,
  deskOperatorSchema,
  deskOperatorsSchema,
  deskOperatorStatusSchema,
  deskOrdersWaitingSchema,
  deskPeopleQuerySchema,
  deskPeopleSchema,
  deskPersonQuerySchema,
  deskPersonSchema,
  deskSessionSchema,
  deskSignInCodeSchema,
  deskSignInPasswordSchema,
  deskSignInStepSchema,
  deskStartMigrationResultSchema,
  deskStartMigrationSchema,
  deskTrialBalanceSchema,
} from '../desk.ts';
import { PATHS } from '../paths.ts';
import { defineCall } from './define-call.ts';

const tags = ['operator desk'] as const;
/** A desk call: the desk session in the operator-token header (checked before the body is read), no header of the person's. */
const desk = { caller: 'operator-session', tags, headers: null } as const;

/**
 * The operator's desk (docs/rules/operator-desk.md). Each screen's call names the permission it needs
 * in its summary; the server checks it (modules/desk/desk-calls.ts). A review screen adds its calls here.
 */
export const DESK_CALLS = {
  deskSignInPassword: defineCall({
    caller: 'public',
    tags,
    headers: null,
    method: 'POST',
    path: PATHS.deskSignInPassword,
    summary: "An operator's email and password: a 5-minute step token for the authenticator code (counted per operator and address)",
    body: deskSignInPasswordSchema,
    result: deskSignInStepSchema,
  }),
  deskSignInCode: defineCall({
    caller: 'public',
    tags,
    headers: null,
    method: 'POST',
    path: PATHS.deskSignInCode,
    summary: 'The step token and an authenticator code (each step once): a desk session, 8 h at most, 30 min idle',
    body: deskSignInCodeSchema,
    result: deskSessionSchema,
  }),
  deskSignOut: defineCall({ ...desk, method: 'POST', path: PATHS.deskSignOut, summary: 'Ends the desk session', result: z.null() }),
  deskMe: defineCall({
    ...desk,
    method: 'GET',
    path: PATHS.deskMe,
    summary: 'The signed-in operator and their permissions',
    result: deskOperatorSchema,
  }),
  deskPeople: defineCall({
    ...desk,
    method: 'GET',
    path: PATHS.deskPeople,
    summary: 'People and businesses by part of an email or an account id, newest first, 20 a page (people:read)',
    query: deskPeopleQuerySchema,
    result: deskPeopleSchema,
  }),
  deskPerson: defineCall({
    ...desk,
    method: 'GET',
    path: PATHS.deskPerson,
    summary: "A person's account, verification, orders and merchant links; the look is audited (people:read)",
    query: deskPersonQuerySchema,
    result: deskPersonSchema,
  }),
  deskOrdersWaiting: defineCall({
    ...desk,
    method: 'GET',
    path: PATHS.deskOrdersWaiting,
    summary: 'Orders and bank credits waiting for an operator, oldest first (orders:read)',
    result: deskOrdersWaitingSchema,
  }),
  deskTrialBalance: defineCall({
    ...desk,
    method: 'GET',
    path: PATHS.deskTrialBalance,
    summary: "The ledger's trial balance: every account's debit or credit, and debits = credits per currency (ledger:read)",
    result: deskTrialBalanceSchema,
  }),
  deskAuditLog: defineCall({
    ...desk,
    method: 'GET',
    path: PATHS.deskAuditLog,
    summary: "The audit log, newest first, 20 a page: one's own actions (audit:read-own), or anyone's (audit:read-all)",
    query: deskAuditQuerySchema,
    result: deskAuditLogSchema,
  }),
  deskOperators: defineCall({
    ...desk,
    method: 'GET',
    path: PATHS.deskOperators,
    summary: 'Every operator, with role, status and whether their authenticator is enrolled (operators:manage)',
    result: deskOperatorsSchema,
  }),
  deskOperatorStatus: defineCall({
    ...desk,
    method: 'POST',
    path: PATHS.deskOperatorStatus,
    summary: 'Disables or enables an operator; disabling ends their sessions (operators:manage, audited)',
    body: deskOperatorStatusSchema,
    result: z.null(),
  }),
  deskStartMigration: defineCall({
    ...desk,
    method: 'POST',
    path: PATHS.deskStartMigration,
    summary: 'Routes a verified person to the other entity by a deadline: they meet user-migration (journeys:start, audited)',
    body: deskStartMigrationSchema,
    result: deskStartMigrationResultSchema,
  }),
};
