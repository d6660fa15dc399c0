import { z } from 'zod';
import { OPERATOR_ROLES, OPERATOR_STATUSES } from './desk-rules.ts';

/**
 * The operator's desk (docs/rules/operator-desk.md): a back office with its own sign-in (password, then
 * an authenticator code, always), roles, and an audit row for every action. Its calls carry the desk
 * session in their own header, never the person's token, and no cookie (so no cross-site request can
 * make one).
 */

const email = z.string().trim().toLowerCase().min(3).max(254).email();
const sixDigits = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'six digits');
const id = z.string().trim().min(1).max(64);

export const deskSignInPasswordSchema = z.object({ email, password: z.string().min(1).max(256) });
export const deskSignInStepSchema = z.object({
  /** Signed, 5 minutes: what the code step takes back. */
  stepToken: z.string(),
  expiresInSeconds: z.number().int(),
  /** Only before the operator's authenticator is enrolled: the new secret, shown this once. */
  enrol: z.object({ otpauthUri: z.string(), secret: z.string() }).nullable(),
});
export const deskSignInCodeSchema = z.object({ stepToken: z.string().min(1).max(2048), code: sixDigits });

export const deskOperatorSchema = z.object({
  operatorId: z.string(),
  email: z.string(),
  displayName: z.string(),
  role: z.enum(OPERATOR_ROLES),
  permissions: z.array(z.string()),
});
export type DeskOperatorView = z.infer<typeof deskOperatorSchema>;
export const deskSessionSchema = z.object({
  /** Sent back in the operator-token header. */
  token: z.string(),
  /** The session's absolute end; it also ends after `idleMinutes` without a call. */
  expiresAt: z.string(),
  idleMinutes: z.number().int(),
  operator: deskOperatorSchema,
});

const page = z.coerce.number().int().min(1).max(10_000).default(1);

export const deskPeopleQuerySchema = z.object({
  /** Part of an email, or an account id (usr_…). Empty: the newest accounts. */
  q: z.string().trim().max(254).default(''),
  page,
});
export const deskPersonRowSchema = z.object({
  userId: z.string(),
  email: z.string(),
  userType: z.string(),
  accountStatus: z.string(),
  accountStatusReasonCode: z.string().nullable(),
  entityTag: z.string(),
  createdAt: z.string(),
});
export const deskPeopleSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  people: z.array(deskPersonRowSchema),
});

export const deskPersonQuerySchema = z.object({ userId: id });
export const deskPersonSchema = z.object({
  person: deskPersonRowSchema.extend({
    targetEntityTag: z.string().nullable(),
    sensitiveActionsSuspendedUntil: z.string().nullable(),
  }),
  /** KYC for an individual, KYB for a business; null before any verification. */
  verification: z
    .object({ kind: z.enum(['KYC', 'KYB']), status: z.string(), level: z.number().int(), country: z.string().nullable() })
    .nullable(),
  orders: z.object({
    byStatus: z.record(z.string(), z.number().int()),
    recent: z.array(
      z.object({
        orderId: z.string(),
        transactionType: z.string(),
        status: z.string(),
        fiatAmount: z.string(),
        fiatCurrency: z.string(),
        cryptoAmount: z.string(),
        cryptoCurrency: z.string(),
        createdAt: z.string(),
      }),
    ),
  }),
  merchantLinks: z.array(
    z.object({ merchantId: z.string(), merchantName: z.string(), merchantUserId: z.string(), verifiedAt: z.string() }),
  ),
});

