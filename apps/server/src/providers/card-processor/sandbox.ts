import { createHmac } from 'node:crypto';
import Decimal from 'decimal.js';
import type { Clock } from '../../platform/clock.ts';
import { newId } from '../../platform/crypto.ts';
import { decimalsOf, formatCardAmount, parseCardAmount, toMinorUnits } from './card-amounts.ts';
import { checkCardDetails } from './card-checks.ts';
import {
  type AuthorizeInput,
  type CardDetails,
  type CardProcessorProvider,
  CardRefusedError,
  type DeclineReason,
  type MoneyCallInput,
  type Payment,
  type PaymentStatus,
  ProcessorTimeoutError,
} from './card-processor.ts';
import { cardNetworkOf, type CardProcessor as CardNetwork } from '@causeway/contracts';
import {
  behaviourOf,
  DEFAULT_SANDBOX_SLOW_PAYOUT_MS,
  isSandboxCardBehaviour,
  SANDBOX_CARD_FIELDS_TOKEN_TTL_MS,
  SANDBOX_CHALLENGE_TTL_MS,
  SANDBOX_ISSUER_BANK,
  SANDBOX_PAYOUT_CARDS,
  type SandboxCardBehaviour,
  type SandboxDisputeCategory,
  type SandboxPayoutBehaviour,
} from './sandbox-cards.ts';
import { createSandboxDisputes, type SandboxDispute } from './sandbox-disputes.ts';
import { createSandboxPayouts } from './sandbox-payouts.ts';
import type { SandboxPaymentRow, SandboxProcessorRepository } from './sandbox-processor.repository.ts';
import { createSandboxCardWebhooks, type PaymentEventData, type SandboxCardWebhookOptions } from './sandbox-webhooks.ts';

/** A payment's 3DS challenge as the sandbox challenge page shows it. */
export interface SandboxChallenge {
  payment: Payment;
  cardLast4: string;
  /** True while the payment waits for Complete or Fail. */
  isWaiting: boolean;
  /** Where the person goes next: the success URL, or the failure URL once the payment is declined or voided. */
  returnUrl: string;
}

/**
 * What the sandbox card fields hand to the page around them (as Checkout.com Flow's tokenize() does): the
 * single-use token and display facts. Never the number or the CVV.
 */
export interface CardFieldsToken {
  token: string;
  /** ISO time after which the token cannot be spent. */
  expiresOn: string;
  scheme: CardNetwork;
  bin: string;
  last4: string;
  expiryMonth: number;
  expiryYear: number;
}

/** The sandbox processor: the provider, plus what its card fields, 3DS page and the tests need. */
export interface SandboxCardProcessor extends CardProcessorProvider {
  readonly kind: 'sandbox';
  /**
   * The processor side of its card fields (POST /sandbox/card-fields/tokens, like Checkout.com's
   * POST /tokens behind Flow's card component): checks the card (Luhn, VISA or Mastercard, expiry, 3-digit CVV)
   * and answers a single-use token, valid 15 minutes. Throws CardRefusedError.
   */
  tokenize(card: CardDetails): Promise<CardFieldsToken>;
  /** How many payments the processor holds for a reference ("exactly one charge" in tests and ops). */
  paymentsFor(reference: string): Promise<number>;
  /** How many payouts the processor holds for a reference ("exactly one payout" in tests and ops). */
  payoutsFor(reference: string): Promise<number>;
  /** The challenge of a payment, or null when the sandbox has no such payment. */
  challengeOf(paymentId: string): Promise<SandboxChallenge | null>;
  /**
   * Answers a waiting challenge: Complete authorises the payment, Fail declines it (THREE_DS_FAILED).
   * `answered` is false when it was not waiting any more (answered before, expired, voided); null for an unknown payment.
   */
  answerChallenge(paymentId: string, outcome: 'complete' | 'fail'): Promise<{ answered: boolean; challenge: SandboxChallenge } | null>;
  /**
   * The card scheme's operator action (POST /sandbox/card/disputes): the cardholder's bank disputes a
   * captured payment (`fraudulent` unless told otherwise). The dispute asks for evidence within 7 days
   * and its dispute_evidence_required webhook is queued. Throws SandboxDisputeActionError: 404 unknown
   * payment, 409 not captured, refunded, or disputed already.
   */
  openDispute(paymentId: string, category?: SandboxDisputeCategory): Promise<SandboxDispute>;
  /**
   * The scheme's decision on a dispute under review (POST /sandbox/card/disputes/:disputeId/decide),
   * with its dispute_won or dispute_lost webhook. Throws SandboxDisputeActionError: 404, or 409 when
   * the dispute is not evidence_under_review.
   */
  decideDispute(disputeId: string, outcome: 'won' | 'lost'): Promise<SandboxDispute>;
  /** The dispute of a payment as the sandbox keeps it, or null. */
  disputeOfPayment(paymentId: string): Promise<SandboxDispute | null>;
}

