import {
  type AddCardRequest,
  type CardFieldsConfig,
  type CardFieldsSession,
  type addWalletRequestSchema,
  type Card,
  type checkAddressResultSchema,
  type CurrencyItem,
  type CurrencyPairItem,
  type FeatureSwitchItem,
  type GetQuoteRequest,
  type kycLimitsResultSchema,
  type ListCardResult,
  type OrderInfo,
  PATHS,
  type promotionResultSchema,
  type Quote,
  type SubmitBuyRequest,
  type SubmitBuyResult,
  type Wallet,
  type listWalletResultSchema,
} from '@causeway/contracts';
import type { z } from 'zod';
import type { HttpClient } from '@/lib/http-client';

// A shape is written once, in packages/contracts: its exported types are used as they are; only
// the answers it exports no type for are inferred here from their schemas.
export type { Card, CardFieldsConfig, CardFieldsSession, CurrencyItem, FeatureSwitchItem, Quote, SubmitBuyResult, Wallet };
export type CardList = ListCardResult;
export type AddCardBody = AddCardRequest;
export type QuoteBody = GetQuoteRequest;
export type CurrencyPair = CurrencyPairItem;
export type Promotion = z.infer<typeof promotionResultSchema>;
export type KycLimits = z.infer<typeof kycLimitsResultSchema>;
type WalletList = z.infer<typeof listWalletResultSchema>;
type AddWalletBody = z.input<typeof addWalletRequestSchema>;
type CheckAddressResult = z.infer<typeof checkAddressResultSchema>;

/** The card page trades on one channel with one method (spec §4 trade routing: card → the card page). */
export const CARD_CHANNEL = 'CHECKOUT';
export const CARD_PAYMENT_METHOD = 'CARD';
/** The web client's version for the feature switch (spec §9 feature version 1025). */
export const FEATURE_SWITCH_VERSION = 1025;

/**
 * The trade page's calls. None is silent: the spec §8 reactions (a dead session → sign-in,
 * GAT9000001 → services-unavailable) apply, and order and card paths never toast a message, so
 * the page shows its own words for their business errors. Wallet paths do toast (spec §8), so
 * the best-effort save of an address is silent.
 */
export function createTradeApi(client: HttpClient) {
  return {
    listCards: () => client.post<CardList>(PATHS.listCard, { channelCode: CARD_CHANNEL }),
    /** Where the card is typed: the processor's hosted fields (sandbox page, or Checkout.com Flow, its public key and environment). */
    cardFieldsConfig: () => client.get<CardFieldsConfig>(PATHS.cardFieldsConfig),
    /** A fresh session for the processor's card fields (Checkout.com Flow's Payment Session), one per card entry: never cached. */
    cardFieldsSession: () => client.post<CardFieldsSession>(PATHS.cardFieldsSession, {}),
    /** The processor's single-use token and the billing address: never a card number or CVV (they stay in the processor's fields). */
    addCard: (body: AddCardBody) => client.post<Card>(PATHS.addCard, body),
    deleteCard: (cardId: string) => client.post<null>(PATHS.deleteCard, { cardId }),
    getQuote: (body: QuoteBody, signal?: AbortSignal) => client.post<Quote>(PATHS.getQuote, body, { signal }),
    /** A fresh price for the same order and amounts; the old quote is superseded. */
    updateQuote: (orderId: string, quoteId: string, signal?: AbortSignal) => client.post<Quote>(PATHS.updateQuote, { orderId, quoteId }, { signal }),
    /** Idempotent by orderId: the same body answers the first answer. */
    submitBuy: (body: SubmitBuyRequest) => client.post<SubmitBuyResult>(PATHS.submitBuy, body),
    getPromotion: () => client.post<Promotion>(PATHS.getPromotion),
    listWallets: async (cryptoCurrency: string, network: string) => (await client.post<WalletList>(PATHS.listWallet, { cryptoCurrency, network })).list,
    addWallet: (body: AddWalletBody) => client.post<Wallet>(PATHS.addWallet, body, { silent: true }),
    /** The pairs of one fiat offered for card buys. */
    listPairs: (baseCurrency: string) =>
      client.get<CurrencyPair[]>(PATHS.listCurrencyPairByBaseCurrency, { query: { baseCurrency, channelCode: CARD_CHANNEL, transactionType: 'buy' } }),
    checkAddress: () => client.get<CheckAddressResult>(PATHS.kycCheckAddress),
    kycLimits: () => client.get<KycLimits>(PATHS.kycLimits),
    /**
     * The person's own amount range for a pair, before any quote: the pair's range cut to what their
     * limits leave (kyc/limit/query with the pair). Silent: without it the page shows the pair's range.
     */
    amountRange: async (pair: { fiatCurrency: string; cryptoCurrency: string; network: string }) =>
      (await client.get<KycLimits>(PATHS.kycLimits, { query: { ...pair, channelCode: CARD_CHANNEL }, silent: true })).amountRange ?? null,
    /** order/query-order/tranid: what a merchant's transaction buys, with the address the merchant set (ODR00001012 when it is not this person's). */
    transactionFor: (tranId: string) => client.get<OrderInfo>(PATHS.queryOrderByTranId, { query: { tranId } }),
    featureSwitch: (entry: string) => client.get<FeatureSwitchItem[]>(PATHS.featureSwitch, { query: { clientType: 'Web', entry, version: FEATURE_SWITCH_VERSION } }),
  };
}

export type TradeApi = ReturnType<typeof createTradeApi>;
