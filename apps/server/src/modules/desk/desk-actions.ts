import { type DeskPermission, ErrorCode, mayDo, type OperatorRole } from '@causeway/contracts';
import { AppError } from '../../platform/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import { newId } from '../../platform/crypto.ts';
import { REDACTED_KEYS } from '../../platform/logging.ts';
import type { RunInTransaction } from '../../platform/transaction.ts';
import type { DeskRepository } from './desk.repository.ts';

/** A signed-in operator, as every desk call and action sees them: plain data, never their credentials. */
export interface DeskOperator {
  id: string;
  email: string;
  displayName: string;
  role: OperatorRole;
}

/** Who acts, and from where (the client as the rate limits count it): what an audit row records. */
export interface DeskActor {
  operator: DeskOperator;
  ipKey: string;
}

/**
 * One operator action: the permission its role needs (docs/rules/operator-desk.md "Roles"), its name
 * in the audit log (`<area>.<verb>`, e.g. `kyc.decide`), what it acts on, and what to record of it.
 * `details` never holds a secret: keys the logs redact (password, code, token, secret, …) are dropped.
 */
export interface DeskAction<T = unknown> {
  permission: DeskPermission;
  action: string;
  target?: { type: string; id: string };
  details?: Record<string, unknown>;
  /** Details only known once the work ran (the outcome it reached), merged over `details`. */
  describe?: (result: T) => Record<string, unknown>;
}

/** Keys never written to the audit log, wherever they sit in `details`. */
const SECRET_KEYS: ReadonlySet<string> = new Set([...REDACTED_KEYS, 'stepToken', 'passwordHash', 'otpauthUri', 'totpSecret']);

/** `details` without any key of SECRET_KEYS, at any depth. */
export function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (typeof value !== 'object' || value === null || value instanceof Date) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !SECRET_KEYS.has(key))
      .map(([key, inner]) => [key, withoutSecrets(inner)]),
  );
}

/**
 * The one way an operator acts: the role's check, then the change and its audit row in one
 * transaction (a change that fails writes no row; a row that cannot be written undoes the change). A
 * role that may not act is refused with DSK0000004, and the refusal is written too (outcome
 * `refused`), so the log shows what was tried as well as what was done.
 */
export function createDeskActions(deps: { repository: DeskRepository; transaction: RunInTransaction; clock: Clock }) {
  const { repository, transaction, clock } = deps;

  async function write(actor: DeskActor, action: Omit<DeskAction, 'permission' | 'describe'>, outcome: 'done' | 'refused') {
    await repository.insertAudit({
      id: newId('oal'),
      operatorId: actor.operator.id,
      action: action.action,
      targetType: action.target?.type ?? null,
      targetId: action.target?.id ?? null,
      details: withoutSecrets(action.details ?? {}) as Record<string, unknown>,
      outcome,
      ipKey: actor.ipKey,
      at: clock.now(),
    });
  }

  const actions = {
    /** Refuses (and records the refusal) unless the operator's role may `permission`. */
    async assertMay(actor: DeskActor, action: Pick<DeskAction, 'permission' | 'action' | 'target' | 'details'>): Promise<void> {
      if (mayDo(actor.operator.role, action.permission)) return;
      await write(actor, { ...action, details: { ...action.details, permission: action.permission } }, 'refused');
      throw new AppError(ErrorCode.OperatorPermissionRefused, `The ${actor.operator.role} role may not ${action.permission}.`);
    },

    /** Runs an operator's change: role checked, then `work` and its audit row committed together. */
    async act<T>(actor: DeskActor, action: DeskAction<T>, work: () => Promise<T>): Promise<T> {
      await actions.assertMay(actor, action);
      return transaction(async () => {
        const result = await work();
        await write(actor, { ...action, details: { ...action.details, ...action.describe?.(result) } }, 'done');
        return result;
      });
    },

    /** An audit row for what needs no role (signing in and out), inside the caller's transaction when there is one. */
    record: (actor: DeskActor, action: Omit<DeskAction, 'permission' | 'describe'>) => write(actor, action, 'done'),
  };
  return actions;
}

export type DeskActions = ReturnType<typeof createDeskActions>;