export interface SandboxCardProcessorOptions {
  repository: SandboxProcessorRepository;
  clock: Clock;
  /** The site's public origin: challenge URLs are `${publicUrl}/sandbox/3ds/${paymentId}`. */
  publicUrl: string;
  /** Key of the card fingerprint (an HMAC of the number, so the number itself is never kept). */
  fingerprintKey: Buffer;
  /** SANDBOX_SLOW_PAYOUT_MS: how long the slow payout card (4000 0000 0000 0077) stays PENDING (2 minutes). */
  slowPayoutMs?: number;
  /**
   * How its webhooks (Checkout.com's format and signature) reach our intake: the outbox and its
   * worker, the signature key and the delivery. Without them it sends none and refuses every webhook read.
   */
  webhooks?: SandboxCardWebhookOptions;
}

/** An outcome of authorisation, by the card's behaviour (docs/sandbox.md's card table). */
function outcomeOf(behaviour: Exclude<SandboxCardBehaviour, 'TIMEOUT'>, amount: Decimal, currency: string) {
  switch (behaviour) {
    case 'AUTHORIZE':
    case 'DISPUTE':
      return { status: 'AUTHORIZED', authorizedAmount: amount.toFixed(), declineReason: null } as const;
    case 'CHALLENGE':
      return { status: 'CHALLENGE_REQUIRED', authorizedAmount: null, declineReason: null } as const;
    case 'DECLINE':
      return { status: 'DECLINED', authorizedAmount: null, declineReason: 'DECLINED' } as const;
    case 'INSUFFICIENT_FUNDS':
      return { status: 'DECLINED', authorizedAmount: null, declineReason: 'INSUFFICIENT_FUNDS' } as const;
    case 'PARTIAL': {
      const half = amount.div(2).toDecimalPlaces(decimalsOf(currency), Decimal.ROUND_DOWN);
      // Half of the smallest unit is nothing: a bank answers that as no funds, not as a 0.00 approval.
      if (half.isZero()) return { status: 'DECLINED', authorizedAmount: null, declineReason: 'INSUFFICIENT_FUNDS' } as const;
      return { status: 'PARTIALLY_AUTHORIZED', authorizedAmount: half.toFixed(), declineReason: null } as const;
    }
  }
}

/**
 * An absolute http(s) URL or a path on our own site, in printable ASCII (it becomes a Location
 * header): the challenge page redirects there.
 */
