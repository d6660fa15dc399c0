import {
  ErrorCode,
  HISTORY_MAX_RANGE_DAYS,
  isFinalOrderStatus,
  type ListOrderRequest,
  maskSegments,
  type OrderDetail,
  type OrderFailReason,
  type OrderStatus,
  type QuoteFees,
  type SubmitBuyRequest,
  type SubmitBuyResult,
} from '@causeway/contracts';
import Decimal from 'decimal.js';
import type { JobQueueRepository } from '../../jobs/job-queue.repository.ts';
import { AppError } from '../../platform/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import type { RunInTransaction } from '../../platform/transaction.ts';
import type { Idempotency } from '../../platform/idempotency.ts';
import type { AddressScreeningProvider } from '../../providers/address-screening/address-screening.ts';
import type { IdentityFace } from '../identity/index.ts';
import type { Principal } from '../identity/index.ts';
import type { Requester } from '../identity/index.ts';
import { checkDestination } from '../wallets/index.ts';
import { isExpired } from '../cards/index.ts';
import type { SavedCards } from '../cards/index.ts';
import type { MerchantTransactionService, TransactionRecords } from '../merchant/index.ts';
import type { OrderRow, OrdersRepository } from './orders.repository.ts';
import type { QuoteService } from '../quotes/index.ts';
import { advanceJobKey, JOB_ADVANCE_ORDER, type Settlement } from './settlement.ts';

/** docs/trust.md: every non-final card order ends by 24 h after submission. */
export const CARD_ORDER_DEADLINE_MS = 24 * 60 * 60 * 1000;
/** If the request dies between saving the order and authorising, the worker picks it up after this. */
const WATCHDOG_DELAY_MS = 15_000;
const DAY_MS = 24 * 60 * 60 * 1000;

type SubmitBuy = Omit<SubmitBuyRequest, 'channelCode' | 'paymentMethod'> & { channelCode: string; paymentMethod: string };

export const resultOf = (order: OrderRow): SubmitBuyResult => ({
  orderId: order.id,
  status: order.status as OrderStatus,
  threeDsUrl: order.threeDsStatus === 'PENDING' ? order.threeDsUrl : null,
  failReason: (order.failReason as OrderFailReason | null) ?? null,
});

/**
 * Card buys: submit (idempotent by order id, docs/trust.md), read one, list the history, and follow
 * a 3DS challenge. Money moves in settlement.ts; this file decides whether an order may start.
 */
