import { z } from 'zod';
import { isBankTransferChannel, orderBankTransferSchema } from './banking.ts';
import { ORDER_FAIL_REASONS, ORDER_STATUSES, THREE_DS_STATUSES } from './order-rules.ts';
import { channelCodeSchema, currencyCodeSchema, decimalStringSchema } from './reference.ts';

// The constants and checks of orders, apart from the schemas: the web app's pages load them without Zod.
export * from './order-rules.ts';

/**
 * Payment methods of docs/rules/entities.md an order may name (the Roma variants carry a product prefix), and
 * KLARNA (chosen: the spec names the KLARNA channel but no method for it), the method of the KLARNA channel.
 */
export const orderPaymentMethodSchema = z
  .string()
  .regex(
    /^(CARD|KLARNA|BANK_TRANSFER|ONLINE_BANKING|BUY_SEND|[A-Z_]+_ROMA(_CORPORATE)?)$/,
    'must be a payment method of the catalogue, e.g. CARD',
  );

/**
 * A client-generated UUID (docs/rules/entities.md persistence "default UUID ids"): the order's id and its
 * idempotency key. Lower-cased, as the database reads it back (iOS writes upper case).
 */
export const orderIdSchema = z.uuid('must be a UUID').transform((id) => id.toLowerCase());

const networkCode = z.string().regex(/^[A-Z0-9]{2,16}$/, 'must be a network code such as BTC or ETH');

/**
 * order/get-quote (v1 and v2) and the body update-quote reuses. Exactly one of fiatAmount and
 * cryptoAmount says how much: the person types either one. A buy charges the card fiatAmount for
 * cryptoAmount; a sell takes cryptoAmount (sent to an address made for the order) and pays
 * fiatAmount out to the card.
 */
export const getQuoteRequestSchema = z
  .object({
    orderId: orderIdSchema,
    channelCode: channelCodeSchema.default('CHECKOUT'),
    paymentMethod: orderPaymentMethodSchema.default('CARD'),
    transactionType: z.enum(['buy', 'sell']).default('buy'),
    fiatCurrency: currencyCodeSchema,
    cryptoCurrency: currencyCodeSchema,
    network: networkCode,
    fiatAmount: decimalStringSchema.optional(),
    cryptoAmount: decimalStringSchema.optional(),
    walletAddress: z.string().max(128).optional(),
    memo: z.string().max(64).optional(),
    /** The merchant's transaction this order fills (entry parameter tranId), if any. */
    tranId: z.string().min(1).max(64).optional(),
  })
  .refine((body) => (body.fiatAmount === undefined) !== (body.cryptoAmount === undefined), {
    message: 'give exactly one of fiatAmount and cryptoAmount',
    path: ['fiatAmount'],
  });
export type GetQuoteRequest = z.input<typeof getQuoteRequestSchema>;

/** order/update-quote: a fresh price for the same order and amounts (the old quote is superseded). */
export const updateQuoteRequestSchema = z.object({ orderId: orderIdSchema, quoteId: z.string().min(1).max(40) });

/** The itemised fee of a quote, in the fiat currency. total = ourFee + networkFee; the spread is inside the price. */
export const quoteFeesSchema = z.object({
  ourFee: decimalStringSchema.describe('our fee after any promotion'),
  ourFeeBeforeDiscount: decimalStringSchema,
  networkFee: decimalStringSchema.describe('what sending the crypto costs on its network'),
  spread: decimalStringSchema.describe('what the price adds to the reference price for this amount'),
  spreadRate: z.string().describe('e.g. "0.01" for 1%'),
  discount: decimalStringSchema.describe('what the promotion took off our fee'),
  total: decimalStringSchema.describe('ourFee + networkFee'),
});
export type QuoteFees = z.infer<typeof quoteFeesSchema>;