const isReturnUrl = (url: string) =>
  /^[\x21-\x7e]+$/.test(url) && (/^\/(?!\/)/.test(url) || (/^https?:\/\//i.test(url) && URL.canParse(url)));

export function createSandboxCardProcessor(options: SandboxCardProcessorOptions): SandboxCardProcessor {
  const { repository, clock } = options;
  const publicUrl = options.publicUrl.replace(/\/+$/, '');
  // base64url, not hex: hex often holds 13+ digit runs, which a card-number scan of the database would flag.
  const fingerprintOf = (digits: string) => createHmac('sha256', options.fingerprintKey).update(digits).digest('base64url');
  // A saved card keeps its fingerprint, never its number: the payout test cards are known by theirs.
  const payoutCards = new Map(
    Object.entries(SANDBOX_PAYOUT_CARDS).map(([digits, behaviour]) => [fingerprintOf(digits), behaviour] as const),
  );
  const slowPayoutMs = options.slowPayoutMs ?? DEFAULT_SANDBOX_SLOW_PAYOUT_MS;
  if (!Number.isSafeInteger(slowPayoutMs) || slowPayoutMs < 0 || slowPayoutMs > 86_400_000)
    throw new Error(`SANDBOX_SLOW_PAYOUT_MS must be a whole number of milliseconds from 0 to 86400000 (got ${String(slowPayoutMs)})`);
  const payouts = createSandboxPayouts({
    repository,
    clock,
    behaviourOf: (fingerprint): SandboxPayoutBehaviour => payoutCards.get(fingerprint) ?? 'PAY',
    slowPayoutMs,
  });

  const webhooks = createSandboxCardWebhooks(clock, options.webhooks);
  const disputes = createSandboxDisputes({ repository, clock, webhooks });

  /** A payment event's data: Checkout.com's payment id, our reference, an amount in minor units. */
  const paymentEvent = (row: SandboxPaymentRow, amount: Decimal.Value): PaymentEventData => ({
    id: row.id,
    reference: row.reference,
    amount: toMinorUnits(formatCardAmount(amount, row.currency), row.currency),
    currency: row.currency,
  });

  const toPayment = (row: SandboxPaymentRow): Payment => ({
    paymentId: row.id,
    reference: row.reference,
    status: row.status as PaymentStatus,
    amount: formatCardAmount(row.amount, row.currency),
    currency: row.currency,
    authorizedAmount: row.authorizedAmount === null ? null : formatCardAmount(row.authorizedAmount, row.currency),
    challengeUrl: row.status === 'CHALLENGE_REQUIRED' ? `${publicUrl}/sandbox/3ds/${row.id}` : null,
    declineReason: row.declineReason as DeclineReason | null,
  });

  /** The row as it stands now: a challenge left unanswered past its time is declined first (Checkout.com's 20152). */
  async function current(paymentId: string): Promise<SandboxPaymentRow | undefined> {
    const row = await repository.findPayment(paymentId);
    if (row?.status !== 'CHALLENGE_REQUIRED' || clock.now().getTime() - row.createdAt.getTime() < SANDBOX_CHALLENGE_TTL_MS) return row;
    const expired = await repository.transition(row.id, {
      from: ['CHALLENGE_REQUIRED'],
      changes: { status: 'DECLINED', declineReason: 'THREE_DS_EXPIRED' },
      now: clock.now(),
    });
    return expired ?? repository.findPayment(paymentId);
  }

  async function mustFind(paymentId: string): Promise<SandboxPaymentRow> {
    const row = await current(paymentId);
    if (!row) throw new Error(`sandbox card payment ${paymentId} does not exist`);
    return row;
  }

  /**
   * Applies a money action once per key: a key applied already answers quietly (the retry of a
   * call whose answer was lost); otherwise `check` refuses what the payment cannot do, and `apply`
   * is the conditional update, re-checked when a concurrent call moved the payment first.
   */
  async function applyOnce(
    paymentId: string,
    appliedKey: string,
    check: (row: SandboxPaymentRow) => void,
    apply: () => Promise<SandboxPaymentRow | undefined>,
  ): Promise<void> {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const row = await mustFind(paymentId);
      if (row.appliedKeys.includes(appliedKey)) return;
      check(row);
      if (await apply()) return;
    }
    throw new Error(`sandbox card payment ${paymentId} changed during the call: try again`);
  }

  const refuse = (action: string, row: SandboxPaymentRow, allowed: string) =>
    new Error(`cannot ${action} sandbox card payment ${row.id}: it is ${row.status} (only ${allowed})`);

  function checkMoney(row: SandboxPaymentRow, input: MoneyCallInput): Decimal {
    if (input.currency !== row.currency) throw new Error(`sandbox card payment ${row.id} is in ${row.currency}, not ${input.currency}`);
    return parseCardAmount(input.amount, input.currency);
  }

  async function challengeFrom(row: SandboxPaymentRow): Promise<SandboxChallenge> {
    const token = await repository.findToken(row.token);
    const failed = row.status === 'DECLINED' || row.status === 'VOIDED';
    return {
      payment: toPayment(row),
      cardLast4: token?.cardLast4 ?? '????',
      isWaiting: row.status === 'CHALLENGE_REQUIRED',
      returnUrl: (failed ? row.failureUrl : row.successUrl) ?? '/',
    };
  }

  return {
    kind: 'sandbox',

    async tokenize(card) {
      const now = clock.now();
      const { digits, network } = checkCardDetails(card, now);
      // Tokens nobody spent in time are of no use to anyone: each new one clears them away.
      await repository.deleteExpiredCardFieldsTokens(now);
      const expiresAt = new Date(now.getTime() + SANDBOX_CARD_FIELDS_TOKEN_TTL_MS);
      const stored = {
        token: newId('tok'),
        cardBin: digits.slice(0, 6),
        cardLast4: digits.slice(-4),
        fingerprint: fingerprintOf(digits),
        expiryMonth: card.expiryMonth,
        expiryYear: card.expiryYear,
      };
      await repository.insertToken({ ...stored, behaviour: behaviourOf(digits), expiresAt, createdAt: now });
      return {
        token: stored.token,
        expiresOn: expiresAt.toISOString(),
        scheme: network,
        bin: stored.cardBin,
        last4: stored.cardLast4,
        expiryMonth: card.expiryMonth,
        expiryYear: card.expiryYear,
      };
    },

    // Its card-fields page is ours (/sandbox/card-fields): it needs no session to open.
    startCardEntry: async () => null,

    async saveCard({ cardToken, billingAddress }) {
      const now = clock.now();
      const spent = await repository.spendCardFieldsToken(cardToken, now);
      if (!spent || spent.expiryMonth === null || spent.expiryYear === null) throw new CardRefusedError('TOKEN_INVALID');
      const network = cardNetworkOf(spent.cardBin);
      if (!network) throw new CardRefusedError('UNSUPPORTED_NETWORK');
      // The saved card's own reusable token (Checkout.com's src_…), with the facts of the spent one.
      const saved = {
        token: newId('src'),
        behaviour: spent.behaviour,
        cardBin: spent.cardBin,
        cardLast4: spent.cardLast4,
        fingerprint: spent.fingerprint,
        expiryMonth: spent.expiryMonth,
        expiryYear: spent.expiryYear,
      };
      await repository.insertToken({ ...saved, expiresAt: null, createdAt: now });
      return {
        token: saved.token,
        fingerprint: saved.fingerprint,
        cardBin: saved.cardBin,
        cardLast4: saved.cardLast4,
        cardProcessor: network,
        issuerBank: SANDBOX_ISSUER_BANK,
        country: billingAddress.country || 'GB',
        expiryMonth: saved.expiryMonth,
        expiryYear: saved.expiryYear,
      };
    },

    async authorize(input: AuthorizeInput) {
      const amount = parseCardAmount(input.amount, input.currency);
      if (!isReturnUrl(input.successUrl) || !isReturnUrl(input.failureUrl))
        throw new Error('successUrl and failureUrl must be http(s) URLs or paths on this site');
      const token = await repository.findToken(input.cardToken);
      // Payments take a saved card's token; a card-fields token (expiresAt set) is only for saveCard.
      if (!token || token.expiresAt !== null || !isSandboxCardBehaviour(token.behaviour)) throw new Error('unknown sandbox card token');
      // 4000 0000 0000 0119: the processor never answers, and so never records a payment either.
      if (token.behaviour === 'TIMEOUT')
        throw new ProcessorTimeoutError('sandbox card processor did not answer (test card 4000 0000 0000 0119)');
      const now = clock.now();
      const { row, inserted } = await repository.insertPaymentOnce({
        id: newId('pay'),
        idempotencyKey: input.idempotencyKey,
        reference: input.reference,
        token: token.token,
        amount: amount.toFixed(),
        currency: input.currency,
        ...outcomeOf(token.behaviour, amount, input.currency),
        successUrl: input.successUrl,
        failureUrl: input.failureUrl,
        createdAt: now,
        updatedAt: now,
      });
      // A payment made just now is as it stands; one the key made before may have moved since.
      return toPayment(inserted ? row : ((await current(row.id)) ?? row));
    },

    async getPayment(paymentId) {
      return toPayment(await mustFind(paymentId));
    },

    async findPayment(reference) {
      const newest = await repository.newestPaymentFor(reference);
      const row = newest && (await current(newest.id));
      return row ? toPayment(row) : null;
    },

    async capture(paymentId, input) {
      const key = `capture:${input.idempotencyKey}`;
      await applyOnce(
        paymentId,
        key,
        (row) => {
          const amount = checkMoney(row, input);
          if (row.status !== 'AUTHORIZED') throw refuse('capture', row, 'AUTHORIZED');
          if (amount.gt(row.authorizedAmount ?? 0))
            throw new Error(
              `cannot capture ${input.amount} ${input.currency}: only ${formatCardAmount(row.authorizedAmount ?? 0, row.currency)} ${row.currency} is authorised`,
            );
        },
        // The capture, its webhook and (the dispute card's) chargeback commit together.
        () =>
          repository.transaction(async () => {
            const captured = await repository.transition(paymentId, {
              from: ['AUTHORIZED'],
              changes: { status: 'CAPTURED', capturedAmount: new Decimal(input.amount).toFixed() },
              appliedKey: key,
              now: clock.now(),
            });
            if (!captured) return undefined;
            await webhooks.send('payment_captured', paymentEvent(captured, input.amount));
            // 4000 0000 0000 0259: the cardholder's bank disputes the payment as soon as it is taken.
            if ((await repository.findToken(captured.token))?.behaviour === 'DISPUTE') await disputes.openOnCapture(captured);
            return captured;
          }),
      );
    },

    async refund(paymentId, input) {
      const key = `refund:${input.idempotencyKey}`;
      await applyOnce(
        paymentId,
        key,
        (row) => {
          const amount = checkMoney(row, input);
          if (row.status !== 'CAPTURED') throw refuse('refund', row, 'CAPTURED');
          const refundable = new Decimal(row.capturedAmount).minus(row.refundedAmount);
          if (amount.gt(refundable))
            throw new Error(
              `cannot refund ${input.amount} ${input.currency}: only ${formatCardAmount(refundable, row.currency)} ${row.currency} of the capture is left`,
            );
        },
        () =>
          repository.transaction(async () => {
            // A disputed payment is the cardholder's bank's to settle: a refund on top would pay them twice.
            if (await disputes.disputeOfPayment(paymentId))
              throw new Error(`cannot refund sandbox payment ${paymentId}: it is disputed (a chargeback is open or decided)`);
            const refunded = await repository.addRefund(paymentId, {
              amount: new Decimal(input.amount).toFixed(),
              appliedKey: key,
              now: clock.now(),
            });
            if (refunded) await webhooks.send('payment_refunded', paymentEvent(refunded, input.amount));
            return refunded;
          }),
      );
    },

    async void(paymentId, input) {
      const key = `void:${input.idempotencyKey}`;
      const voidable = ['AUTHORIZED', 'PARTIALLY_AUTHORIZED', 'CHALLENGE_REQUIRED'];
      await applyOnce(
        paymentId,
        key,
        (row) => {
          if (!voidable.includes(row.status)) throw refuse('void', row, voidable.join(', '));
        },
        () =>
          repository.transaction(async () => {
            const voided = await repository.transition(paymentId, {
              from: voidable,
              changes: { status: 'VOIDED' },
              appliedKey: key,
              now: clock.now(),
            });
            if (voided) await webhooks.send('payment_voided', paymentEvent(voided, voided.authorizedAmount ?? voided.amount));
            return voided;
          }),
      );
    },

    paymentsFor: (reference) => repository.countPaymentsFor(reference),

    payout: payouts.payout,
    getPayout: payouts.getPayout,
    findPayout: payouts.findPayout,
    payoutsFor: payouts.payoutsFor,

    async challengeOf(paymentId) {
      const row = await current(paymentId);
      return row ? challengeFrom(row) : null;
    },

    async answerChallenge(paymentId, outcome) {
      const row = await current(paymentId);
      if (!row) return null;
      const changes =
        outcome === 'complete'
          ? { status: 'AUTHORIZED', authorizedAmount: row.amount }
          : { status: 'DECLINED', declineReason: 'THREE_DS_FAILED' };
      const answered = await repository.transaction(async () => {
        const moved = await repository.transition(paymentId, { from: ['CHALLENGE_REQUIRED'], changes, now: clock.now() });
        if (moved) await webhooks.send(outcome === 'complete' ? 'payment_approved' : 'payment_declined', paymentEvent(moved, moved.amount));
        return moved;
      });
      return { answered: Boolean(answered), challenge: await challengeFrom(answered ?? (await mustFind(paymentId))) };
    },

    readWebhook: webhooks.read,
    getDispute: disputes.getDispute,
    submitDisputeEvidence: disputes.submitDisputeEvidence,
    openDispute: disputes.openDispute,
    decideDispute: disputes.decideDispute,
    disputeOfPayment: disputes.disputeOfPayment,
  };
}
