import type { OrderFailReason, OrderStatus } from '@causeway/contracts';
import Decimal from 'decimal.js';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import { loggableError } from '../../platform/logging.ts';
import {
  type KlarnaFraudStatus,
  type KlarnaProvider,
  type KlarnaPurchase,
  KlarnaRefusedError,
  KlarnaTimeoutError,
} from '../../providers/klarna/index.ts';
import type { OrderChange, OrderRow, OrdersRepository } from './orders.repository.ts';
import type { Outcome, PaymentSource } from './payment-source.ts';

/** The channel of a Klarna buy (docs/rules/entities.md channel codes); its payment method is KLARNA too. */
export const KLARNA_CHANNEL = 'KLARNA';
/** The processor a Klarna buy is booked against: its capture debits processor-receivable:klarna:<fiat>. */
export const KLARNA_PROCESSOR = 'klarna';
/** How often a pending fraud check is read again (Klarna decides within hours, at most 24; the sandbox in 30 s). */
export const KLARNA_REVIEW_POLL_MS = 60_000;
/** The history line of a place-order call whose answer was lost: Klarna may hold an order we never learnt of. */
export const KLARNA_PLACE_TIMEOUT_NOTE = 'klarna: place order timed out, outcome unknown';
const UNKNOWN_ORDER_FLAG =
  "Klarna may hold an uncaptured order for this order id (place order timed out): cancel it in Klarna's merchant portal";

/** Klarna's market of each currency we sell with it: the purchase country when the person's residence is unknown. */
const KLARNA_HOME_MARKET: Record<string, string> = { EUR: 'DE', GBP: 'GB' };

/**
 * The purchase country Klarna is asked for (purchase_country): the person's country of residence from
 * their verification, else the currency's own market. Klarna refuses a country it does not sell in
 * with that currency (at createSession, before any order).
 */
export function klarnaCountryOf(residence: string | null | undefined, currency: string): string {
  if (residence && /^[A-Z]{2}$/.test(residence)) return residence;
  return KLARNA_HOME_MARKET[currency] ?? 'DE';
}

/** The fiat amount as Klarna takes it: a decimal string with the currency's two decimals. */
function klarnaAmountOf(fiatAmount: string): string {
  const amount = new Decimal(fiatAmount);
  if (amount.decimalPlaces() > 2) throw new Error(`a Klarna amount has at most 2 decimals, got ${fiatAmount}`);
  return amount.toFixed(2);
}

/**
 * What Klarna is told of the order, the same for its session and its order (Klarna refuses an order
 * unlike its session): built from the order's own amounts (a quote's, at submit-buy), so both match.
 */
export function klarnaPurchaseOf(
  order: Pick<OrderRow, 'id' | 'fiatAmount' | 'fiatCurrency' | 'cryptoAmount' | 'cryptoCurrency' | 'network'>,
  country: string,
): KlarnaPurchase {
  return {
    reference: order.id,
    amount: klarnaAmountOf(order.fiatAmount),
    currency: order.fiatCurrency,
    country,
    // Klarna's widget speaks the market's languages and English; English in the person's market.
    locale: `en-${country}`,
    description: `${new Decimal(order.cryptoAmount).toFixed()} ${order.cryptoCurrency} (${order.network})`,
  };
}

const keyOf = (orderId: string, what: string) => `order:${orderId}:${what}`;

/**
 * A Klarna buy's payment (docs/rules/order-states.md, "Klarna"): the person answers Klarna's widget
 * (submit-auth-token places the Klarna order with the token), Klarna's fraud check accepts, rejects or
 * reviews it (read with getOrder until it decides), and then the settlement captures, cancels or
 * refunds it through Klarna's Order Management, with keys derived from the order id.
 */
