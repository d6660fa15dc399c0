import { LIMIT_PERIODS, type OrderStatus } from '@causeway/contracts';
import { and, count, desc, eq, gte, inArray, isNotNull, isNull, lte, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orderEvents, orders, users } from '../../db/schema/index.ts';
import { newId } from '../../platform/crypto.ts';
import { preparedQuery } from '../../platform/transaction.ts';
import type { Standing } from '../quotes/index.ts';
import { assertTransition, type SettlementStep } from './order-state.ts';

export type OrderRow = typeof orders.$inferSelect;
type LimitPeriod = (typeof LIMIT_PERIODS)[number];

/** Orders whose money never moved do not count towards limits or the promotion. */
const NOT_SPENT: OrderStatus[] = ['FAILED', 'EXPIRED', 'PARTIAL_AUTH', 'BuySendFailed'];

export interface OrderChange {
  status: OrderStatus;
  step: SettlementStep;
  set?: Partial<
    Pick<
      OrderRow,
      | 'paymentId'
      | 'threeDsStatus'
      | 'threeDsUrl'
      | 'payoutId'
      | 'txHash'
      | 'failReason'
      | 'reconcileAttempts'
      | 'completedAt'
      | 'payoutStartedAt'
      | 'receivedAmount'
      | 'fiatAmount'
      | 'cryptoAmount'
      | 'price'
      | 'fees'
    >
  >;
  detail?: string;
}

/** Flags an order for the operator page: the first flag's time is kept, the reason is the latest. */
const operatorFlag = (at: Date, reason: string) => ({
  operatorReviewSince: sql`coalesce(${orders.operatorReviewSince}, ${at.toISOString()}::timestamptz)`,
  operatorReviewReason: reason.slice(0, 200),
});

/** Orders and their event history. Every status change goes through `transition` (compare-and-set). */
/**
 * Told of every order created and every status it reaches, inside the transaction that wrote it (the
 * merchant's webhooks record their message there: docs/rules/merchant-webhooks.md).
 */
export type OrderStatusObserver = (order: OrderRow, at: Date) => Promise<void>;