export const deskOrdersWaitingSchema = z.object({
  orders: z.array(
    z.object({
      orderId: z.string(),
      kind: z.enum(['payout', 'payment']),
      status: z.string(),
      step: z.string(),
      since: z.string().nullable(),
      reason: z.string(),
      fiatAmount: z.string(),
      fiatCurrency: z.string(),
      cryptoAmount: z.string(),
      cryptoCurrency: z.string(),
      network: z.string(),
    }),
  ),
  suspenseCredits: z.array(
    z.object({
      creditId: z.string(),
      currency: z.string(),
      amount: z.string(),
      reference: z.string(),
      payerName: z.string(),
      reason: z.string(),
      receivedAt: z.string(),
      /** An operator marked it to return to the payer: waiting for the bank to report it returned (no action left here). */
      toReturn: z.boolean(),
    }),
  ),
  /** Crypto sells' deposit addresses received and we owe back (docs/rules/sell-deposits.md), oldest first. */
  depositsOwed: z.array(
    z.object({
      transferId: z.string(),
      orderId: z.string(),
      /** OVER, SHORT, EXTRA or LATE. */
      outcome: z.string(),
      asset: z.string(),
      network: z.string(),
      /** What is owed back: all of it, or (OVER) what came above the order. */
      owed: z.string(),
      /** The incoming transaction, and when it was first seen. */
      txHash: z.string(),
      seenAt: z.string(),
      /** A return an operator asked for, while the custody service sends it (no action left here until it ends). */
      returning: z
        .object({ address: z.string(), memo: z.string().nullable(), requestedAt: z.string(), txHash: z.string().nullable() })
        .nullable(),
      /**
       * Why the last return did not go (the custody service refused it, or the chain failed it: the operator asks
       * again), or, with `returning`, why the one in flight has no known outcome yet (it is retried with its key).
       */
      lastFailure: z.string().nullable(),
    }),
  ),
});

export type DeskOrdersWaiting = z.infer<typeof deskOrdersWaitingSchema>;

const decimalString = z.string().regex(/^-?\d+(\.\d+)?$/);
export const deskTrialBalanceSchema = z.object({
  /** Every currency's debits equal its credits. */
  balanced: z.boolean(),
  currencies: z.array(z.object({ currency: z.string(), debits: decimalString, credits: decimalString, balanced: z.boolean() })),
  /** One line per account (a person's balances summed per currency, `balance:*`), debit or credit as it stands. */
  lines: z.array(
    z.object({ account: z.string(), currency: z.string(), accounts: z.number().int(), debit: decimalString, credit: decimalString }),
  ),
});

export const deskAuditQuerySchema = z.object({
  operatorId: id.optional(),
  action: z.string().trim().max(64).optional(),
  page,
});
export const deskAuditEntrySchema = z.object({
  id: z.string(),
  operatorId: z.string(),
  operatorEmail: z.string(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  outcome: z.enum(['done', 'refused']),
  at: z.string(),
});
export const deskAuditLogSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  entries: z.array(deskAuditEntrySchema),
});

export const deskOperatorsSchema = z.object({
  operators: z.array(
    z.object({
      operatorId: z.string(),
      email: z.string(),
      displayName: z.string(),
      role: z.enum(OPERATOR_ROLES),
      status: z.enum(OPERATOR_STATUSES),
      /** Whether the operator's authenticator is enrolled (a first sign-in enrols it). */
      enrolled: z.boolean(),
      createdAt: z.string(),
    }),
  ),
});
export const deskOperatorStatusSchema = z.object({ operatorId: id, status: z.enum(OPERATOR_STATUSES) });

/** The longest an operator may give a person to accept a migration before it is no longer optional. */
export const MIGRATION_MAX_DEADLINE_DAYS = 90;
/** A person's migration to the other entity (docs/rules/order-states.md "Entity migration"): where, by when, why. */
export const deskStartMigrationSchema = z
  .object({
    userId: id,
    targetEntity: z.enum(['PL', 'LI']),
    deadlineDays: z.number().int().min(1).max(MIGRATION_MAX_DEADLINE_DAYS),
    reason: z.string().trim().min(1).max(500),
  })
  .strict();
export const deskStartMigrationResultSchema = z.object({
  userId: z.string(),
  currentEntity: z.enum(['PL', 'LI']),
  targetEntity: z.enum(['PL', 'LI']),
  deadline: z.string(),
});
export type DeskStartMigrationResult = z.infer<typeof deskStartMigrationResultSchema>;