export const quoteSchema = z.object({
  quoteId: z.string(),
  orderId: z.string(),
  transactionType: z.enum(['buy', 'sell']),
  channelCode: channelCodeSchema,
  paymentMethod: z.string(),
  fiatCurrency: z.string(),
  cryptoCurrency: z.string(),
  network: z.string(),
  fiatAmount: decimalStringSchema.describe(
    'buy: what the card is charged, fees included; sell: what is paid out to the card, fees taken off',
  ),
  cryptoAmount: decimalStringSchema.describe('buy: what reaches the wallet; sell: what the person sends'),
  price: decimalStringSchema.describe('fiat per one crypto, spread included (above the reference price to buy, below it to sell)'),
  referencePrice: decimalStringSchema,
  fees: quoteFeesSchema,
  promotionApplied: z.boolean(),
  minAmount: decimalStringSchema.describe('pair and tier limits, in the fiat currency'),
  maxAmount: decimalStringSchema,
  expiresAt: z.string().describe('ISO time the quote stops being firm'),
  expiresInSeconds: z.number().int(),
});
export type Quote = z.infer<typeof quoteSchema>;

/**
 * order/submit-buy (docs/rules/calls.md). The order id is the idempotency key: the same body answers the first answer.
 * A card buy (channel CHECKOUT, the default) names its saved card; a Klarna buy (channelCode KLARNA, from a KLARNA
 * quote) names none: the person pays in Klarna's widget, then submit-auth-token.
 */
/**
 * The travel rule's question, asked when gtr-enabled is on: who holds the wallet the crypto goes to (a
 * buy) or comes from (a sell): the person themselves (SELF_HOSTED) or a VASP of list-vasp-info.
 */
export const travelRuleAnswerSchema = z.discriminatedUnion('walletType', [
  z.object({ walletType: z.literal('SELF_HOSTED') }),
  z.object({ walletType: z.literal('VASP'), vaspId: z.string().min(1).max(64) }),
]);
export type TravelRuleAnswer = z.infer<typeof travelRuleAnswerSchema>;

/** The travel-rule answer as an order keeps it, the VASP's name as it was when the order was made. */
export const orderTravelRuleSchema = z.object({
  walletType: z.enum(['SELF_HOSTED', 'VASP']),
  vaspId: z.string().nullable(),
  vaspName: z.string().nullable(),
});
export type OrderTravelRule = z.infer<typeof orderTravelRuleSchema>;

export const submitBuyRequestSchema = z
  .object({
    orderId: orderIdSchema,
    quoteId: z.string().min(1).max(40),
    cardId: z.string().min(1).max(40).optional(),
    channelCode: channelCodeSchema.default('CHECKOUT'),
    paymentMethod: orderPaymentMethodSchema.default('CARD'),
    otpCode: z
      .string()
      .regex(/^\d{6}$/, 'must be 6 digits')
      .optional(),
    otpType: z.enum(['GA_OTP']).optional(),
    deviceSessionId: z.string().max(128).optional(),
    merchantId: z.string().max(64).optional(),
    userId: z.string().max(64).optional(),
    cryptoCurrency: currencyCodeSchema.optional(),
    sessionId: z.string().max(128).optional(),
    walletAddress: z.string().max(128).optional(),
    memo: z.string().max(64).optional(),
    /** Required while gtr-enabled is on: who holds the wallet the crypto goes to. */
    travelRule: travelRuleAnswerSchema.optional(),
  })
  .refine((body) => body.channelCode === 'KLARNA' || isBankTransferChannel(body.channelCode) || body.cardId !== undefined, {
    message: 'a card buy names its saved card (cardId); only a Klarna buy (channelCode KLARNA) or a bank-transfer buy has none',
    path: ['cardId'],
  });
export type SubmitBuyRequest = z.input<typeof submitBuyRequestSchema>;

/**
 * A Klarna buy's payment session (chosen): the page opens Klarna's widget with it. `widgetUrl` is the
 * sandbox's own widget page (docs/sandbox.md "Klarna"), null for real Klarna, whose JS SDK takes
 * `clientToken`. The client token is given once, in the answer that opened the session: never stored,
 * so a replay of the same submit answers it null.
 */
