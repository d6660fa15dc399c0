import {
  type AddCardRequest,
  type CardFieldsConfig,
  type CardFieldsSession,
  type ChannelCode,
  type addWalletRequestSchema,
  type Card,
  type CurrencyItem,
  type KlarnaSessionInfo,
  type CurrencyPairItem,
  type FeatureSwitchItem,
  type GetQuoteRequest,
  type kycLimitsResultSchema,
  type ListCardResult,
  CALL_ROUTES,
  type promotionResultSchema,
  type Quote,
  type SubmitBuyRequest,
  type SubmitAuthTokenRequest,
  type SubmitAuthTokenResult,
  type SubmitBuyResult,
  type SubmitSellRequest,
  type SubmitSellResult,
  type Wallet,
} from '@causeway/contracts';
import type { z } from 'zod';
import type { HttpClient } from '@/lib/http-client';
import { FEATURE_SWITCH_VERSION } from '@/lib/feature-switches';

// A shape is written once, in packages/contracts: its exported types are used as they are; only
// the answers it exports no type for are inferred here from their schemas.
export type {
  Card,
  CardFieldsConfig,
  CardFieldsSession,
  CurrencyItem,
  FeatureSwitchItem,
  KlarnaSessionInfo,
  Quote,
  SubmitAuthTokenRequest,
  SubmitAuthTokenResult,
  SubmitBuyResult,
  SubmitSellResult,
  Wallet,
};
export type CardList = ListCardResult;
export type AddCardBody = AddCardRequest;
export type QuoteBody = GetQuoteRequest;
export type CurrencyPair = CurrencyPairItem;
export type Promotion = z.infer<typeof promotionResultSchema>;
export type KycLimits = z.infer<typeof kycLimitsResultSchema>;
export type AddWalletBody = z.input<typeof addWalletRequestSchema>;

/** The card page trades on one channel with one method (docs/rules/order-states.md trade routing: card → the card page). */
export const CARD_CHANNEL: ChannelCode = 'CHECKOUT';
export const CARD_PAYMENT_METHOD = 'CARD';
/** A buy paid later with Klarna (docs/rules/order-states.md "Klarna"): its own channel and method, EUR and GBP. */
export const KLARNA_CHANNEL: ChannelCode = 'KLARNA';
export const KLARNA_PAYMENT_METHOD = 'KLARNA';
/** How a buy is paid: a saved card or Klarna (the card page), or a bank transfer (banktransfer-buy). */
export type PaymentMethod = 'CARD' | 'KLARNA' | 'BANK_TRANSFER';
/**
 * The bank channel of each currency a bank transfer is paid in (docs/rules/bank-transfers.md): SEPA for EUR,
 * Faster Payments for GBP. Written here, not imported: the contracts' list sits beside its zod schemas,
 * and no page loads Zod (issue 16).
 */
export const BANK_CHANNEL_OF: Readonly<Record<string, ChannelCode>> = { EUR: 'CLEAR_JUNCTION', GBP: 'CLEAR_JUNCTION_FPS' };
/** The channel a payment method trades on; a bank transfer's depends on the currency (`fiat`). */
export function channelOf(method: PaymentMethod, fiat: string): ChannelCode {
  if (method === 'BANK_TRANSFER') return BANK_CHANNEL_OF[fiat] ?? 'CLEAR_JUNCTION';
  return method === 'KLARNA' ? KLARNA_CHANNEL : CARD_CHANNEL;
}

/**
 * The trade page's calls. None is silent: the docs/rules/errors.md reactions (a dead session → sign-in,
 * GAT9000001 → services-unavailable) apply, and order and card paths never toast a message, so
 * the page shows its own words for their business errors. Wallet paths do toast (docs/rules/errors.md), so
 * the best-effort save of an address is silent.
 */