export function createOrdersRepository(db: Database, onStatus: OrderStatusObserver = async () => {}) {
  const spentFrom = (period: LimitPeriod) =>
    sql<string | null>`sum(${orders.limitAmount}) filter (where ${orders.createdAt} >= ${sql.placeholder(period)}::timestamptz)`;
  const standingOf = preparedQuery(db, (on) =>
    on
      .select({
        orderOwner: sql<
          string | null
        >`(select submitted.user_id from orders submitted where submitted.id = ${sql.placeholder('orderId')}::uuid)`,
        spentOrders: count(),
        DAILY: spentFrom('DAILY'),
        MONTHLY: spentFrom('MONTHLY'),
        YEARLY: spentFrom('YEARLY'),
      })
      .from(orders)
      .where(and(eq(orders.userId, sql.placeholder('userId')), notInArray(orders.status, NOT_SPENT)))
      .prepare('orders_standing'),
  );
  /** Writes `detail` to the order's history without moving it (inside the caller's transaction when there is one). */
  const noteEvent = async (order: Pick<OrderRow, 'id' | 'status' | 'step'>, at: Date, detail: string): Promise<void> => {
    await db.insert(orderEvents).values({
      id: newId('oev'),
      orderId: order.id,
      fromStatus: order.status,
      toStatus: order.status,
      step: order.step,
      detail,
      at,
    });
  };
  return {
    /** The bank-transfer buys whose reference is one of these (banking's credit intake matches transfers by them). */
    async byBankReferences(references: string[]): Promise<Array<{ id: string; userId: string }>> {
      if (references.length === 0) return [];
      return db.select({ id: orders.id, userId: orders.userId }).from(orders).where(inArray(orders.bankReference, references));
    },

    /**
     * A person's standing in one statement (every quote and every submit reads it): what they
     * spent in each limit period, how many orders count for the promotion, and who submitted
     * `orderId` already. Orders whose money never moved count for neither.
     */
    async standing(userId: string, starts: Record<LimitPeriod, Date>, orderId: string | null): Promise<Standing> {
      const [row] = await standingOf({
        userId,
        orderId,
        ...Object.fromEntries(LIMIT_PERIODS.map((period) => [period, starts[period].toISOString()])),
      });
      return {
        spent: Object.fromEntries(LIMIT_PERIODS.map((period) => [period, row?.[period] ?? '0'])) as Record<LimitPeriod, string>,
        spentOrders: Number(row?.spentOrders ?? 0),
        orderOwner: row?.orderOwner ?? null,
      };
    },

    /**
     * What a person's settled orders (SUCCESS, BuySendSuccess) made since a moment, in EUR (each order's limit
     * amount): the volume the risk rating reads (docs/rules/edd.md). A decimal string.
     */
    async settledVolumeSince(userId: string, since: Date): Promise<string> {
      const [row] = await db
        .select({ total: sql<string | null>`sum(${orders.limitAmount})` })
        .from(orders)
        .where(and(eq(orders.userId, userId), inArray(orders.status, ['SUCCESS', 'BuySendSuccess']), gte(orders.createdAt, since)));
      return row?.total ?? '0';
    },

    /** The order, its row locked to the caller's transaction's end: a check of it and a change that follows it hold together. */
    async lockOrder(orderId: string): Promise<OrderRow | undefined> {
      const [row] = await db.select().from(orders).where(eq(orders.id, orderId)).for('update');
      return row;
    },

    async findOrder(orderId: string): Promise<OrderRow | undefined> {
      return (await db.select().from(orders).where(eq(orders.id, orderId)))[0];
    },

    /**
     * Locks the person's row until the caller's transaction ends: two orders of one person
     * submitted at once then check their limits one after the other, so both cannot fit a limit
     * only one of them fits.
     */
    async lockOrdersOf(userId: string): Promise<void> {
      await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    },

    /** Inserts a new order with its first event (inside the caller's transaction, with its outbox job). */
    /** Stores a new order and its first event; answers the order as stored. */
    async insertOrder(values: typeof orders.$inferInsert): Promise<OrderRow> {
      return db.transaction(async () => {
        const [order] = await db.insert(orders).values(values).returning();
        await db.insert(orderEvents).values({
          id: newId('oev'),
          orderId: values.id,
          fromStatus: null,
          toStatus: values.status,
          step: values.step,
          detail: 'submitted',
          at: values.createdAt,
        });
        await onStatus(order!, values.createdAt!);
        return order!;
      });
    },

    /**
     * Moves an order from the status and step it was read at, with its event, inside the
     * caller's transaction (which writes the step's journal and next job with it). Answers false,
     * writing nothing, when another worker moved the order first. Illegal moves throw (order-state.ts).
     */
    async transition(order: Pick<OrderRow, 'id' | 'status' | 'step'>, change: OrderChange, at: Date): Promise<OrderRow | undefined> {
      assertTransition(order.status as OrderStatus, change.status);
      return db.transaction(async () => {
        const [updated] = await db
          .update(orders)
          .set({ status: change.status, step: change.step, updatedAt: at, ...change.set })
          .where(and(eq(orders.id, order.id), eq(orders.status, order.status), eq(orders.step, order.step)))
          .returning();
        if (!updated) return undefined;
        await db.insert(orderEvents).values({
          id: newId('oev'),
          orderId: order.id,
          fromStatus: order.status,
          toStatus: change.status,
          step: change.step,
          detail: change.detail ?? null,
          at,
        });
        if (change.status !== order.status) await onStatus(updated, at);
        return updated;
      });
    },

    /**
     * One look at the processor after the order ended without knowing its payment (late-authorisations.ts):
     * counted on the order, and with `detail`, written to its history without changing its status.
     * `needsOperator` also flags the order for the operator page, with `detail` as its reason (the
     * first flag's time is kept).
     */
    async noteReconcile(order: Pick<OrderRow, 'id' | 'status' | 'step'>, at: Date, detail?: string, needsOperator = false): Promise<void> {
      await db.transaction(async () => {
        const flag = needsOperator && detail ? operatorFlag(at, detail) : {};
        await db
          .update(orders)
          .set({ reconcileAttempts: sql`${orders.reconcileAttempts} + 1`, ...flag })
          .where(eq(orders.id, order.id));
        if (detail) await noteEvent(order, at, detail);
      });
    },

    /** Writes `detail` to the order's history without moving it (e.g. a provider call whose outcome is unknown). */
    note: noteEvent,

    events(orderId: string) {
      return db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(orderEvents.at, orderEvents.id);
    },

    async list(
      userId: string,
      filter: {
        from: Date;
        to: Date;
        statuses?: OrderStatus[] | undefined;
        cryptoCurrency?: string | undefined;
        transactionType?: string | undefined;
        offset: number;
        limit: number;
      },
    ) {
      const conditions = [eq(orders.userId, userId), gte(orders.createdAt, filter.from), lte(orders.createdAt, filter.to)];
      if (filter.statuses?.length) conditions.push(inArray(orders.status, filter.statuses));
      if (filter.cryptoCurrency) conditions.push(eq(orders.cryptoCurrency, filter.cryptoCurrency));
      if (filter.transactionType) conditions.push(eq(orders.transactionType, filter.transactionType));
      const where = and(...conditions);
      const [total] = await db.select({ n: count() }).from(orders).where(where);
      const rows = await db
        .select()
        .from(orders)
        .where(where)
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .offset(filter.offset)
        .limit(filter.limit);
      return { total: Number(total?.n ?? 0), rows };
    },

    /** Orders not final yet (the housekeeping sweep gives each its job back, by its kind). */
    openOrders() {
      return db.select({ id: orders.id, transactionType: orders.transactionType }).from(orders).where(isNull(orders.completedAt));
    },

    /** The sells whose deposit address this is (a chain webhook names an address): one, or none. */
    sellsAt(network: string, address: string) {
      return db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.transactionType, 'sell'), eq(orders.network, network), eq(orders.walletAddress, address)));
    },

    /**
     * Flags an order for the operator page with `reason` (the first flag's time is kept), and writes
     * it to the order's history. Inside the caller's transaction when there is one.
     */
    async flagForOperator(order: Pick<OrderRow, 'id' | 'status' | 'step'>, at: Date, reason: string): Promise<void> {
      await db.transaction(async () => {
        await db.update(orders).set(operatorFlag(at, reason)).where(eq(orders.id, order.id));
        await noteEvent(order, at, reason);
      });
    },

    /**
     * Closes an order's operator flag (compare-and-set: only a flagged order), writing why to its history. Inside the
     * caller's transaction when there is one. Answers whether this call closed it.
     */
    async closeOperatorFlag(order: Pick<OrderRow, 'id' | 'status' | 'step'>, at: Date, detail: string): Promise<boolean> {
      return db.transaction(async () => {
        const closed = await db
          .update(orders)
          .set({ operatorReviewSince: null, operatorReviewReason: null })
          .where(and(eq(orders.id, order.id), isNotNull(orders.operatorReviewSince)))
          .returning({ id: orders.id });
        if (closed.length === 0) return false;
        await noteEvent(order, at, detail.slice(0, 500));
        return true;
      });
    },

    /**
     * Orders whose payout outcome is still unknown past its deadline (step PAYOUT_REVIEW), oldest
     * payout first: what an operator must look into. No person or address, only the payout.
     */
    awaitingOperator() {
      return db
        .select({
          orderId: orders.id,
          cryptoCurrency: orders.cryptoCurrency,
          network: orders.network,
          cryptoAmount: orders.cryptoAmount,
          payoutId: orders.payoutId,
          txHash: orders.txHash,
          payoutStartedAt: orders.payoutStartedAt,
        })
        .from(orders)
        .where(eq(orders.step, 'PAYOUT_REVIEW'))
        .orderBy(orders.payoutStartedAt, orders.id)
        .limit(100);
    },

    /**
     * What an operator must look into (the operator page), oldest first, at most `limit` of each:
     * payouts of unknown outcome past their deadline (step PAYOUT_REVIEW, since the first move
     * there, with its reason from the history), and ended orders the reconcile flagged. The money,
     * the network and the processor's and chain's ids; never the person, their wallet or their card.
     */
    async awaitingReview(limit = 100): Promise<AwaitingReview[]> {
      const columns = {
        orderId: orders.id,
        status: orders.status,
        step: orders.step,
        fiatAmount: orders.fiatAmount,
        fiatCurrency: orders.fiatCurrency,
        cryptoAmount: orders.cryptoAmount,
        cryptoCurrency: orders.cryptoCurrency,
        network: orders.network,
        processor: orders.processor,
        paymentId: orders.paymentId,
        payoutId: orders.payoutId,
        txHash: orders.txHash,
        payoutStartedAt: orders.payoutStartedAt,
      };
      // The order's first PAYOUT_REVIEW event: when it started waiting, and why (order_events_order index).
      // Written out qualified: drizzle leaves a one-table select's columns unqualified, and order_events has an id too.
      const firstReviewEvent = (column: 'at' | 'detail') =>
        sql`(select ${sql.raw(`e.${column}`)} from order_events e where e.order_id = "orders"."id" and e.step = 'PAYOUT_REVIEW' order by e.at, e.id limit 1)`;
      const payouts = await db
        .select({ ...columns, since: firstReviewEvent('at').mapWith(orderEvents.at), reason: firstReviewEvent('detail').mapWith(String) })
        .from(orders)
        .where(eq(orders.step, 'PAYOUT_REVIEW'))
        .orderBy(orders.payoutStartedAt, orders.id)
        .limit(limit);
      const flagged = await db
        .select({ ...columns, since: orders.operatorReviewSince, reason: orders.operatorReviewReason })
        .from(orders)
        .where(isNotNull(orders.operatorReviewSince))
        .orderBy(orders.operatorReviewSince, orders.id)
        .limit(limit);
      return [
        ...payouts.map((row) => ({
          ...row,
          kind: 'payout' as const,
          since: row.since ?? row.payoutStartedAt ?? null,
          reason: row.reason ?? 'awaiting operator',
        })),
        ...flagged.map((row) => ({ ...row, kind: 'payment' as const, reason: row.reason ?? 'operator to review' })),
      ];
    },

    /** A person's orders for the operator's desk: counted by status, and the newest `recent` of them. */
    async summaryOf(userId: string, recent = 10) {
      const counted = await db
        .select({ status: orders.status, n: sql<number>`count(*)::int` })
        .from(orders)
        .where(eq(orders.userId, userId))
        .groupBy(orders.status);
      const rows = await db
        .select({
          orderId: orders.id,
          transactionType: orders.transactionType,
          status: orders.status,
          fiatAmount: orders.fiatAmount,
          fiatCurrency: orders.fiatCurrency,
          cryptoAmount: orders.cryptoAmount,
          cryptoCurrency: orders.cryptoCurrency,
          createdAt: orders.createdAt,
        })
        .from(orders)
        .where(eq(orders.userId, userId))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(recent);
      return { byStatus: Object.fromEntries(counted.map((row) => [row.status, Number(row.n)])), recent: rows };
    },

    /** Orders counted by status (for the crash test and operators). */
    async countByStatus(): Promise<Record<string, number>> {
      const rows = await db
        .select({ status: orders.status, n: sql<number>`count(*)::int` })
        .from(orders)
        .groupBy(orders.status);
      return Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]));
    },
  };
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;

/** One order on the operator page: a payout waiting past its deadline, or an ended order whose payment needs a look. */
export interface AwaitingReview {
  orderId: string;
  kind: 'payout' | 'payment';
  status: string;
  step: string;
  /** When it started waiting for an operator. */
  since: Date | null;
  reason: string;
  fiatAmount: string;
  fiatCurrency: string;
  cryptoAmount: string;
  cryptoCurrency: string;
  network: string;
  processor: string;
  paymentId: string | null;
  payoutId: string | null;
  txHash: string | null;
  payoutStartedAt: Date | null;
}