export function createOrderService(deps: {
  orders: OrdersRepository;
  cards: SavedCards;
  quotes: QuoteService;
  settlement: Settlement;
  queue: JobQueueRepository;
  /** One transaction for the person's lock, the checks under it, the order and its outbox job. */
  transaction: RunInTransaction;
  idempotency: Idempotency;
  identity: IdentityFace;
  screening: AddressScreeningProvider;
  clock: Clock;
  /** The person's KYC status and tier (one read: submit-buy needs both). */
  kycOf: (userId: string) => Promise<{ kycStatus: string; kycLevel: number } | undefined>;
  merchantTransactions: TransactionRecords;
  /** What a merchant's transaction fixed (amount, wallet, network), and its merchant. */
  transactionTerms: Pick<MerchantTransactionService, 'assertOrderFits'>;
}) {
  const { orders, clock } = deps;

  async function ownOrder(user: Principal, orderId: string): Promise<OrderRow> {
    const order = await orders.findOrder(orderId);
    if (!order || order.userId !== user.id) throw new AppError(ErrorCode.OrderNotFound);
    return order;
  }

  /**
   * "Two-factor within order" (docs/trust.md): with an authenticator bound, a buy needs its code,
   * counted on the person's authenticator factor like every other check of it (5 failures lock it
   * for an hour, whichever call they came through), and on the requester's address in the per-IP
   * limit every authenticator check shares (verify-otp, verify-ga-code, the authenticator change).
   */
  async function checkSecondFactor(user: Principal, body: SubmitBuy, requester: Requester) {
    if ((await deps.identity.authenticatorStatus(user.id)) !== 'BINDED') return;
    if (body.otpType !== 'GA_OTP' || !body.otpCode) throw new AppError(ErrorCode.AuthenticatorCodeRequiredForOrder);
    if (!(await deps.identity.verifyAuthenticatorCode(user, body.otpCode, requester))) throw new AppError(ErrorCode.AuthenticatorCodeWrong);
  }

  async function startOrder(user: Principal, body: SubmitBuy, requestHash: string, requester: Requester): Promise<SubmitBuyResult> {
    const existing = await orders.findOrder(body.orderId);
    if (existing) {
      // The order keeps its body's hash: after the idempotency key's 24 h, another body is still refused.
      if (existing.userId !== user.id || (existing.requestHash !== null && existing.requestHash !== requestHash))
        throw new AppError(ErrorCode.IdempotencyKeyReused);
      return resultOf(existing);
    }
    const kyc = await deps.kycOf(user.id);
    if (user.accountStatus !== 'Active' || kyc?.kycStatus !== 'Pass') throw new AppError(ErrorCode.IdentityVerificationRequired);
    const quote = await deps.quotes.firmQuote(user, body.orderId, body.quoteId);
    if (body.cryptoCurrency && body.cryptoCurrency !== quote.cryptoCurrency)
      throw new AppError(ErrorCode.QuoteNotCurrent, 'The order names another crypto than its quote.');
    const card = await deps.cards.findLive(user.id, body.cardId);
    if (!card || !card.enabled) throw new AppError(ErrorCode.CardNotFound);
    if (isExpired(card, clock.now())) throw new AppError(ErrorCode.CardExpired);
    const rawAddress = body.walletAddress ?? quote.walletAddress;
    if (!rawAddress)
      throw new AppError(ErrorCode.WalletAddressInvalid, 'A wallet address is required.', { reason: 'EMPTY', field: 'address' });
    const destination = await checkDestination(
      { network: quote.network, address: rawAddress, memo: body.memo ?? quote.memo },
      deps.screening,
    );
    // A merchant's transaction is paid as the merchant fixed it, to the address it fixed (F4), before the code is spent.
    // The order's merchant is the transaction's: a merchantId in the body (the spec's client sends one) is a
    // claim nobody checked, so it is ignored, never stored; an order without a transaction has no merchant.
    const merchantId = quote.tranId
      ? (await deps.transactionTerms.assertOrderFits(quote.tranId, { ...quote, destination })).merchantId
      : null;
    await checkSecondFactor(user, body, requester);
    // The tier's room is read once, under the person's lock below.
    const pair = await deps.quotes.pairAndRate(quote);
    const limitAmount = pair.eurPerFiat.times(quote.fiatAmount);
    /**
     * Under the person's row lock: the tier may have filled since the quote (another order), and the
     * first-transactions discount may be used up by orders submitted since.
     */
    const stillFits = async () => {
      const { room, promotion } = await deps.quotes.tierRoomAndPromotion(user.id, kyc.kycLevel);
      if (limitAmount.gt(room)) throw deps.quotes.roomExceeded(pair, room, quote.fiatCurrency, 2);
      if (quote.promotionApplied && !promotion.eligible)
        throw new AppError(ErrorCode.QuoteNotCurrent, 'The first-transactions discount of this quote is used up: refresh the quote.');
      // A merchant's transaction is filled by one order at a time.
      if (
        quote.tranId &&
        !(await deps.merchantTransactions.take(quote.tranId, { orderId: body.orderId, userId: user.id, at: clock.now() }))
      ) {
        throw new AppError(ErrorCode.OrderAlreadySubmitted, 'This transaction is already being paid.');
      }
    };

    const now = clock.now();
    // One transaction: the person's lock, the checks under it, the order and its outbox job.
    const order = await deps.transaction(async () => {
      await orders.lockOrdersOf(user.id);
      await stillFits();
      const stored = await orders.insertOrder({
        id: body.orderId,
        userId: user.id,
        quoteId: quote.id,
        cardId: card.id,
        transactionType: 'buy',
        channelCode: quote.channelCode,
        paymentMethod: quote.paymentMethod,
        status: 'OrderSubmitted',
        step: 'AUTHORIZE',
        fiatCurrency: quote.fiatCurrency,
        fiatAmount: quote.fiatAmount,
        cryptoCurrency: quote.cryptoCurrency,
        network: quote.network,
        cryptoAmount: quote.cryptoAmount,
        price: quote.price,
        fees: quote.fees,
        walletAddress: destination.address,
        memo: destination.memo,
        limitAmount: limitAmount.toFixed(2),
        merchantId,
        merchantTranId: quote.tranId,
        deviceSessionId: body.deviceSessionId ?? null,
        requestHash,
        // The card's processor holds the payment: the order is booked against it whatever CARD_PROCESSOR becomes.
        processor: card.processor,
        createdAt: now,
        updatedAt: now,
        deadlineAt: new Date(now.getTime() + CARD_ORDER_DEADLINE_MS),
      });
      await deps.queue.enqueue({
        kind: JOB_ADVANCE_ORDER,
        payload: { orderId: body.orderId },
        runAt: new Date(now.getTime() + WATCHDOG_DELAY_MS),
        dedupeKey: advanceJobKey(body.orderId),
      });
      return stored;
    });
    await deps.settlement.authorizeNow(order);
    return resultOf((await orders.findOrder(body.orderId))!);
  }

  return {
    /**
     * submit-buy: the same order id and body answer the first answer; a concurrent duplicate gets 409
     * (docs/trust.md). `requester` is who sent it: its address counts the authenticator code's check.
     */
    submitBuy(user: Principal, body: SubmitBuy, requester: Requester): Promise<SubmitBuyResult> {
      // The order is known by its terms, not by the one-time code that allowed it: a retry with the
      // next code is the same order, and no hash of a code is stored (the order keeps this hash for good).
      const { otpCode: _code, otpType: _type, ...terms } = body;
      return deps.idempotency.run('submit-buy', body.orderId, user.id, terms, (requestHash) =>
        startOrder(user, body, requestHash, requester),
      );
    },

    async detail(user: Principal, orderId: string): Promise<OrderDetail> {
      const order = await ownOrder(user, orderId);
      return toDetail(order, await orderCard(deps.cards, order), await wasRefunded(orders, order));
    },

    /** get-3ds-status: back from the bank's page, the processor is asked at once (not at the worker's next look). */
    async threeDsStatus(user: Principal, orderId: string) {
      const before = await ownOrder(user, orderId);
      if (before.threeDsStatus === 'PENDING') await deps.settlement.authorizeNow(orderId);
      const order = await ownOrder(user, orderId);
      return {
        orderId,
        threeDsStatus: order.threeDsStatus as OrderDetail['threeDsStatus'],
        status: order.status as OrderStatus,
        threeDsUrl: order.threeDsStatus === 'PENDING' ? order.threeDsUrl : null,
      };
    },

    async list(user: Principal, request: Required<Pick<ListOrderRequest, 'pageNum' | 'pageSize'>> & ListOrderRequest) {
      const from = new Date(request.startTime);
      const to = new Date(request.endTime);
      if (to < from || to.getTime() - from.getTime() > HISTORY_MAX_RANGE_DAYS * DAY_MS) throw new AppError(ErrorCode.HistoryRangeTooLong);
      const { total, rows } = await orders.list(user.id, {
        from,
        to,
        statuses: request.statuses,
        cryptoCurrency: request.cryptoCurrency,
        transactionType: request.transactionType,
        offset: (request.pageNum - 1) * request.pageSize,
        limit: request.pageSize,
      });
      return { total, pageNum: request.pageNum, pageSize: request.pageSize, list: rows.map((row) => summaryOf(row)) };
    },
  };
}

