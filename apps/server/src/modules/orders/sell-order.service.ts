import {
  ErrorCode,
  isBankTransferChannel,
  type OrderFailReason,
  type OrderStatus,
  type SubmitSellRequest,
  type SubmitSellResult,
} from '@causeway/contracts';
import type { JobQueueRepository } from '../../jobs/job-queue.repository.ts';
import { AppError } from '../../platform/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Idempotency } from '../../platform/idempotency.ts';
import type { RunInTransaction } from '../../platform/transaction.ts';
import { ChainRefusedError, type ChainProvider, ChainUnavailableError, type DepositAddress } from '../../providers/chain/chain.ts';
import { isExpired, type SavedCards } from '../cards/index.ts';
import { suspendedUntil, type IdentityFace, type Principal, type Requester } from '../identity/index.ts';
import type { QuoteService } from '../quotes/index.ts';
import { CARD_ORDER_DEADLINE_MS } from './order.service.ts';
import { BALANCE_PROCESSOR } from './bank-payment.ts';
import { checkSecondFactor } from '../identity/index.ts';
import { type TravelRuleConfig, travelRuleOf } from '../../platform/travel-rule.ts';
import type { OrderRow, OrdersRepository } from './orders.repository.ts';
import type { SellDepositsRepository } from './sell-deposits.repository.ts';
import { depositOf } from './sell-deposit-view.ts';
import { advanceSellJobKey, JOB_ADVANCE_SELL } from './sell-settlement.ts';

type SubmitSell = Omit<SubmitSellRequest, 'channelCode' | 'paymentMethod'> & { channelCode: string; paymentMethod: string };

/**
 * submit-sell: the checks a sell must pass before it starts (verification, the 24-hour pause after a
 * security change, a firm sell quote, a live card, the authenticator, the tier's room), then the
 * order with the deposit address made for it. The money moves in sell-settlement.ts.
 */
