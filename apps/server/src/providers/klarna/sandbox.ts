import { randomBytes, randomUUID } from 'node:crypto';
import type { Clock } from '../../platform/clock.ts';
import { fromKlarnaMinor, toKlarnaMinor } from './klarna-amounts.ts';
import {
  type KlarnaAuthorizeResult,
  type KlarnaFraudStatus,
  type KlarnaMoneyInput,
  type KlarnaOrderStatus,
  type KlarnaProvider,
  KlarnaRefusedError,
  type PlacedOrder,
} from './klarna-provider.ts';
import { checkKlarnaId, checkPurchase, isReturnUrl, KLARNA_ID } from './klarna-purchase.ts';
import type { SandboxKlarnaOrderRow, SandboxKlarnaRepository } from './sandbox-klarna.repository.ts';

/** Klarna keeps a payment session 48 hours (docs: "Step 1: Initiate a payment"). */
export const SANDBOX_KLARNA_SESSION_TTL_MS = 48 * 60 * 60 * 1000;
/** "A successful authorization guarantees that the order can be created within 60 minutes." */
export const KLARNA_AUTHORIZATION_TTL_MS = 60 * 60 * 1000;
/** How long the sandbox's fraud review of a pending order takes (Klarna's: hours): then ACCEPTED or REJECTED. */
export const SANDBOX_KLARNA_REVIEW_MS = 30 * 1000;

/** What the widget's Approve may ask of Klarna's fraud check (docs/sandbox.md "Klarna"). */
export const SANDBOX_FRAUD_DECISIONS = ['ACCEPTED', 'PENDING_ACCEPTED', 'PENDING_REJECTED', 'REJECTED'] as const;
export type SandboxFraudDecision = (typeof SANDBOX_FRAUD_DECISIONS)[number];

/** A session as the sandbox widget page shows it. */
export interface SandboxKlarnaWidget {
  sessionId: string;
  amount: string;
  currency: string;
  description: string;
  /** WAITING shows the buttons; APPROVED and DECLINED were answered; EXPIRED was never answered in 48 hours. */
  state: 'WAITING' | 'APPROVED' | 'DECLINED' | 'EXPIRED';
  returnUrl: string;
}

export type SandboxWidgetAnswer = { outcome: 'approve'; fraud: SandboxFraudDecision } | { outcome: 'decline' } | { outcome: 'close' };

/** The sandbox Klarna: the provider, plus what its widget page and the tests need. */
export interface SandboxKlarna extends KlarnaProvider {
  readonly kind: 'sandbox';
  /** The session behind a widget URL, or null when the sandbox has none. */
  widgetOf(sessionId: string): Promise<SandboxKlarnaWidget | null>;
  /**
   * The person's answer on the widget, as Klarna.Payments.authorize() answers it: Approve gives a
   * token, Decline is final (show_form false), Close changes nothing (the person may come back).
   * `result` is absent when the session was not waiting any more; null for an unknown session.
   */
  answer(sessionId: string, answer: SandboxWidgetAnswer): Promise<{ widget: SandboxKlarnaWidget; result?: KlarnaAuthorizeResult } | null>;
}

export interface SandboxKlarnaOptions {
  repository: SandboxKlarnaRepository;
  clock: Clock;
  /** The site's public origin: widget URLs are `${publicUrl}/sandbox/klarna/${sessionId}`. */
  publicUrl: string;
}

const refused = (errorCode: string, message: string) => new KlarnaRefusedError(errorCode, `sandbox Klarna: ${errorCode} (${message})`);
/** Klarna's answer to an authorization token it will not place an order with, whatever the reason. */
const invalidToken = (why: string) => refused('NOT_FOUND', `Invalid authorization token: ${why}`);

/**
 * Klarna Payments and Order Management as the sandbox plays them (docs/sandbox.md "Klarna"):
 * sessions and orders in the database, answered on the widget page, refusing what Klarna refuses
 * with Klarna's error codes. Keys are honoured like Klarna-Idempotency-Key: only the key matters.
 */