export function createTradeApi(client: HttpClient) {
  return {
    listCards: () => client.call(CALL_ROUTES.listCard, { channelCode: CARD_CHANNEL }),
    /** Where the card is typed: the processor's hosted fields (sandbox page, or Checkout.com Flow, its public key and environment). */
    cardFieldsConfig: () => client.call(CALL_ROUTES.cardFieldsConfig),
    /** A fresh session for the processor's card fields (Checkout.com Flow's Payment Session), one per card entry: never cached. */
    cardFieldsSession: () => client.call(CALL_ROUTES.cardFieldsSession, {}),
    /** The processor's single-use token and the billing address: never a card number or CVV (they stay in the processor's fields). */
    addCard: (body: AddCardBody) => client.call(CALL_ROUTES.addCard, body),
    deleteCard: (cardId: string) => client.call(CALL_ROUTES.deleteCard, { cardId }),
    getQuote: (body: QuoteBody, signal?: AbortSignal) => client.call(CALL_ROUTES.getQuote, body, { signal }),
    /** A fresh price for the same order and amounts; the old quote is superseded. */
    updateQuote: (orderId: string, quoteId: string, signal?: AbortSignal) =>
      client.call(CALL_ROUTES.updateQuote, { orderId, quoteId }, { signal }),
    /** Idempotent by orderId: the same body answers the first answer. */
    submitBuy: (body: SubmitBuyRequest) => client.call(CALL_ROUTES.submitBuy, body),
    /**
     * A Klarna buy's answer from Klarna's widget (its authorization token, or '' for its final decline).
     * Idempotent by orderId: the same body sent again answers the first answer.
     */
    submitAuthToken: (body: SubmitAuthTokenRequest) => client.call(CALL_ROUTES.submitAuthToken, body),
    /** Idempotent by orderId like submit-buy: answers the address the crypto is sent to (docs/rules/sell-deposits.md). */
    submitSell: (body: SubmitSellRequest) => client.call(CALL_ROUTES.submitSell, body),
    getPromotion: () => client.call(CALL_ROUTES.getPromotion),
    listWallets: async (cryptoCurrency: string, network: string) =>
      (await client.call(CALL_ROUTES.listWallet, { cryptoCurrency, network })).list,
    addWallet: (body: AddWalletBody) => client.call(CALL_ROUTES.addWallet, body, { silent: true }),
    /** Every saved address, of every coin and network, the defaults first (manage-wallet). */
    listAllWallets: async () => (await client.call(CALL_ROUTES.listWallet, {})).list,
    /** Not silent: a refusal is toasted by the client (wallet paths, docs/rules/errors.md), a dead session leads to sign-in. */
    deleteWallet: (walletId: string) => client.call(CALL_ROUTES.deleteWallet, { walletId }),
    setDefaultWallet: (walletId: string) => client.call(CALL_ROUTES.setDefaultWallet, { walletId }),
    /**
     * The person's trading-account balances (balance/list), which pay a bank-transfer buy and take a bank
     * sell's proceeds. Silent: without it the bank-transfer pages only leave the balance out.
     */
    listBalances: async (signal?: AbortSignal) =>
      (await client.call(CALL_ROUTES.listBalance, undefined, { silent: true, signal })).balances,
    /** The pairs of one fiat offered for card buys, or with 'sell' for card sells; with another channel (Klarna, a bank), for that channel. */
    listPairs: (baseCurrency: string, transactionType: 'buy' | 'sell' = 'buy', channelCode: ChannelCode = CARD_CHANNEL) =>
      client.call(CALL_ROUTES.listCurrencyPairByBaseCurrency, { baseCurrency, channelCode, transactionType }),
    checkAddress: () => client.call(CALL_ROUTES.kycCheckAddress),
    /** Whether orders are asked who holds the wallet (the travel rule), and the VASPs one may name. */
    gtrEnabled: async () => (await client.call(CALL_ROUTES.gtrEnabled)).enabled,
    listVasps: async () => (await client.call(CALL_ROUTES.listVaspInfo)).list,
    kycLimits: () => client.call(CALL_ROUTES.kycLimits),
    /**
     * The person's own amount range for a pair, before any quote: the pair's range cut to what their
     * limits leave (kyc/limit/query with the pair). Silent: without it the page shows the pair's range.
     */
    amountRange: async (pair: { fiatCurrency: string; cryptoCurrency: string; network: string }, channelCode: ChannelCode = CARD_CHANNEL) =>
      (await client.call(CALL_ROUTES.kycLimits, { ...pair, channelCode }, { silent: true })).amountRange ?? null,
    /** order/query-order/tranid: what a merchant's transaction buys, with the address the merchant set (ODR00001012 when it is not this person's). */
    transactionFor: (tranId: string) => client.call(CALL_ROUTES.queryOrderByTranId, { tranId }),
    featureSwitch: (entry: string) => client.call(CALL_ROUTES.featureSwitch, { clientType: 'Web', entry, version: FEATURE_SWITCH_VERSION }),
  };
}

export type TradeApi = ReturnType<typeof createTradeApi>;
