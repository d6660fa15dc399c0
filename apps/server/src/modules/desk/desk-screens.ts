import { DESK_PAGE_SIZE, ErrorCode, mayDo } from '@causeway/contracts';
import Decimal from 'decimal.js';
import { AppError } from '../../platform/app-error.ts';
import type { BankingFace } from '../banking/index.ts';
import type { IdentityFace, Principal } from '../identity/index.ts';
import type { KycFace } from '../kyc/index.ts';
import type { Ledger } from '../ledger/index.ts';
import type { MerchantFace } from '../merchant/index.ts';
import type { OrdersFace } from '../orders/index.ts';
import type { DeskActions, DeskActor } from './desk-actions.ts';
import type { DeskRepository } from './desk.repository.ts';

/** The modules the desk reads, each through its face (a getter: most register after the desk). */
export interface DeskReads {
  identity: () => IdentityFace;
  kyc: () => KycFace;
  orders: () => OrdersFace;
  banking: () => BankingFace;
  merchant: () => MerchantFace;
  ledger: Ledger;
}

const personRow = (person: Principal) => ({
  userId: person.id,
  email: person.email,
  userType: person.userType,
  accountStatus: person.accountStatus,
  accountStatusReasonCode: person.accountStatusReasonCode,
  entityTag: person.entityTag,
  createdAt: person.createdAt.toISOString(),
});

const pageOf = (page: number) => ({ offset: (page - 1) * DESK_PAGE_SIZE, limit: DESK_PAGE_SIZE });

/**
 * The desk's first screens (docs/rules/operator-desk.md "Screens"): people, a person, orders waiting,
 * the trial balance, the audit log and the operators. Reads only, through the other modules' faces;
 * the one change here (an operator's status) goes through DeskActions.act.
 */