export const klarnaSessionSchema = z.object({
  sessionId: z.string(),
  clientToken: z.string().nullable(),
  widgetUrl: z.string().nullable(),
});
export type KlarnaSessionInfo = z.infer<typeof klarnaSessionSchema>;

export const submitBuyResultSchema = z.object({
  orderId: z.string(),
  status: z.enum(ORDER_STATUSES),
  /** Present when the card's bank asks for a 3DS challenge: the 3ds route opens it. */
  threeDsUrl: z.string().nullable(),
  failReason: z.enum(ORDER_FAIL_REASONS).nullable(),
  /** A Klarna buy's session (absent or null for a card buy). */
  klarna: klarnaSessionSchema.nullable().optional(),
});
export type SubmitBuyResult = z.infer<typeof submitBuyResultSchema>;

/** Klarna's authorization tokens as the provider takes them (providers/klarna/klarna-purchase.ts): URL-safe, 8 to 128. */
const klarnaAuthorizationTokenSchema = z.string().regex(/^[A-Za-z0-9-]{8,128}$/, "must be Klarna's authorization_token");

/**
 * order/submit-auth-token (the spec's call): the answer of Klarna's widget for a Klarna buy at its
 * KLARNA_AUTH step. `authorizationToken` is the widget's authorization_token (approved=true), or empty
 * when the widget answered a final decline (approved=false, show_form=false): the order then fails with
 * KLARNA_DECLINED, nothing charged (chosen). Idempotent by orderId: the same body answers the first answer.
 */
export const submitAuthTokenRequestSchema = z.object({
  orderId: orderIdSchema,
  /** The order's Klarna session (submit-buy's `klarna.sessionId`). */
  sessionId: z.string().min(1).max(64),
  authorizationToken: z.union([z.literal(''), klarnaAuthorizationTokenSchema]),
  channelCode: z.literal('KLARNA').default('KLARNA'),
});
export type SubmitAuthTokenRequest = z.input<typeof submitAuthTokenRequestSchema>;

/**
 * The order after its authorization: PROCESSING (Klarna accepted it: settling), OrderSubmitted (Klarna's
 * fraud check is pending: get-detail follows it), or FAILED with KLARNA_DECLINED (order-submit-fail).
 */
export const submitAuthTokenResultSchema = z.object({
  orderId: z.string(),
  status: z.enum(ORDER_STATUSES),
  failReason: z.enum(ORDER_FAIL_REASONS).nullable(),
});
export type SubmitAuthTokenResult = z.infer<typeof submitAuthTokenResultSchema>;

/**
 * order/submit-sell (spec §7): sell the quote's crypto, paid out to a saved card. The order id is the
 * idempotency key, as for a buy. The answer carries the address made for this order: the person
 * sends exactly `deposit.amount` there before `deposit.expiresAt` (docs/rules/sell-deposits.md).
 */
export const submitSellRequestSchema = z
  .object({
    orderId: orderIdSchema,
    quoteId: z.string().min(1).max(40),
    /** The card the proceeds are paid to; a bank-transfer sell (a bank channel) has none: its proceeds go to the balance. */
    cardId: z.string().min(1).max(40).optional(),
    channelCode: channelCodeSchema.default('CHECKOUT'),
    paymentMethod: orderPaymentMethodSchema.default('CARD'),
    /** The spec's account the proceeds go to on a bank sell; a card sell names its card (cardId). Accepted, not used. */
    channelAccountId: z.string().max(64).optional(),
    /** The risk check the person passed before trading (risk-reminder), when the flow ran one. Accepted, not used. */
    checkId: z.string().max(64).optional(),
    otpCode: z
      .string()
      .regex(/^\d{6}$/, 'must be 6 digits')
      .optional(),
    otpType: z.enum(['GA_OTP']).optional(),
    /** Required while gtr-enabled is on: who holds the wallet the crypto comes from. */
    travelRule: travelRuleAnswerSchema.optional(),
  })
  .refine((body) => isBankTransferChannel(body.channelCode) || body.cardId !== undefined, {
    message: 'a card sell names the card it is paid to (cardId); only a bank-transfer sell has none',
    path: ['cardId'],
  });
