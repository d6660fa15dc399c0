/**
 * The operator's desk rules both sides need without its schemas (docs/rules/operator-desk.md): the session
 * header, the roles and what each may do, the page size. Zod-free, so the desk's page loads no schema.
 */

/** The header a desk call carries its session token in (never a cookie). */
export const DESK_SESSION_HEADER = 'operator-token';

export const OPERATOR_ROLES = ['support', 'compliance', 'admin'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];
export const OPERATOR_STATUSES = ['Active', 'Disabled'] as const;
export type OperatorStatus = (typeof OPERATOR_STATUSES)[number];

/**
 * What each role may do, by permission: the one matrix the server checks and the desk's menu follows
 * (docs/rules/operator-desk.md "Roles"). A new screen names one of these, or adds its own here.
 */
export const DESK_PERMISSIONS = {
  /** People and businesses: search, and a person's account, verification, orders and merchant links. */
  'people:read': ['support', 'compliance', 'admin'],
  /** Orders and bank credits waiting for an operator. */
  'orders:read': ['support', 'compliance', 'admin'],
  /** The audit log of the operator's own actions. */
  'audit:read-own': ['support', 'compliance', 'admin'],
  /** Decide a KYC, KYB, EDD or questionnaire review. */
  'reviews:decide': ['compliance', 'admin'],
  /** Start a journey for a person (a migration, a questionnaire). */
  'journeys:start': ['compliance', 'admin'],
  /** Act on an order waiting for an operator. */
  'orders:act': ['compliance', 'admin'],
  /** The ledger's trial balance. */
  'ledger:read': ['admin'],
  /** Every operator's actions in the audit log. */
  'audit:read-all': ['admin'],
  /** Operators: list them, disable and enable them. */
  'operators:manage': ['admin'],
  /** Fees, limits, pairs and feature switches, as data. */
  'config:change': ['admin'],
} as const satisfies Record<string, readonly OperatorRole[]>;
export type DeskPermission = keyof typeof DESK_PERMISSIONS;

export const mayDo = (role: OperatorRole, permission: DeskPermission): boolean =>
  (DESK_PERMISSIONS[permission] as readonly OperatorRole[]).includes(role);

/** Every permission of a role, in the matrix's order. */
export const permissionsOf = (role: OperatorRole): DeskPermission[] =>
  (Object.keys(DESK_PERMISSIONS) as DeskPermission[]).filter((permission) => mayDo(role, permission));

/** Rows per page of the desk's lists (people, the audit log). */
export const DESK_PAGE_SIZE = 20;