export function createKlarnaPayment(deps: {
  /** Absent where no Klarna runs (a settlement built for card orders only). */
  klarna: KlarnaProvider | undefined;
  orders: OrdersRepository;
  clock: Clock;
  log: FastifyBaseLogger;
  /** The settlement's compare-and-set move, with what goes with it (settlement.ts). */
  move(order: OrderRow, change: OrderChange, withMove?: () => Promise<void>): Promise<Outcome>;
  /** The order ends without money moving. */
  endUnpaid(
    order: OrderRow,
    status: OrderStatus,
    failReason: OrderFailReason,
    set?: OrderChange['set'],
    withMove?: () => Promise<void>,
  ): Promise<Outcome>;
  /** Brings the order's advance job forward to `at` (inside a move). */
  wake(order: OrderRow, at: Date): Promise<void>;
}): PaymentSource & {
  /** submit-auth-token: places the Klarna order with the widget's token (an empty token is the widget's decline). */
  placeOrder(order: OrderRow, input: { sessionId: string; authorizationToken: string; country: string }): Promise<Outcome>;
} {
  const { orders, clock, log } = deps;
  const klarna = (): KlarnaProvider => {
    if (!deps.klarna) throw new Error('a Klarna buy needs the Klarna provider');
    return deps.klarna;
  };
  const klarnaOrderOf = (order: OrderRow): string => {
    if (!order.paymentId) throw new Error(`order ${order.id} has no Klarna order`);
    return order.paymentId;
  };
  const moneyOf = (order: OrderRow) => ({ amount: klarnaAmountOf(order.fiatAmount), currency: order.fiatCurrency });
  const later = (ms: number) => ({ waitUntil: new Date(clock.now().getTime() + ms) });
  const cancel = (order: OrderRow, klarnaOrderId: string) =>
    klarna().cancelOrder(klarnaOrderId, { idempotencyKey: keyOf(order.id, 'cancel') });

  /** Cancels what Klarna may still hold for the order; one it cancelled, expired or closed itself has nothing left to cancel. */
  async function cancelQuietly(order: OrderRow, klarnaOrderId: string): Promise<void> {
    try {
      await cancel(order, klarnaOrderId);
    } catch (error) {
      if (!(error instanceof KlarnaRefusedError)) throw error;
      log.warn({ orderId: order.id, klarnaOrderId, errorCode: error.errorCode }, 'Klarna order not cancelled: nothing left to cancel');
    }
  }

  const placeTimedOut = async (order: OrderRow) =>
    (await orders.events(order.id)).some((event) => event.detail === KLARNA_PLACE_TIMEOUT_NOTE);
  const flagUnknownOrder = (order: OrderRow) => () => orders.flagForOperator(order, clock.now(), UNKNOWN_ORDER_FLAG);

  /**
   * Declined in the widget, refused or rejected by Klarna: nothing was captured, and a Klarna order
   * placed for it is cancelled (Klarna: a REJECTED order is never captured). `unknownOrder` also flags
   * the order for an operator: an earlier place-order call timed out and may have placed one.
   */
  async function decline(order: OrderRow, klarnaOrderId: string | null, why: string, unknownOrder = false): Promise<Outcome> {
    if (klarnaOrderId) await cancelQuietly(order, klarnaOrderId);
    log.info({ orderId: order.id, klarnaOrderId, why }, 'Klarna buy declined: nothing charged');
    return deps.endUnpaid(
      order,
      'FAILED',
      'KLARNA_DECLINED',
      klarnaOrderId ? { paymentId: klarnaOrderId } : {},
      unknownOrder ? flagUnknownOrder(order) : undefined,
    );
  }

  /** Klarna's fraud status of the order placed for it decides: on to the reserve, wait for the review, or decline. */
  async function onFraudStatus(order: OrderRow, klarnaOrderId: string, fraudStatus: KlarnaFraudStatus): Promise<Outcome> {
    switch (fraudStatus) {
      case 'ACCEPTED':
        return deps.move(
          order,
          { status: 'PROCESSING', step: 'RESERVE', set: { paymentId: klarnaOrderId }, detail: 'Klarna order accepted' },
          () => deps.wake(order, clock.now()),
        );
      case 'PENDING': {
        if (order.paymentId !== klarnaOrderId) {
          const at = new Date(clock.now().getTime() + KLARNA_REVIEW_POLL_MS);
          const moved = await deps.move(
            order,
            {
              status: 'OrderSubmitted',
              step: 'KLARNA_AUTH',
              set: { paymentId: klarnaOrderId },
              detail: "Klarna order placed: Klarna's fraud check is pending",
            },
            () => deps.wake(order, at),
          );
          if (moved === 'moved') return moved;
        }
        return later(KLARNA_REVIEW_POLL_MS);
      }
      case 'REJECTED':
        return decline(order, klarnaOrderId, "Klarna's fraud check rejected the order");
    }
  }

  return {
    async placeOrder(order, input) {
      if (!input.authorizationToken) return decline(order, null, "declined in Klarna's widget");
      let placed;
      try {
        placed = await klarna().placeOrder({
          ...klarnaPurchaseOf(order, input.country),
          idempotencyKey: keyOf(order.id, 'place-order'),
          sessionId: input.sessionId,
          authorizationToken: input.authorizationToken,
        });
      } catch (error) {
        if (error instanceof KlarnaTimeoutError) {
          // Klarna may have placed it: a retry with the same key asks again; a refusal after this is not a plain decline.
          await orders.note(order, clock.now(), KLARNA_PLACE_TIMEOUT_NOTE);
          throw error;
        }
        if (!(error instanceof KlarnaRefusedError)) throw error;
        log.warn({ orderId: order.id, errorCode: error.errorCode, err: loggableError(error) }, 'Klarna refused to place the order');
        return decline(order, null, `Klarna refused the authorization (${error.errorCode})`, await placeTimedOut(order));
      }
      const outcome = await onFraudStatus(order, placed.klarnaOrderId, placed.fraudStatus);
      if (outcome === 'moved') {
        // The order moved meanwhile (its deadline ended it): the Klarna order placed for it is never captured.
        const after = await orders.findOrder(order.id);
        if (after?.paymentId !== placed.klarnaOrderId) await cancelQuietly(order, placed.klarnaOrderId);
      }
      return outcome;
    },

    /** KLARNA_AUTH in the worker: the person's answer is awaited until the deadline; a placed order's fraud check is followed. */
    async authorize(order) {
      if (!order.paymentId) return { waitUntil: order.deadlineAt };
      const klarnaOrder = await klarna().getOrder(order.paymentId);
      if (klarnaOrder.status === 'CANCELLED' || klarnaOrder.status === 'EXPIRED' || klarnaOrder.status === 'CLOSED')
        return decline(order, null, `the Klarna order is ${klarnaOrder.status}`);
      return onFraudStatus(order, order.paymentId, klarnaOrder.fraudStatus);
    },

    release: (order) => cancel(order, klarnaOrderOf(order)),

    async capture(order) {
      const klarnaOrderId = klarnaOrderOf(order);
      try {
        await klarna().capture(klarnaOrderId, { idempotencyKey: keyOf(order.id, 'capture'), ...moneyOf(order) });
        return 'captured';
      } catch (error) {
        if (!(error instanceof KlarnaRefusedError)) throw error;
        // Captured already (an earlier answer lost), or never again: Klarna cancelled or expired the order.
        const klarnaOrder = await klarna().getOrder(klarnaOrderId);
        if (new Decimal(klarnaOrder.capturedAmount).gte(klarnaOrder.amount)) return 'captured';
        log.error(
          { orderId: order.id, klarnaOrderId, errorCode: error.errorCode, status: klarnaOrder.status },
          'Klarna refused the capture: the order fails, nothing taken',
        );
        if (klarnaOrder.status === 'AUTHORIZED') await cancelQuietly(order, klarnaOrderId);
        return { failReason: 'KLARNA_DECLINED' };
      }
    },

    refund: (order) => klarna().refund(klarnaOrderOf(order), { idempotencyKey: keyOf(order.id, 'refund'), ...moneyOf(order) }),

    async releaseUnlessCaptured(order) {
      const klarnaOrderId = klarnaOrderOf(order);
      const klarnaOrder = await klarna().getOrder(klarnaOrderId);
      if (new Decimal(klarnaOrder.capturedAmount).gt(0)) return true;
      if (klarnaOrder.status === 'AUTHORIZED') await cancel(order, klarnaOrderId);
      return false;
    },

    /**
     * The deadline at KLARNA_AUTH: never authorised, or still under Klarna's fraud check. A Klarna order
     * placed for it is cancelled (a rejected one ends as declined); nothing was ever captured.
     */
    async expireUnauthorised(order) {
      if (order.paymentId) {
        const klarnaOrder = await klarna().getOrder(order.paymentId);
        if (klarnaOrder.fraudStatus === 'REJECTED') return decline(order, order.paymentId, "Klarna's fraud check rejected the order");
        if (klarnaOrder.status === 'AUTHORIZED') await cancel(order, order.paymentId);
        return deps.endUnpaid(order, 'EXPIRED', 'DEADLINE_PASSED');
      }
      return deps.endUnpaid(order, 'EXPIRED', 'DEADLINE_PASSED', {}, (await placeTimedOut(order)) ? flagUnknownOrder(order) : undefined);
    },
  };
}
