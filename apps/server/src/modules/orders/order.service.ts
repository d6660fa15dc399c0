import {
  type BankTransferInstructions,
  ErrorCode,
  HISTORY_MAX_RANGE_DAYS,
  isBankTransferChannel,
  type OrderBankTransfer,
  isFinalOrderStatus,
  type ListOrderRequest,
  maskSegments,
  type OrderDetail,
  type OrderFailReason,
  type OrderStatus,
  type OrderTravelRule,
  type QuoteFees,
  type SubmitAuthTokenRequest,
  type SubmitAuthTokenResult,
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
import {
  type KlarnaProvider,
  KlarnaRefusedError,
  type KlarnaSession,
  KlarnaTimeoutError,
  KlarnaUnavailableError,
} from '../../providers/klarna/index.ts';
import type { IdentityFace } from '../identity/index.ts';
import type { Principal } from '../identity/index.ts';
import type { Requester } from '../identity/index.ts';
import { checkDestination } from '../wallets/index.ts';
import { isExpired } from '../cards/index.ts';
import type { SavedCards } from '../cards/index.ts';
import type { MerchantTransactionService, TransactionRecords } from '../merchant/index.ts';
import type { OrderRow, OrdersRepository } from './orders.repository.ts';
import type { FirmQuote, QuoteService } from '../quotes/index.ts';
import { advanceJobKey, JOB_ADVANCE_ORDER, type Settlement } from './settlement.ts';
import { KLARNA_CHANNEL, KLARNA_PROCESSOR, klarnaCountryOf, klarnaPurchaseOf } from './klarna-payment.ts';
import { BALANCE_PROCESSOR, BANK_BUY_DEADLINE_MS } from './bank-payment.ts';
import { newBankReference } from '../banking/index.ts';
import { checkSecondFactor } from '../identity/index.ts';
import { type TravelRuleConfig, travelRuleOf } from '../../platform/travel-rule.ts';
import { depositOf } from './sell-deposit-view.ts';
import type { SellDepositsRepository } from './sell-deposits.repository.ts';

/** What bank-transfer buys need of banking (the banking module's face, and the ledger's balance). */
export interface BankTransfers {
  balanceOf(userId: string, currency: string): Promise<Decimal>;
  instructionsFor(user: Principal, currency: 'EUR' | 'GBP'): Promise<BankTransferInstructions>;
  receivedFor(orderId: string): Promise<string>;
}

/** docs/trust.md: every non-final card order (and Klarna order) ends by 24 h after submission. */
export const CARD_ORDER_DEADLINE_MS = 24 * 60 * 60 * 1000;
/** If the request dies between saving the order and authorising, the worker picks it up after this. */
const WATCHDOG_DELAY_MS = 15_000;
const DAY_MS = 24 * 60 * 60 * 1000;

type SubmitBuy = Omit<SubmitBuyRequest, 'channelCode' | 'paymentMethod'> & { channelCode: string; paymentMethod: string };
type SubmitAuthToken = Omit<SubmitAuthTokenRequest, 'channelCode'> & { channelCode: string };

/**
 * submit-buy's answer for the order as it stands. A Klarna buy's answer carries its session; the
 * client token and the sandbox widget's URL only in the answer that opened it (`session`), since
 * neither is stored.
 */
export const resultOf = (order: OrderRow, session?: KlarnaSession): SubmitBuyResult => ({
  orderId: order.id,
  status: order.status as OrderStatus,
  threeDsUrl: order.threeDsStatus === 'PENDING' ? order.threeDsUrl : null,
  failReason: (order.failReason as OrderFailReason | null) ?? null,
  ...(order.klarnaSessionId
    ? {
        klarna: {
          sessionId: order.klarnaSessionId,
          clientToken: session?.clientToken ?? null,
          widgetUrl: session?.widgetUrl ?? null,
        },
      }
    : {}),
});

/** Klarna did not answer, or answered an outage: nothing was decided, the same call may be sent again. */
const isKlarnaOutage = (error: unknown) => error instanceof KlarnaTimeoutError || error instanceof KlarnaUnavailableError;

/**
 * Card buys: submit (idempotent by order id, docs/trust.md), read one, list the history, and follow
 * a 3DS challenge. Money moves in settlement.ts; this file decides whether an order may start.
 */
export function createOrderService(deps: {
  orders: OrdersRepository;
  /** A sell's deposits, for its details. */
  deposits: SellDepositsRepository;
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
  /** The person's KYC status and tier (one read: submit-buy needs both), and their country of residence (a Klarna buy's). */
  kycOf: (userId: string) => Promise<{ kycStatus: string; kycLevel: number; country?: string | null } | undefined>;
  /** Whether the person took the risk steps: the warning agreed and, for an individual, the appropriateness test passed (risk's). */
  riskCleared: (person: Principal) => Promise<boolean>;
  /** Whether the person's card buys are paused (a card dispute of theirs is open: docs/rules/card-disputes.md). */
  cardBuysPausedFor?: (userId: string) => Promise<boolean>;
  /** GTR_ENABLED and TRAVEL_RULE_VASPS: whether an order is asked who holds the wallet. */
  travelRule: TravelRuleConfig;
  /** Klarna buys' sessions and orders (providers/klarna). */
  klarna: KlarnaProvider;
  /** Where the sandbox Klarna widget sends the person back, the widget's answer in its fragment (the web's klarna-callback page). */
  klarnaReturnUrl: (orderId: string, lang: string) => string;
  merchantTransactions: TransactionRecords;
  /** What a merchant's transaction fixed (amount, wallet, network), and its merchant. */
  transactionTerms: Pick<MerchantTransactionService, 'assertOrderFits'>;
  /** Bank-transfer buys: the balance that may pay them, where to send the money, what arrived (banking's). */
  bankTransfers?: BankTransfers;
}) {
  const { orders, clock } = deps;

  const bankTransfers = (): BankTransfers => {
    if (!deps.bankTransfers) throw new AppError(ErrorCode.PaymentMethodUnavailable, 'bank transfers are not set up here');
    return deps.bankTransfers;
  };

  async function fundingOf(userId: string, currency: string, amount: string): Promise<'BALANCE' | 'TRANSFER'> {
    return (await bankTransfers().balanceOf(userId, currency)).gte(amount) ? 'BALANCE' : 'TRANSFER';
  }

  /** A bank-transfer buy's payment for its page: the person's account, the order's own reference, what arrived. */
  async function bankTransferOf(user: Principal, order: OrderRow): Promise<OrderBankTransfer | null> {
    if (order.processor !== BALANCE_PROCESSOR || !order.bankReference) return null;
    const instructions = await bankTransfers().instructionsFor(user, order.fiatCurrency as 'EUR' | 'GBP');
    return {
      ...instructions,
      reference: order.bankReference,
      amount: fiatText(order.fiatAmount),
      received: fiatText(await bankTransfers().receivedFor(order.id)),
      funding: order.funding === 'BALANCE' ? 'BALANCE' : 'TRANSFER',
    };
  }

  async function ownOrder(user: Principal, orderId: string): Promise<OrderRow> {
    const order = await orders.findOrder(orderId);
    if (!order || order.userId !== user.id) throw new AppError(ErrorCode.OrderNotFound);
    return order;
  }

  /**
   * A Klarna buy's payment session, opened before the order is stored (its reference is the order id):
   * a session costs nothing and expires by itself, so one opened for a submit that fails after it is
   * left alone. Klarna's outage is PaymentMethodUnavailable (send the same submit again); its refusal
   * (a country or currency it does not sell in) TradingPairUnsupported.
   */
  async function openKlarnaSession(quote: FirmQuote, orderId: string, country: string, lang: string): Promise<KlarnaSession> {
    try {
      return await deps.klarna.createSession({
        ...klarnaPurchaseOf({ ...quote, id: orderId }, country),
        returnUrl: deps.klarnaReturnUrl(orderId, lang),
      });
    } catch (error) {
      if (isKlarnaOutage(error)) throw new AppError(ErrorCode.PaymentMethodUnavailable, 'Klarna is not answering: try again in a moment.');
      if (error instanceof KlarnaRefusedError)
        throw new AppError(
          ErrorCode.TradingPairUnsupported,
          `Klarna does not take this purchase (${error.errorCode}): pay by card instead.`,
        );
      throw error;
    }
  }

  async function startOrder(
    user: Principal,
    body: SubmitBuy,
    requestHash: string,
    requester: Requester,
  ): Promise<{ result: SubmitBuyResult; session?: KlarnaSession }> {
    const existing = await orders.findOrder(body.orderId);
    if (existing) {
      // The order keeps its body's hash: after the idempotency key's 24 h, another body is still refused.
      if (existing.userId !== user.id || (existing.requestHash !== null && existing.requestHash !== requestHash))
        throw new AppError(ErrorCode.IdempotencyKeyReused);
      return { result: resultOf(existing) };
    }
    const kyc = await deps.kycOf(user.id);
    if (user.accountStatus !== 'Active' || kyc?.kycStatus !== 'Pass') throw new AppError(ErrorCode.IdentityVerificationRequired);
    // The pages lead through the risk steps before the trade page; a direct call is refused the same (docs/rules/appropriateness.md).
    if (!(await deps.riskCleared(user))) throw new AppError(ErrorCode.RiskStepsRequired);
    const travelRule = travelRuleOf(deps.travelRule, body.travelRule);
    const quote = await deps.quotes.firmQuote(user, body.orderId, body.quoteId);
    if (quote.transactionType !== 'buy') throw new AppError(ErrorCode.QuoteNotCurrent, 'This quote is for a sell: ask for a buy quote.');
    if (body.cryptoCurrency && body.cryptoCurrency !== quote.cryptoCurrency)
      throw new AppError(ErrorCode.QuoteNotCurrent, 'The order names another crypto than its quote.');
    // A Klarna quote is paid with Klarna (no card), a bank-transfer quote from the balance, a card quote with a saved card.
    const klarna = quote.channelCode === KLARNA_CHANNEL;
    const bank = isBankTransferChannel(quote.channelCode);
    if (body.channelCode !== quote.channelCode)
      throw new AppError(ErrorCode.QuoteNotCurrent, `The order names the ${body.channelCode} channel, its quote ${quote.channelCode}.`);
    let card: Awaited<ReturnType<SavedCards['findLive']>> = undefined;
    if (!klarna && !bank) {
      if (!body.cardId) throw new AppError(ErrorCode.CardNotFound, 'A card buy names its saved card (cardId).');
      card = await deps.cards.findLive(user.id, body.cardId);
      if (!card || !card.enabled) throw new AppError(ErrorCode.CardNotFound);
      if (isExpired(card, clock.now())) throw new AppError(ErrorCode.CardExpired);
      if (await deps.cardBuysPausedFor?.(user.id)) throw new AppError(ErrorCode.CardBuysPausedByDispute);
    }
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
    const terms = quote.tranId ? await deps.transactionTerms.assertOrderFits(quote.tranId, { ...quote, destination }) : null;
    const merchantId = terms?.merchantId ?? null;
    await checkSecondFactor(deps.identity, user, body, requester);
    // The tier's room is read once, under the person's lock below.
    const pair = await deps.quotes.pairAndRate({ ...quote, transactionType: 'buy' });
    const limitAmount = pair.eurPerFiat.times(quote.fiatAmount);
    const session = klarna
      ? await openKlarnaSession(quote, body.orderId, klarnaCountryOf(kyc.country, quote.fiatCurrency), requester.lang)
      : undefined;
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
      // Read under the lock: a balance that covers the order pays it now; otherwise it waits for its own transfer.
      const funding = bank ? await fundingOf(user.id, quote.fiatCurrency, quote.fiatAmount) : null;
      const stored = await orders.insertOrder({
        id: body.orderId,
        userId: user.id,
        quoteId: quote.id,
        cardId: card?.id ?? null,
        // Buy-and-send: the merchant's transaction sends the crypto to its own wallet (fixed, checked above).
        transactionType: terms?.buySend ? 'BUY_SEND' : 'buy',
        channelCode: quote.channelCode,
        paymentMethod: quote.paymentMethod,
        status: 'OrderSubmitted',
        // A Klarna buy waits for the widget's answer (submit-auth-token); a card buy is authorised at once.
        step: klarna ? 'KLARNA_AUTH' : 'AUTHORIZE',
        klarnaSessionId: session?.sessionId ?? null,
        fiatCurrency: quote.fiatCurrency,
        fiatAmount: quote.fiatAmount,
        cryptoCurrency: quote.cryptoCurrency,
        network: quote.network,
        cryptoAmount: quote.cryptoAmount,
        price: quote.price,
        fees: quote.fees,
        walletAddress: destination.address,
        memo: destination.memo,
        travelRule,
        limitAmount: limitAmount.toFixed(2),
        merchantId,
        merchantTranId: quote.tranId,
        deviceSessionId: body.deviceSessionId ?? null,
        requestHash,
        // The card's processor (or Klarna, or the balance) holds the payment: the order is booked against it whatever CARD_PROCESSOR becomes.
        processor: bank ? BALANCE_PROCESSOR : (card?.processor ?? KLARNA_PROCESSOR),
        bankReference: bank ? newBankReference() : null,
        funding,
        createdAt: now,
        updatedAt: now,
        deadlineAt: new Date(now.getTime() + (bank ? BANK_BUY_DEADLINE_MS : CARD_ORDER_DEADLINE_MS)),
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
    return { result: resultOf((await orders.findOrder(body.orderId))!, session), ...(session ? { session } : {}) };
  }

  /**
   * submit-auth-token under its idempotency key: the person's own Klarna buy, waiting at KLARNA_AUTH for
   * the answer of its own session's widget. The token places the Klarna order (settlement.placeKlarnaOrder);
   * Klarna's silence or outage is PaymentMethodUnavailable, nothing decided: the page sends the same body again.
   */
  async function placeKlarnaOrder(user: Principal, body: SubmitAuthToken): Promise<SubmitAuthTokenResult> {
    const order = await ownOrder(user, body.orderId);
    if (order.channelCode !== KLARNA_CHANNEL || order.step !== 'KLARNA_AUTH' || order.paymentId)
      throw new AppError(ErrorCode.KlarnaAuthorizationNotExpected);
    if (clock.now() >= order.deadlineAt)
      throw new AppError(ErrorCode.KlarnaAuthorizationNotExpected, 'This order passed its deadline: it expires, nothing charged.');
    if (order.klarnaSessionId !== body.sessionId) throw new AppError(ErrorCode.KlarnaSessionMismatch);
    const kyc = body.authorizationToken ? await deps.kycOf(user.id) : undefined;
    try {
      await deps.settlement.placeKlarnaOrder(order, {
        sessionId: body.sessionId,
        authorizationToken: body.authorizationToken,
        country: klarnaCountryOf(kyc?.country, order.fiatCurrency),
      });
    } catch (error) {
      if (isKlarnaOutage(error))
        throw new AppError(ErrorCode.PaymentMethodUnavailable, 'Klarna is not answering: send the same authorization again.');
      throw error;
    }
    const after = (await orders.findOrder(order.id))!;
    return { orderId: after.id, status: after.status as OrderStatus, failReason: (after.failReason as OrderFailReason | null) ?? null };
  }

  return {
    /**
     * submit-buy: the same order id and body answer the first answer; a concurrent duplicate gets 409
     * (docs/trust.md). `requester` is who sent it: its address counts the authenticator code's check.
     */
    async submitBuy(user: Principal, body: SubmitBuy, requester: Requester): Promise<SubmitBuyResult> {
      // The order is known by its terms, not by the one-time code that allowed it: a retry with the
      // next code is the same order, and no hash of a code is stored (the order keeps this hash for good).
      const { otpCode: _code, otpType: _type, ...terms } = body;
      let opened: KlarnaSession | undefined;
      const answer = await deps.idempotency.run('submit-buy', body.orderId, user.id, terms, async (requestHash) => {
        const started = await startOrder(user, body, requestHash, requester);
        opened = started.session;
        // What is kept as the answer has no client token (never stored): a replay answers it null.
        return started.session ? { ...started.result, klarna: { ...started.result.klarna!, clientToken: null } } : started.result;
      });
      return opened && answer.klarna ? { ...answer, klarna: { ...answer.klarna, clientToken: opened.clientToken } } : answer;
    },

    /** submit-auth-token (a Klarna buy): the same order id and body answer the first answer (docs/trust.md). */
    submitAuthToken(user: Principal, body: SubmitAuthToken): Promise<SubmitAuthTokenResult> {
      return deps.idempotency.run('submit-auth-token', body.orderId, user.id, body, () => placeKlarnaOrder(user, body));
    },

    async detail(user: Principal, orderId: string): Promise<OrderDetail> {
      const order = await ownOrder(user, orderId);
      const deposit = order.transactionType === 'sell' ? depositOf(order, await deps.deposits.ofOrder(order.id)) : null;
      return {
        ...toDetail(order, await orderCard(deps.cards, order), await wasRefunded(orders, order), deposit),
        bankTransfer: await bankTransferOf(user, order),
      };
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

function toDetail(
  order: OrderRow,
  card: OrderDetail['card'],
  refunded: boolean,
  deposit: OrderDetail['deposit'],
): Omit<OrderDetail, 'bankTransfer'> {
  return {
    refunded,
    deposit,
    travelRule: (order.travelRule as OrderTravelRule | null) ?? null,
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