export function createSandboxKlarna(options: SandboxKlarnaOptions): SandboxKlarna {
  const { repository, clock } = options;
  const publicUrl = options.publicUrl.replace(/\/+$/, '');
  const now = () => clock.now();

  /** A pending review is decided SANDBOX_KLARNA_REVIEW_MS after the order, on the clock. */
  function fraudStatusOf(row: SandboxKlarnaOrderRow): KlarnaFraudStatus {
    if (row.fraudDecision === 'ACCEPTED' || row.fraudDecision === 'REJECTED') return row.fraudDecision;
    if (now().getTime() - row.createdAt.getTime() < SANDBOX_KLARNA_REVIEW_MS) return 'PENDING';
    return row.fraudDecision === 'PENDING_ACCEPTED' ? 'ACCEPTED' : 'REJECTED';
  }

  const placed = (row: SandboxKlarnaOrderRow): PlacedOrder => ({ klarnaOrderId: row.id, fraudStatus: fraudStatusOf(row) });

  async function mustFindOrder(klarnaOrderId: string): Promise<SandboxKlarnaOrderRow> {
    const row = await repository.findOrder(checkKlarnaId(klarnaOrderId, 'order id'));
    if (!row) throw refused('NO_SUCH_ORDER', `no order ${klarnaOrderId}`);
    return row;
  }

  /**
   * Applies an Order Management action once per key: a key applied already answers quietly (the
   * retry of a call whose answer was lost); otherwise `check` refuses what the order cannot do (or
   * answers true when the order is where the action leads already), and `apply` is the conditional
   * update, checked again when another call moved the order first.
   */
  async function applyOnce(
    klarnaOrderId: string,
    key: string,
    check: (row: SandboxKlarnaOrderRow) => boolean,
    apply: () => Promise<SandboxKlarnaOrderRow | undefined>,
  ): Promise<void> {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const row = await mustFindOrder(klarnaOrderId);
      if (row.appliedKeys.includes(key) || check(row)) return;
      if (await apply()) return;
    }
    throw new Error(`sandbox Klarna order ${klarnaOrderId} changed during the call: try again`);
  }

  function checkCurrency(row: SandboxKlarnaOrderRow, input: KlarnaMoneyInput): void {
    if (input.currency !== row.currency) throw new Error(`sandbox Klarna order ${row.id} is in ${row.currency}, not ${input.currency}`);
  }

  async function widgetOf(sessionId: string): Promise<SandboxKlarnaWidget | null> {
    const row = KLARNA_ID.test(sessionId) ? await repository.findSession(sessionId) : undefined;
    if (!row) return null;
    const expired = row.outcome === 'WAITING' && row.expiresAt.getTime() <= now().getTime();
    return {
      sessionId: row.id,
      amount: fromKlarnaMinor(row.amountMinor),
      currency: row.currency,
      description: row.description,
      state: expired ? 'EXPIRED' : (row.outcome as SandboxKlarnaWidget['state']),
      returnUrl: row.returnUrl,
    };
  }

  return {
    kind: 'sandbox',

    async createSession(input) {
      const amountMinor = checkPurchase(input);
      if (!isReturnUrl(input.returnUrl)) throw new Error('returnUrl must be a path of this site or an http(s) URL, without a fragment');
      const at = now();
      const id = randomUUID();
      await repository.insertSession({
        id,
        reference: input.reference,
        amountMinor,
        currency: input.currency,
        country: input.country,
        locale: input.locale,
        description: input.description,
        returnUrl: input.returnUrl,
        outcome: 'WAITING',
        createdAt: at,
        expiresAt: new Date(at.getTime() + SANDBOX_KLARNA_SESSION_TTL_MS),
      });
      // Klarna's client token is for its JS SDK; the sandbox widget needs none, so it is never kept.
      return {
        sessionId: id,
        clientToken: `sandbox.${randomBytes(24).toString('base64url')}`,
        widgetUrl: `${publicUrl}/sandbox/klarna/${id}`,
      };
    },

    async placeOrder(input) {
      const amountMinor = checkPurchase(input);
      // Only the key matters (Klarna-Idempotency-Key): a key seen before answers its order as it stands now.
      const before = await repository.orderByKey(input.idempotencyKey);
      if (before) return placed(before);
      const session = KLARNA_ID.test(input.authorizationToken) ? await repository.findSessionByToken(input.authorizationToken) : undefined;
      if (!session || session.id !== input.sessionId) throw invalidToken('unknown');
      if (session.releasedAt) throw invalidToken('released');
      if (!session.authorizedAt || now().getTime() - session.authorizedAt.getTime() >= KLARNA_AUTHORIZATION_TTL_MS)
        throw invalidToken('expired after 60 minutes');
      if (await repository.isTokenSpent(input.authorizationToken)) throw invalidToken('already used');
      const differing = [
        session.amountMinor !== amountMinor && 'order_amount',
        session.currency !== input.currency && 'purchase_currency',
        session.country !== input.country && 'purchase_country',
        session.description !== input.description && 'order_lines',
      ].filter(Boolean);
      if (differing.length > 0) throw refused('BAD_VALUE', `Not matching fields: [${differing.join(', ')}]`);
      const at = now();
      const result = await repository.insertOrderOnce({
        id: randomUUID(),
        idempotencyKey: input.idempotencyKey,
        authorizationToken: input.authorizationToken,
        sessionId: session.id,
        reference: input.reference,
        amountMinor,
        currency: input.currency,
        fraudDecision: session.fraudDecision ?? 'ACCEPTED',
        status: 'AUTHORIZED',
        createdAt: at,
        updatedAt: at,
      });
      // Another key spent the token in the meantime.
      if (!result) throw invalidToken('already used');
      return placed(result.row);
    },

    async getOrder(klarnaOrderId) {
      const row = await mustFindOrder(klarnaOrderId);
      return {
        klarnaOrderId: row.id,
        status: row.status as KlarnaOrderStatus,
        fraudStatus: fraudStatusOf(row),
        currency: row.currency,
        amount: fromKlarnaMinor(row.amountMinor),
        capturedAmount: fromKlarnaMinor(row.capturedMinor),
        refundedAmount: fromKlarnaMinor(row.refundedMinor),
      };
    },

    async capture(klarnaOrderId, input) {
      const key = `capture:${input.idempotencyKey}`;
      const minor = toKlarnaMinor(input.amount, input.currency);
      await applyOnce(
        klarnaOrderId,
        key,
        (row) => {
          checkCurrency(row, input);
          const fraudStatus = fraudStatusOf(row);
          if (fraudStatus !== 'ACCEPTED') throw refused('CAPTURE_NOT_ALLOWED', `the fraud status is ${fraudStatus}`);
          if (row.status !== 'AUTHORIZED' && row.status !== 'PART_CAPTURED')
            throw refused('CAPTURE_NOT_ALLOWED', `the order is ${row.status}`);
          if (row.capturedMinor + minor > row.amountMinor)
            throw refused(
              'CAPTURE_NOT_ALLOWED',
              `only ${fromKlarnaMinor(row.amountMinor - row.capturedMinor)} ${row.currency} is left to capture`,
            );
          return false;
        },
        () => repository.addCapture(klarnaOrderId, { minor, key, now: now() }),
      );
    },

    async refund(klarnaOrderId, input) {
      const key = `refund:${input.idempotencyKey}`;
      const minor = toKlarnaMinor(input.amount, input.currency);
      await applyOnce(
        klarnaOrderId,
        key,
        (row) => {
          checkCurrency(row, input);
          if (row.capturedMinor === 0n) throw refused('REFUND_NOT_ALLOWED', 'Order has no captures. Refund not possible');
          if (row.refundedMinor + minor > row.capturedMinor)
            throw refused(
              'REFUND_NOT_ALLOWED',
              `only ${fromKlarnaMinor(row.capturedMinor - row.refundedMinor)} ${row.currency} of the captures is left`,
            );
          return false;
        },
        () => repository.addRefund(klarnaOrderId, { minor, key, now: now() }),
      );
    },

    async cancelOrder(klarnaOrderId, input) {
      const key = `cancel:${input.idempotencyKey}`;
      await applyOnce(
        klarnaOrderId,
        key,
        (row) => {
          if (row.status === 'CANCELLED') return true;
          if (row.capturedMinor > 0n) throw refused('CANCEL_NOT_ALLOWED', 'Order has previous captures. Cancel not possible');
          if (row.status !== 'AUTHORIZED') throw refused('CANCEL_NOT_ALLOWED', `the order is ${row.status}`);
          return false;
        },
        () => repository.cancel(klarnaOrderId, { key, now: now() }),
      );
    },

    async cancelAuthorization(authorizationToken) {
      if (!KLARNA_ID.test(authorizationToken)) return;
      await repository.releaseToken(authorizationToken, now());
    },

    widgetOf,

    async answer(sessionId, answer) {
      const widget = await widgetOf(sessionId);
      if (!widget) return null;
      if (widget.state !== 'WAITING') return { widget };
      // Klarna's callback when the person closes its window: no token, and they may try again.
      if (answer.outcome === 'close') return { widget, result: { approved: false, show_form: true } };
      const at = now();
      const token = randomUUID();
      const changes =
        answer.outcome === 'approve'
          ? { outcome: 'APPROVED', authorizationToken: token, fraudDecision: answer.fraud, authorizedAt: at }
          : { outcome: 'DECLINED' };
      const row = await repository.answerSession(sessionId, changes, at);
      const after = (await widgetOf(sessionId)) ?? widget;
      if (!row) return { widget: after };
      const result: KlarnaAuthorizeResult =
        answer.outcome === 'approve'
          ? { approved: true, show_form: true, authorization_token: token }
          : { approved: false, show_form: false };
      return { widget: after, result };
    },
  };
}