export function createDeskScreens(deps: { reads: DeskReads; repository: DeskRepository; actions: DeskActions; now: () => Date }) {
  const { reads, repository, actions } = deps;
  return {
    async people(query: { q: string; page: number }) {
      const { offset, limit } = pageOf(query.page);
      const { total, people } = await reads.identity().people.search(query.q, offset, limit);
      return { total, page: query.page, pageSize: DESK_PAGE_SIZE, people: people.map(personRow) };
    },

    /** A person's account, verification, orders and merchant links. Looking is personal data seen: it is audited (`person.view`). */
    async person(actor: DeskActor, userId: string) {
      const person = await reads.identity().people.findById(userId);
      if (!person) throw new AppError(ErrorCode.OperatorTargetNotFound, 'No such person.');
      return actions.act(
        actor,
        { permission: 'people:read', action: 'person.view', target: { type: 'person', id: person.id } },
        async () => {
          const [verification, orders, links] = await Promise.all([
            reads.kyc().verificationOf(person.id),
            reads.orders().operatorView.summaryOf(person.id),
            reads.merchant().linksOf(person.id),
          ]);
          return {
            person: {
              ...personRow(person),
              targetEntityTag: person.targetEntityTag,
              sensitiveActionsSuspendedUntil: person.sensitiveActionsSuspendedUntil?.toISOString() ?? null,
            },
            verification: verification
              ? {
                  kind: person.userType === 'Corporate' ? ('KYB' as const) : ('KYC' as const),
                  status: verification.kycStatus,
                  level: verification.kycLevel,
                  country: verification.country,
                }
              : null,
            orders: {
              byStatus: orders.byStatus,
              recent: orders.recent.map((order) => ({
                ...order,
                fiatAmount: new Decimal(order.fiatAmount).toFixed(),
                cryptoAmount: new Decimal(order.cryptoAmount).toFixed(),
                createdAt: order.createdAt.toISOString(),
              })),
            },
            merchantLinks: links.map((link) => ({ ...link, verifiedAt: link.verifiedAt.toISOString() })),
          };
        },
      );
    },

    /** Orders and bank credits waiting for an operator: what /operator/orders-awaiting-review and /operator/bank-suspense list. */
    async ordersWaiting() {
      const [orders, credits, depositsOwed] = await Promise.all([
        reads.orders().operatorView.awaitingReview(),
        reads.banking().openSuspense(),
        reads.orders().operatorView.depositsOwed(),
      ]);
      return {
        orders: orders.map((order) => ({
          orderId: order.orderId,
          kind: order.kind,
          status: order.status,
          step: order.step,
          since: order.since,
          reason: order.reason,
          fiatAmount: order.fiatAmount,
          fiatCurrency: order.fiatCurrency,
          cryptoAmount: order.cryptoAmount,
          cryptoCurrency: order.cryptoCurrency,
          network: order.network,
        })),
        suspenseCredits: credits.map((credit) => ({
          creditId: credit.id,
          currency: credit.currency,
          amount: credit.amount,
          reference: credit.reference,
          payerName: credit.payerName,
          reason: credit.reason,
          receivedAt: credit.receivedAt,
          toReturn: credit.toReturn,
        })),
        depositsOwed,
      };
    },

    /** Every account's balance on its side, and per currency the debits against the credits (they must be equal). */
    async trialBalance() {
      const lines = await reads.ledger.trialBalanceLines();
      const totals = new Map<string, { debits: Decimal; credits: Decimal }>();
      const shown = lines.map((line) => {
        const total = totals.get(line.currency) ?? { debits: new Decimal(0), credits: new Decimal(0) };
        const debit = line.balance.isPositive() ? line.balance : new Decimal(0);
        const credit = line.balance.isNegative() ? line.balance.negated() : new Decimal(0);
        totals.set(line.currency, { debits: total.debits.plus(debit), credits: total.credits.plus(credit) });
        return {
          account: line.account,
          currency: line.currency,
          accounts: line.accounts,
          debit: debit.toFixed(),
          credit: credit.toFixed(),
        };
      });
      const currencies = [...totals]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([currency, { debits, credits }]) => ({
          currency,
          debits: debits.toFixed(),
          credits: credits.toFixed(),
          balanced: debits.equals(credits),
        }));
      return { balanced: currencies.every((currency) => currency.balanced), currencies, lines: shown };
    },

    /** The audit log, newest first: the operator's own actions, or anyone's for a role that may read them all. */
    async auditLog(actor: DeskActor, query: { operatorId?: string | undefined; action?: string | undefined; page: number }) {
      const everyone = mayDo(actor.operator.role, 'audit:read-all');
      const operatorId = everyone ? query.operatorId : actor.operator.id;
      const { total, rows } = await repository.auditPage({ operatorId, action: query.action || undefined, ...pageOf(query.page) });
      return {
        total,
        page: query.page,
        pageSize: DESK_PAGE_SIZE,
        entries: rows.map(({ entry, operatorEmail }) => ({
          id: entry.id,
          operatorId: entry.operatorId,
          operatorEmail,
          action: entry.action,
          targetType: entry.targetType,
          targetId: entry.targetId,
          details: (entry.details ?? {}) as Record<string, unknown>,
          outcome: entry.outcome as 'done' | 'refused',
          at: entry.at.toISOString(),
        })),
      };
    },

    async operators() {
      return {
        operators: (await repository.listOperators()).map((row) => ({
          operatorId: row.id,
          email: row.email,
          displayName: row.displayName,
          role: row.role as 'support' | 'compliance' | 'admin',
          status: row.status as 'Active' | 'Disabled',
          enrolled: row.totpEnrolledAt !== null,
          createdAt: row.createdAt.toISOString(),
        })),
      };
    },

    /** Disables or enables an operator (audited, with the change); disabling ends their sessions. No one disables themselves. */
    async setOperatorStatus(actor: DeskActor, input: { operatorId: string; status: 'Active' | 'Disabled' }) {
      const action = {
        permission: 'operators:manage' as const,
        action: input.status === 'Disabled' ? 'operator.disable' : 'operator.enable',
        target: { type: 'operator', id: input.operatorId },
      };
      await actions.assertMay(actor, action);
      if (input.operatorId === actor.operator.id) throw new AppError(ErrorCode.OperatorCannotChangeSelf);
      await actions.act(actor, action, async () => {
        if (!(await repository.setOperatorStatus(input.operatorId, input.status)))
          throw new AppError(ErrorCode.OperatorTargetNotFound, 'No such operator.');
        if (input.status === 'Disabled') await repository.revokeSessionsOf(input.operatorId, deps.now());
      });
    },
  };
}

export type DeskScreens = ReturnType<typeof createDeskScreens>;
