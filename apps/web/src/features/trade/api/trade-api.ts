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
/** How a buy on the card page is paid: a saved card, or Klarna. */
export type PaymentMethod = 'CARD' | 'KLARNA';
/** The channel each payment method trades on. */
export const CHANNEL_OF: Record<PaymentMethod, ChannelCode> = { CARD: CARD_CHANNEL, KLARNA: KLARNA_CHANNEL };
/** The web client's version for the feature switch (docs/rules/limits.md feature version 1025). */
export const FEATURE_SWITCH_VERSION = 1025;

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
    /** The pairs of one fiat offered for card buys, or with 'sell' for card sells; with KLARNA_CHANNEL, for Klarna buys. */
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