export type SubmitSellRequest = z.input<typeof submitSellRequestSchema>;

/** Where a sell's crypto goes, and what has arrived there. */
export const sellDepositSchema = z.object({
  address: z.string(),
  /** The destination tag or memo the transfer must carry (XRP), else null. */
  memo: z.string().nullable(),
  network: z.string(),
  cryptoCurrency: z.string(),
  /** Exactly this much is sold at the quoted price. */
  amount: decimalStringSchema,
  /** A transfer first seen after this is not sold (it is returned, docs/rules/sell-deposits.md). */
  expiresAt: z.string(),
  /** Blocks on top of the transfer before it counts, on this network. */
  confirmationsRequired: z.number().int(),
  /** What arrived and was matched to the order, once something did. */
  receivedAmount: decimalStringSchema.nullable(),
  /** The newest transfer seen at the address and its confirmations, while it confirms. */
  confirmations: z.number().int().nullable(),
});
export type SellDeposit = z.infer<typeof sellDepositSchema>;

export const submitSellResultSchema = z.object({
  orderId: z.string(),
  status: z.enum(ORDER_STATUSES),
  failReason: z.enum(ORDER_FAIL_REASONS).nullable(),
  deposit: sellDepositSchema,
});
export type SubmitSellResult = z.infer<typeof submitSellResultSchema>;

export const orderIdRequestSchema = z.object({ orderId: orderIdSchema });