export function createSellOrderService(deps: {
  orders: OrdersRepository;
  deposits: SellDepositsRepository;
  cards: SavedCards;
  quotes: QuoteService;
  chain: ChainProvider;
  queue: JobQueueRepository;
  transaction: RunInTransaction;
  idempotency: Idempotency;
  identity: IdentityFace;
  clock: Clock;
  kycOf: (userId: string) => Promise<{ kycStatus: string; kycLevel: number } | undefined>;
  /** Whether the person took the risk steps (risk's; docs/rules/appropriateness.md). */
  riskCleared: (person: Principal) => Promise<boolean>;
  chainConfirmPollMs: number;
  /** GTR_ENABLED and TRAVEL_RULE_VASPS: whether a sell is asked who holds the wallet the crypto comes from. */
  travelRule: TravelRuleConfig;
}) {
  const { orders, clock } = deps;

  const resultOf = async (order: OrderRow): Promise<SubmitSellResult> => ({
    orderId: order.id,
    status: order.status as OrderStatus,
    failReason: (order.failReason as OrderFailReason | null) ?? null,
    deposit: depositOf(order, await deps.deposits.ofOrder(order.id)),
  });

  /** The address made for this order on its network (the same one on a retry: the provider keys it by the order id). */
  async function depositAddressFor(orderId: string, asset: string, network: string): Promise<DepositAddress> {
    try {
      return await deps.chain.createDepositAddress({ reference: orderId, asset, network });
    } catch (error) {
      if (error instanceof ChainUnavailableError) throw new AppError(ErrorCode.DepositAddressUnavailable);
      if (error instanceof ChainRefusedError)
        throw new AppError(ErrorCode.TradingPairUnsupported, `${asset} on ${network} cannot be received`);
      throw error;
    }
  }

  async function startSell(user: Principal, body: SubmitSell, requestHash: string, requester: Requester): Promise<SubmitSellResult> {
    const existing = await orders.findOrder(body.orderId);
    if (existing) {
      if (existing.userId !== user.id || (existing.requestHash !== null && existing.requestHash !== requestHash))
        throw new AppError(ErrorCode.IdempotencyKeyReused);
      return resultOf(existing);
    }
    const kyc = await deps.kycOf(user.id);
    if (user.accountStatus !== 'Active' || kyc?.kycStatus !== 'Pass') throw new AppError(ErrorCode.IdentityVerificationRequired);
    if (!(await deps.riskCleared(user))) throw new AppError(ErrorCode.RiskStepsRequired);
    const travelRule = travelRuleOf(deps.travelRule, body.travelRule);
    const suspended = suspendedUntil(user, clock.now());
    if (suspended)
      throw new AppError(ErrorCode.SellSuspended, 'Selling is paused for 24 hours after a security change.', {
        until: suspended.toISOString(),
      });
    const quote = await deps.quotes.firmQuote(user, body.orderId, body.quoteId);
    if (quote.transactionType !== 'sell') throw new AppError(ErrorCode.QuoteNotCurrent, 'This quote is for a buy: ask for a sell quote.');
    // A card sell is paid to its card; a bank-transfer sell (a bank channel) into the balance, with no card.
    const bank = isBankTransferChannel(quote.channelCode);
    if (body.channelCode !== quote.channelCode)
      throw new AppError(ErrorCode.QuoteNotCurrent, `The order names the ${body.channelCode} channel, its quote ${quote.channelCode}.`);
    const card = bank ? undefined : await deps.cards.findLive(user.id, body.cardId ?? '');
    if (!bank) {
      if (!card || !card.enabled) throw new AppError(ErrorCode.CardNotFound);
      if (isExpired(card, clock.now())) throw new AppError(ErrorCode.CardExpired);
    }
    await checkSecondFactor(deps.identity, user, body, requester, 'selling');
    const pair = await deps.quotes.pairAndRate({ ...quote, transactionType: 'sell' });
    const limitAmount = pair.eurPerFiat.times(quote.fiatAmount);
    const deposit = await depositAddressFor(body.orderId, quote.cryptoCurrency, quote.network);

    const now = clock.now();
    const order = await deps.transaction(async () => {
      // Under the person's lock: another order may have used the tier's room or the promotion since the quote.
      await orders.lockOrdersOf(user.id);
      const { room, promotion } = await deps.quotes.tierRoomAndPromotion(user.id, kyc.kycLevel);
      if (limitAmount.gt(room)) throw deps.quotes.roomExceeded(pair, room, quote.fiatCurrency, 2);
      if (quote.promotionApplied && !promotion.eligible)
        throw new AppError(ErrorCode.QuoteNotCurrent, 'The first-transactions discount of this quote is used up: refresh the quote.');
      const stored = await orders.insertOrder({
        id: body.orderId,
        userId: user.id,
        quoteId: quote.id,
        cardId: card?.id ?? null,
        transactionType: 'sell',
        channelCode: quote.channelCode,
        paymentMethod: quote.paymentMethod,
        status: 'OrderSubmitted',
        step: 'AWAIT_DEPOSIT',
        fiatCurrency: quote.fiatCurrency,
        fiatAmount: quote.fiatAmount,
        cryptoCurrency: quote.cryptoCurrency,
        network: quote.network,
        cryptoAmount: quote.cryptoAmount,
        price: quote.price,
        fees: quote.fees,
        // Where the crypto goes: for a sell, the address made for this order.
        walletAddress: deposit.address,
        memo: deposit.memo,
        travelRule,
        limitAmount: limitAmount.toFixed(2),
        requestHash,
        // The card's processor pays it out (the order is booked against it whatever CARD_PROCESSOR becomes), or the balance takes it.
        processor: card?.processor ?? BALANCE_PROCESSOR,
        createdAt: now,
        updatedAt: now,
        deadlineAt: new Date(now.getTime() + CARD_ORDER_DEADLINE_MS),
      });
      await deps.queue.enqueue({
        kind: JOB_ADVANCE_SELL,
        payload: { orderId: body.orderId },
        runAt: new Date(now.getTime() + deps.chainConfirmPollMs),
        dedupeKey: advanceSellJobKey(body.orderId),
      });
      return stored;
    });
    return resultOf(order);
  }

  return {
    /** submit-sell: idempotent by order id like submit-buy; the code that allowed it is not part of its terms. */
    submitSell(user: Principal, body: SubmitSell, requester: Requester): Promise<SubmitSellResult> {
      const { otpCode: _code, otpType: _type, ...terms } = body;
      return deps.idempotency.run('submit-sell', body.orderId, user.id, terms, (requestHash) =>
        startSell(user, body, requestHash, requester),
      );
    },
  };
}

export type SellOrderService = ReturnType<typeof createSellOrderService>;