async function orderCard(cards: SavedCards, order: OrderRow) {
  if (!order.cardId) return null;
  const card = await cards.findById(order.cardId);
  return card ? { cardId: card.id, cardProcessor: card.cardProcessor, maskedNumber: maskSegments(card.cardBin, card.cardLast4) } : null;
}

/** numeric(38, 18) reads back with 18 places: fiat shows its 2, crypto and prices without trailing zeros. */
const fiatText = (value: string) => new Decimal(value).toFixed(2);
const plainText = (value: string) => new Decimal(value).toFixed();

function summaryOf(order: OrderRow) {
  return {
    orderId: order.id,
    status: order.status as OrderStatus,
    transactionType: order.transactionType,
    fiatCurrency: order.fiatCurrency,
    fiatAmount: fiatText(order.fiatAmount),
    cryptoCurrency: order.cryptoCurrency,
    network: order.network,
    cryptoAmount: plainText(order.cryptoAmount),
    createdAt: order.createdAt.toISOString(),
    completedAt: order.completedAt?.toISOString() ?? null,
    failReason: (order.failReason as OrderFailReason | null) ?? null,
  };
}

/**
 * Whether the order's charge was refunded: it ended, not as a success, after the settlement's REFUND
 * step (settlement.ts; only a captured payment goes there, and from there only its refund ends it).
 */
async function wasRefunded(orders: OrdersRepository, order: OrderRow): Promise<boolean> {
  const status = order.status as OrderStatus;
  if (!isFinalOrderStatus(status) || status === 'SUCCESS' || status === 'BuySendSuccess') return false;
  return (await orders.events(order.id)).some((event) => event.step === 'REFUND');
}

function toDetail(order: OrderRow, card: OrderDetail['card'], refunded: boolean): OrderDetail {
  return {
    refunded,
    ...summaryOf(order),
    channelCode: order.channelCode as OrderDetail['channelCode'],
    paymentMethod: order.paymentMethod,
    price: plainText(order.price),
    fees: order.fees as QuoteFees,
    walletAddress: order.walletAddress,
    memo: order.memo,
    card,
    threeDsStatus: order.threeDsStatus as OrderDetail['threeDsStatus'],
    threeDsUrl: order.threeDsStatus === 'PENDING' ? order.threeDsUrl : null,
    txHash: order.txHash,
    updatedAt: order.updatedAt.toISOString(),
    deadlineAt: order.deadlineAt.toISOString(),
  };
}

export type OrderService = ReturnType<typeof createOrderService>;
