/**
 * The operator's desk calls (docs/rules/operator-desk.md), relative to API_BASE: their own prefix, so a
 * proxy may keep them off the public internet (`/prod-api/desk/…`). Spread into PATHS. A review screen
 * built later adds its paths here, under the same prefix.
 */
const DESK = '/desk/v1';

export const DESK_PATHS = {
  /** The operator's email and password: a signed step token for the authenticator code (and, before enrolment, the otpauth URI once). */
  deskSignInPassword: `${DESK}/sign-in/password`,
  /** The step token and an authenticator code: the desk session. */
  deskSignInCode: `${DESK}/sign-in/code`,
  deskSignOut: `${DESK}/sign-out`,
  /** The signed-in operator: name, role and what the role may do. */
  deskMe: `${DESK}/me`,
  deskPeople: `${DESK}/people`,
  deskPerson: `${DESK}/people/detail`,
  deskOrdersWaiting: `${DESK}/orders/waiting`,
  deskTrialBalance: `${DESK}/ledger/trial-balance`,
  deskAuditLog: `${DESK}/audit-log`,
  deskOperators: `${DESK}/operators`,
  deskOperatorStatus: `${DESK}/operators/status`,
  /** Starts a person's migration to the other entity, by a deadline (journeys:start). */
  deskStartMigration: `${DESK}/journeys/migration`,
} as const;