export const orderDetailSchema = z.object({
  orderId: z.string(),
  status: z.enum(ORDER_STATUSES),
  transactionType: z.string(),
  channelCode: channelCodeSchema,
  paymentMethod: z.string(),
  fiatCurrency: z.string(),
  fiatAmount: decimalStringSchema,
  cryptoCurrency: z.string(),
  network: z.string(),
  cryptoAmount: decimalStringSchema,
  price: decimalStringSchema,
  fees: quoteFeesSchema,
  walletAddress: z.string(),
  memo: z.string().nullable(),
  card: z.object({ cardId: z.string(), cardProcessor: z.string(), maskedNumber: z.string() }).nullable(),
  threeDsStatus: z.enum(THREE_DS_STATUSES),
  threeDsUrl: z.string().nullable(),
  failReason: z.enum(ORDER_FAIL_REASONS).nullable(),
  txHash: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  completedAt: z.string().nullable(),
  /** When the order gives up if it has not finished (docs/trust.md: card orders 24 h). */
  deadlineAt: z.string(),
  /**
   * The card was charged and the charge refunded (an order that failed or expired after its capture).
   * False on an order that ended without success otherwise: its card was never charged (declined, or
   * its authorisation voided).
   */
  refunded: z.boolean(),
  /** A sell's deposit address and what arrived; null on a buy. */
  deposit: sellDepositSchema.nullable(),
  /** Who holds the wallet (the travel rule's answer), when the order was asked it. */
  travelRule: orderTravelRuleSchema.nullable(),
  /** A bank-transfer buy's payment: where to send, its reference, what arrived; null otherwise. */
  bankTransfer: orderBankTransferSchema.nullable(),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

export const threeDsStatusResultSchema = z.object({
  orderId: z.string(),
  threeDsStatus: z.enum(THREE_DS_STATUSES),
  status: z.enum(ORDER_STATUSES),
  threeDsUrl: z.string().nullable(),
});

/** (chosen) order/list-order: the history page's filters; at most 365 days between from and to. */
export const listOrderRequestSchema = z.object({
  startTime: z.iso.datetime({ offset: true }),
  endTime: z.iso.datetime({ offset: true }),
  statuses: z.array(z.enum(ORDER_STATUSES)).max(ORDER_STATUSES.length).optional(),
  cryptoCurrency: currencyCodeSchema.optional(),
  transactionType: z.enum(['buy', 'sell']).optional(),
  pageNum: z.number().int().min(1).max(10_000).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
});
export type ListOrderRequest = z.input<typeof listOrderRequestSchema>;

export const orderSummarySchema = orderDetailSchema.pick({
  orderId: true,
  status: true,
  transactionType: true,
  fiatCurrency: true,
  fiatAmount: true,
  cryptoCurrency: true,
  network: true,
  cryptoAmount: true,
  createdAt: true,
  completedAt: true,
  failReason: true,
});
export const listOrderResultSchema = z.object({
  total: z.number().int(),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
  list: z.array(orderSummarySchema),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

/** get-promotion: the first-3-transactions discount and how much of it is left. */
export const promotionResultSchema = z.object({
  eligible: z.boolean(),
  discountRate: z.string(),
  remainingTransactions: z.number().int(),
  totalTransactions: z.number().int(),
});

/** get-estimated-arrival-time (docs/rules/limits.md: card funds 1-3 business days; crypto receipt about 1 hour). */
export const estimatedArrivalRequestSchema = z.object({
  cryptoCurrency: currencyCodeSchema,
  network: networkCode,
  paymentMethod: orderPaymentMethodSchema.default('CARD'),
});
export const estimatedArrivalResultSchema = z.object({
  minMinutes: z.number().int(),
  maxMinutes: z.number().int(),
  confirmations: z.number().int(),
});

/** GET common/get-trans-info and order/query-order/tranid: a merchant's transaction (docs/rules/entities.md order info). */
export const tranIdQuerySchema = z.object({ tranId: z.string().min(1).max(64) });

/**
 * (chosen) POST capi/v1/merchant/transaction/create, from the merchant's server: the transaction
 * its customer will fill. Every field is a string and the body is signed exactly like an entry
 * link (merchant-entry.ts): apiKey, timestamp (ms) and signature over canonicalEntryQuery of the rest.
 */
export const createMerchantTransactionSchema = z
  .object({
    apiKey: z.string().min(1).max(64),
    timestamp: z.string().regex(/^\d{10,16}$/, 'must be milliseconds since the epoch'),
    signature: z.string().regex(/^[0-9a-fA-F]{64}$/, 'must be a hex HMAC-SHA256'),
    tranId: z.string().regex(/^[\w.-]{1,64}$/, 'letters, digits, _, . and - only, at most 64'),
    /** buy: the person buys to their wallet (or the one the merchant set); BUY_SEND: to the merchant's own wallet (buy-and-send). */
    tranType: z.enum(['buy', 'BUY_SEND']),
    fiatCurrency: currencyCodeSchema,
    fiatAmount: decimalStringSchema.optional(),
    cryptoCurrency: currencyCodeSchema,
    network: networkCode.optional(),
    cryptoAmount: decimalStringSchema.optional(),
    walletAddress: z.string().max(128).optional(),
    memo: z.string().max(64).optional(),
    merchantUserId: z.string().max(64).optional(),
    country: z
      .string()
      .regex(/^[A-Z]{2}$/)
      .optional(),
    /**
     * What the merchant sets only as a prefill the person may change: `amount`, `wallet` (the address
     * with its network and memo), or both comma-separated. Signed like the other fields. Without it
     * both are fixed: a quote and an order on the tranId must match them (ODR00001015).
     */
    prefill: z
      .string()
      .regex(/^(amount|wallet)(,(amount|wallet))?$/, 'amount, wallet, or amount,wallet')
      .optional(),
  })
  .superRefine((body, context) => {
    const prefilled = new Set(body.prefill?.split(','));
    if (body.fiatAmount !== undefined && body.cryptoAmount !== undefined && !prefilled.has('amount')) {
      context.addIssue({
        code: 'custom',
        path: ['cryptoAmount'],
        message: 'a fixed amount is either fiatAmount or cryptoAmount, not both',
      });
    }
    if (body.walletAddress !== undefined && body.network === undefined)
      context.addIssue({ code: 'custom', path: ['network'], message: 'a walletAddress needs its network' });
    if (body.memo !== undefined && body.walletAddress === undefined)
      context.addIssue({ code: 'custom', path: ['memo'], message: 'a memo needs its walletAddress' });
    // Buy-and-send pays the merchant: its wallet and its amount are the point, so neither may be left to the person.
    if (body.tranType === 'BUY_SEND') {
      if (body.walletAddress === undefined)
        context.addIssue({ code: 'custom', path: ['walletAddress'], message: "a BUY_SEND transaction names the merchant's walletAddress" });
      if (body.fiatAmount === undefined && body.cryptoAmount === undefined)
        context.addIssue({ code: 'custom', path: ['fiatAmount'], message: 'a BUY_SEND transaction fixes fiatAmount or cryptoAmount' });
      if (prefilled.size > 0)
        context.addIssue({ code: 'custom', path: ['prefill'], message: 'a BUY_SEND transaction is all fixed: no prefill' });
    }
  });
export type CreateMerchantTransaction = z.infer<typeof createMerchantTransactionSchema>;
export const orderInfoSchema = z.object({
  orderId: z.string().nullable(),
  tranId: z.string(),
  /** BUY_SEND: buy-and-send, the crypto goes to the merchant's own wallet (the sendto-confirm page first). */
  tranType: z.enum(['buy', 'BUY_SEND']),
  fiatCurrency: z.string(),
  /** The merchant's amounts; once an order is paying it (Processing) or paid it (Success), that order's amounts. */
  fiatAmt: decimalStringSchema.nullable(),
  cryptoCurrency: z.string(),
  cryptoAmt: decimalStringSchema.nullable(),
  network: z.string().nullable(),
  userId: z.string().nullable(),
  country: z.string().nullable(),
  /** Initial, Processing, Success or Failed (docs/rules/order-states.md: the gating reads Initial and Failed). */
  status: z.string(),
  merchantName: z.string(),
  /** The merchant fixed the amount it set (fiatAmt or cryptoAmt): a quote is for exactly it (false when it is a prefill or unset). */
  amountFixed: z.boolean(),
  /** The merchant fixed where the crypto goes (address, network, memo): the order sends it there (false when a prefill or unset). */
  walletFixed: z.boolean(),
  /** Where the crypto goes, when the merchant set it: only in the signed-in answer (query-order/tranid), never in get-trans-info. */
  walletAddress: z.string().nullable(),
  memo: z.string().nullable(),
  /** docs/rules/entities.md order kycLoginFail: why a merchant's linked sign-in failed; null when it did not. */
  kycLoginFail: z.object({ kycLoginStatus: z.string(), merchantName: z.string() }).nullable(),
});
export type OrderInfo = z.infer<typeof orderInfoSchema>;
/**
 * What the merchant's server gets back from creating a transaction: its info and the orderToken its link
 * to the checkout carries, with which the person who signs in is linked to its customer (merchant-bind).
 */
export const createdMerchantTransactionSchema = orderInfoSchema.extend({ orderToken: z.string() });

/** Wallets (chosen paths under customer/wallet/): where bought crypto is sent. */
export const walletSchema = z.object({
  walletId: z.string(),
  cryptoCurrency: z.string(),
  network: z.string(),
  address: z.string(),
  memo: z.string().nullable(),
  label: z.string().nullable(),
  isDefault: z.boolean(),
  /** Who holds the wallet (manage-wallet's provider information): the person, or a VASP of list-vasp-info; null when not said. */
  holder: orderTravelRuleSchema.nullable(),
});
export type Wallet = z.infer<typeof walletSchema>;
export const listWalletResultSchema = z.object({ list: z.array(walletSchema) });
export const listWalletRequestSchema = z.object({ cryptoCurrency: currencyCodeSchema.optional(), network: networkCode.optional() });
export const addWalletRequestSchema = z.object({
  cryptoCurrency: currencyCodeSchema,
  network: networkCode,
  address: z.string().min(1).max(128),
  memo: z.string().max(64).optional(),
  label: z.string().trim().max(40).optional(),
  isDefault: z.boolean().default(false),
  /** Optional: who holds the wallet (self-hosted, or a VASP of list-vasp-info); it answers the travel rule's question for it. */
  holder: travelRuleAnswerSchema.optional(),
});
export const walletIdRequestSchema = z.object({ walletId: z.string().min(1).max(40) });
